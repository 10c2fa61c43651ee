import type { RecordKind } from "../../domain/datadesk/record-kinds";
import type { Country, Estimates, School, StateRecord } from "../../domain/datasets/schemas";
import type { RecordFieldSources } from "../../domain/field-sources";

// What the public pages and the open-data downloads read: the data as published now. One interface, so
// the pages' renderer and the downloads never know whether it came from the database or (in unit tests
// of a page) from data/*.json.

export interface PublishedData {
  /** Raised by every publication; pages rendered from an older generation are stale. */
  generation: number;
  /** The 37 states, in the order of data/states.json (by id). */
  states: StateRecord[];
  /** The schools of the directory (open ones), by id. */
  schools: School[];
  /** Closed schools: kept in open data (marked closed) and in history, hidden from the directory. */
  closedSchools: School[];
  /** Merged schools: the old id → the id of the school it lives in now (a chain of merges followed). */
  mergedSchools: Record<string, string>;
  /** Each field's source from the latest published change that touched it, by kind and record id. */
  fieldSources: { state: RecordFieldSources; school: RecordFieldSources };
  country: Country;
  estimates: Estimates;
  /** When each record was last checked (ISO date-time), by kind and id. */
  checkedAt: Record<RecordKind, Record<string, string>>;
}

export interface PublishedDataSource {
  /** The data as published now: kept in memory until the generation moves. */
  current(): Promise<PublishedData>;
  /** Called once the generation moved, on this instance or another; returns the unsubscribe. */
  onChange(listener: (generation: number) => void): () => void;
  close(): Promise<void>;
}
