import type { PublishedChangesAnswer, RecordHistoryAnswer } from "../../../domain/api/history";
import { apiRoute, request } from "../../lib/api-client";
import type { ChangesFilter } from "./history-query";

// The public history's calls. Anyone may read it: no token is sent, so a stale session never
// signs a visitor out here.

export type {
  PublishedChangesAnswer,
  RecordHistoryAnswer,
  PublishedChange,
} from "../../../domain/api/history";

const changesJson = apiRoute("history.changesJson", "GET", "/api/v1/open/changes.json");
const recordHistory = apiRoute("history.recordHistory", "GET", "/api/v1/open/history/:kind/:id");

export function fetchChanges(filter: ChangesFilter, signal?: AbortSignal): Promise<PublishedChangesAnswer> {
  return request(changesJson, {
    query: {
      state: filter.stateId ?? undefined,
      kind: filter.kind ?? undefined,
      page: filter.page > 1 ? String(filter.page) : undefined,
    },
    signal,
    anonymous: true,
  });
}

export function fetchRecordHistory(
  kind: "state" | "school",
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<RecordHistoryAnswer> {
  return request(recordHistory, {
    params: { kind, id },
    query: { page: page > 1 ? String(page) : undefined },
    signal,
    anonymous: true,
  });
}
