import type { AppLoadContext } from "react-router";
import type { PublishedChangesAnswer, RecordHistoryAnswer } from "../../domain/api/history";
import type { RecordKind } from "../../domain/datadesk/record-kinds";
import type { Country, Estimates, School, StateRecord } from "../../domain/datasets/schemas";
import type { RecordFieldSources } from "../../domain/field-sources";
import { withRecordSources } from "../../domain/datasets/record-sources";
import { noContacts, type SiteContacts } from "../../domain/site-contacts";

// What the server hands the pages' loaders when it renders them (decision record 0019): the data as
// published now and the deployer's settings read when the server started. The server's published-data
// source satisfies PageData as it is (src/server/datadesk/published-data.ts); the web app never imports
// server code, so the shape the pages read is named here.

export interface PageData {
  /** Raised by every publication. */
  generation: number;
  states: StateRecord[];
  /** The schools of the directory (open ones). */
  schools: School[];
  /** Closed schools: their pages stay readable, marked closed; absent under `react-router dev`. */
  closedSchools?: School[];
  /** Merged schools: the old id → the school it lives in now (its page redirects there). */
  mergedSchools?: Record<string, string>;
  /** Each field's source from the latest published change that touched it, by kind and record id. */
  fieldSources?: { state: RecordFieldSources; school: RecordFieldSources };
  country: Country;
  estimates: Estimates;
  /** When each record was last checked (ISO date-time), by kind and id; absent under `react-router dev`. */
  checkedAt?: { state: Record<string, string>; school: Record<string, string> };
}

export interface SiteSettings {
  /** The site's public address without a trailing slash (PUBLIC_URL), for absolute hreflang alternates. */
  publicUrl: string;
  /** The footer's contact details and social links (SITE_* variables). */
  contacts: SiteContacts;
}

/** The public history of the published changes, read from the database (src/server/datadesk/history). */
export interface PageHistoryReader {
  /** Every published change, newest first; `stateId` one of the 37 or null. */
  changes(filter: {
    stateId: string | null;
    kind: RecordKind | null;
    page: number;
  }): Promise<PublishedChangesAnswer>;
  /** One record's published changes, or null when there is no such record. */
  record(kind: "state" | "school", id: string, page: number): Promise<RecordHistoryAnswer | null>;
}

/** An uploaded document a page links (a state's law): what the link shows. */
export interface PageDocument {
  id: string;
  title: string;
  fileName: string;
  bytes: number;
}

/** The uploaded documents (data_documents), read on the server (src/server/datadesk/documents). */
export interface PageDocumentReader {
  /** The documents with these ids that exist. */
  find(ids: readonly string[]): Promise<PageDocument[]>;
}

/** The open datasets' versions (dataset_versions), read on the server (src/server/opendata). */
export interface PageDatasetVersions {
  /** By dataset: its version now and when that version was published (ISO date-time). */
  versions(): Promise<Record<string, { version: number; changedAt: string }>>;
}

/** How many verified eyewitness reports each state has, from the reports store (src/server/reports). */
export interface PageVerifiedReports {
  countByState(): Promise<{ stateId: number; verified: number }[]>;
}

declare module "react-router" {
  interface AppLoadContext {
    publishedData?: PageData;
    site?: SiteSettings;
    history?: PageHistoryReader;
    documents?: PageDocumentReader;
    openData?: PageDatasetVersions;
    verifiedReports?: PageVerifiedReports;
  }
}

/**
 * The published data the server rendered with. `react-router dev` renders without our server: there the
 * pages read data/*.json (a dynamic import, so the files never become part of the browser's code; loaders
 * are left out of the browser build).
 */
export async function publishedDataOf(context: AppLoadContext): Promise<PageData> {
  if (context.publishedData) return context.publishedData;
  const [schools, states, country, estimates] = await Promise.all([
    import("../../../data/schools.json"),
    import("../../../data/states.json"),
    import("../../../data/country-ng.json"),
    import("../../../data/estimates.json"),
  ]);
  return {
    generation: 0,
    // The files list bare addresses; the pages read sources (as the server's published data has them).
    schools: schools.default.map(withRecordSources) as School[],
    states: states.default.map(withRecordSources) as StateRecord[],
    country: country.default as Country,
    estimates: estimates.default as unknown as Estimates,
  };
}

/** The deployer's settings; under `react-router dev`, the local defaults. */
export function siteSettingsOf(context: AppLoadContext): SiteSettings {
  return context.site ?? { publicUrl: "http://localhost:5173", contacts: noContacts };
}
