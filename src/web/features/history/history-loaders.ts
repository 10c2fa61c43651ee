import { ApiError } from "../../lib/api-client";
import {
  fetchChanges,
  fetchRecordHistory,
  type PublishedChangesAnswer,
  type RecordHistoryAnswer,
} from "./history-api";
import { changesFilterFrom, type ChangesFilter } from "./history-query";

// What the history routes load before they show (their clientLoader today; their server loader once public
// pages are rendered on the server). A record that does not exist is a 404 Response (the route's "No such
// page"); any other failure is thrown as it is (the route's "could not be loaded", with Try again).

export interface ChangesData {
  answer: PublishedChangesAnswer;
  filter: ChangesFilter;
}

export async function loadChanges(url: URL, signal?: AbortSignal): Promise<ChangesData> {
  const filter = changesFilterFrom(url.searchParams);
  return { answer: await fetchChanges(filter, signal), filter };
}

/** Ids are numbers: anything else is no record, and is not asked for. */
export async function loadRecordHistory(
  kind: "state" | "school",
  id: string,
  url: URL,
  signal?: AbortSignal,
): Promise<RecordHistoryAnswer> {
  if (!/^\d{1,9}$/.test(id)) throw notFound();
  const page = url.searchParams.get("page") ?? "";
  try {
    return await fetchRecordHistory(
      kind,
      id,
      /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
      signal,
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

function notFound(): Response {
  return new Response("Not found", { status: 404 });
}
