import { CHANGES_PER_PAGE, historyMessages } from "../../../domain/datadesk/history";
import type { PublishedChangesAnswer, RecordHistoryAnswer } from "../../../domain/api/history";
import type { RecordKind } from "../../../domain/datadesk/record-kinds";
import { OPEN_DATA_LICENSE } from "../../../domain/opendata/documents";
import type { Database } from "../../db/database";
import { pageMeta, type Page } from "../../http/paging";
import { recordName, recordStateId, toPublishedChange } from "./history-entries";
import {
  currentGeneration,
  findPublishedChanges,
  findRecord,
  stateNames,
  type StateName,
} from "./history-store";

// The public history's answers, made once for the API (routes.ts) and for the history pages rendered on
// the server (the pages' load context, src/web/app/datasets.ts): the same rows, the same words.

export interface ChangesQuery {
  /** A state by its id ("25"), already checked against the 37. */
  state: StateName | null;
  kind: RecordKind | null;
  page: Page;
}

export async function changesAnswer(
  db: Database,
  publicUrl: string,
  query: ChangesQuery,
  states?: readonly StateName[],
): Promise<PublishedChangesAnswer> {
  const { state, kind, page } = query;
  const known = states ?? (await stateNames(db));
  const [generation, found] = await Promise.all([
    currentGeneration(db),
    findPublishedChanges(
      db,
      { kind, state: state ? { id: String(state.id), name: state.state } : null },
      page,
    ),
  ]);
  const stateIds = new Map(known.map((one) => [one.state, one.id]));
  const entries = found.rows.map((row) => toPublishedChange(row, publicUrl, stateIds));
  return {
    success: true,
    title: historyMessages.feedTitle,
    license: OPEN_DATA_LICENSE,
    filters: { state: state ? String(state.id) : null, kind },
    generation,
    meta: pageMeta(found.total, page),
    count: entries.length,
    data: entries,
  };
}

/** One record's history, or null when there is no such record. */
export async function recordHistoryAnswer(
  db: Database,
  publicUrl: string,
  kind: RecordKind,
  id: string,
  page: Page,
): Promise<RecordHistoryAnswer | null> {
  const record = await findRecord(db, kind, id);
  if (!record) return null;
  const [generation, states, found] = await Promise.all([
    currentGeneration(db),
    stateNames(db),
    findPublishedChanges(db, { kind: null, state: null, record: { kind, id } }, page),
  ]);
  const stateIds = new Map(states.map((known) => [known.state, known.id]));
  const entries = found.rows.map((row) => toPublishedChange(row, publicUrl, stateIds));
  return {
    success: true,
    kind,
    record_id: id,
    record_name: recordName(kind, id, record.data),
    state_id: recordStateId(kind, id, record.data, stateIds),
    first_published: record.firstPublished?.toISOString() ?? null,
    generation,
    meta: pageMeta(found.total, page),
    count: entries.length,
    data: entries,
  };
}

/** What the history pages read when they are rendered on the server (PageHistoryReader of the web app). */
export interface HistoryReader {
  changes(filter: {
    stateId: string | null;
    kind: RecordKind | null;
    page: number;
  }): Promise<PublishedChangesAnswer>;
  record(kind: "state" | "school", id: string, page: number): Promise<RecordHistoryAnswer | null>;
}

export function historyReader(db: Database, publicUrl: string): HistoryReader {
  const page = (number: number): Page => ({ number, size: CHANGES_PER_PAGE });
  return {
    async changes(filter) {
      const states = await stateNames(db);
      const state = states.find((one) => String(one.id) === filter.stateId) ?? null;
      return changesAnswer(db, publicUrl, { state, kind: filter.kind, page: page(filter.page) }, states);
    },
    record: (kind, id, number) => recordHistoryAnswer(db, publicUrl, kind, id, page(number)),
  };
}
