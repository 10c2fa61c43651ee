import { ApiError } from "../../lib/api-client";
import {
  fetchChanges,
  fetchRecordHistory,
  type PublishedChangesAnswer,
  type RecordHistoryAnswer,
} from "./history-api";
import { changesFilterFrom, type ChangesFilter } from "./history-query";

// What the history routes' loaders load, on the server (decision record 0019): from the database through
// the load context's history reader; under `react-router dev`, which has no such context, from the open-data
// API. A record that does not exist is a 404 Response (the route's "No such page"); any other failure is
// thrown as it is (the route's "could not be loaded", with Try again).

/** The reader of the server's load context (src/web/app/datasets.ts's PageHistoryReader). */
export interface HistorySource {
  changes(filter: ChangesFilter): Promise<PublishedChangesAnswer>;
  record(kind: "state" | "school", id: string, page: number): Promise<RecordHistoryAnswer | null>;
}

export interface ChangesData {
  answer: PublishedChangesAnswer;
  filter: ChangesFilter;
}

export async function loadChanges(
  url: URL,
  source: HistorySource | undefined,
  signal?: AbortSignal,
): Promise<ChangesData> {
  const filter = changesFilterFrom(url.searchParams);
  const answer = source ? await source.changes(filter) : await fetchChanges(filter, signal);
  return { answer, filter };
}

/** Ids are numbers: anything else is no record, and is not asked for. */
export async function loadRecordHistory(
  kind: "state" | "school",
  id: string,
  url: URL,
  source: HistorySource | undefined,
  signal?: AbortSignal,
): Promise<RecordHistoryAnswer> {
  if (!/^\d{1,9}$/.test(id)) throw notFound();
  const search = url.searchParams.get("page") ?? "";
  const page = /^\d{1,6}$/.test(search) && Number(search) >= 1 ? Number(search) : 1;
  if (source) {
    const answer = await source.record(kind, id, page);
    if (!answer) throw notFound();
    return answer;
  }
  try {
    return await fetchRecordHistory(kind, id, page, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

function notFound(): Response {
  return new Response("Not found", { status: 404 });
}
