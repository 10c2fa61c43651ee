import type { School } from "../../../domain/datasets/schemas";
import { fetchPublished } from "../../lib/fetch-published";

// The school list is about 200 KB, so it is fetched from the server (as published then) only when the
// directory is opened, and then kept for the rest of the visit. A failed load is forgotten so that Retry
// fetches again.

let pending: Promise<School[]> | null = null;
let loaded: School[] | null = null;

export function loadSchools(): Promise<School[]> {
  pending ??= fetchPublished("schools").then(
    (list) => {
      // Checked against schoolSchema by the server's source; parsing here would add zod to the chunk.
      loaded = list as School[];
      return loaded;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** The list when it has already arrived, so a reopened directory shows it without a loading flash. */
export function loadedSchools(): School[] | null {
  return loaded;
}
