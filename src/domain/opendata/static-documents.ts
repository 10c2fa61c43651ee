import type { School, StateRecord } from "../datasets/schemas";
import type { Zone } from "../datasets/zones";
import { lawStatusKey, type LawStatusKey } from "../law-status";
import {
  openDatasets,
  openEstimateRecord,
  openSchoolRecord,
  openStateRecord,
  schoolPosition,
  type EstimatesFile,
  type OpenRecord,
  type OpenValue,
} from "./datasets";
import { statesGeojsonDocument, type StateBoundaries } from "./boundaries";
import { csvDocument, geojsonDocument, jsonDocument, type OpenFormat, type Positioned } from "./documents";

// The downloads of the static datasets (states, schools, estimates), built once: at the server's
// start-up, and at build time for the /data page's sizes. They change only when data/ does, which is
// when the product is deployed.

export type StaticDatasetId = "states" | "schools" | "estimates";

export interface StaticDatasets {
  states: readonly StateRecord[];
  /** The directory's schools. */
  schools: readonly School[];
  /** Schools that closed: in the downloads, marked closed, among the others by id. */
  closedSchools?: readonly School[];
  estimates: EstimatesFile;
  /** The states' boundaries (data/nigeria-states.geojson), for states.geojson. */
  boundaries: StateBoundaries;
}

export interface StaticDocument {
  dataset: StaticDatasetId;
  format: OpenFormat;
  /** The CSV with its second row of HXL hashtags (?hxl=1). */
  hxl: boolean;
  /** One state's rows only (?state=slug: a state page's "Download data"); null for the whole dataset. */
  state: string | null;
  /** The states of one zone, or of some law statuses, only (?zone=, ?status=: the rows /states shows). */
  zone?: Zone | null;
  /** One law status or several, in the categories' order; null for every status. */
  status?: readonly LawStatusKey[] | null;
  /** Limited to the school results page's filters (lga, group, …): "filtered" in its file name. */
  filtered?: boolean;
  body: string;
  /** Records in it (GeoJSON: features). */
  rows: number;
  /** When the data was compiled, YYYY-MM: the version in the citation and the file name. */
  asOf: string;
}

export interface StaticRecords {
  states: OpenRecord[];
  schools: OpenRecord[];
  estimates: OpenRecord[];
  positionedSchools: Positioned[];
  asOf: Record<StaticDatasetId, string>;
}

/** The latest as_of of the records: the version of a dataset compiled over several months. */
function latestAsOf(records: readonly { as_of: string }[]): string {
  return records.reduce((latest, record) => (record.as_of > latest ? record.as_of : latest), "");
}

export function staticRecords(data: StaticDatasets): StaticRecords {
  const states = data.states.map(openStateRecord);
  const closed = new Set(data.closedSchools ?? []);
  const allSchools = [...data.schools, ...closed].sort((a, b) => a.id - b.id);
  const schools = allSchools.map((school) =>
    openSchoolRecord(school, data.states, closed.has(school) ? "closed" : "open"),
  );
  return {
    states,
    schools,
    estimates: data.estimates.estimates.map((estimate) => openEstimateRecord(estimate, data.estimates.as_of)),
    positionedSchools: allSchools.flatMap((school, index) => {
      const position = schoolPosition(school);
      const record = schools[index];
      return position && record ? [{ record, position }] : [];
    }),
    asOf: {
      states: latestAsOf(data.states),
      schools: latestAsOf(allSchools),
      estimates: data.estimates.as_of,
    },
  };
}

/** The datasets that take ?state=: their rows are each in one state. */
export const byStateDatasets = ["states", "schools"] as const;

/** The JSON, the CSV and the CSV with HXL hashtags of some rows of a tabular dataset. */
function tabularDocuments(
  dataset: StaticDatasetId,
  rows: OpenRecord[],
  asOf: string,
  filter: Partial<StatesFilter>,
  extra: Record<string, OpenValue> = {},
): StaticDocument[] {
  const info = openDatasets[dataset];
  const common = {
    dataset,
    state: filter.state ?? null,
    zone: filter.zone ?? null,
    status: filter.status ?? null,
    rows: rows.length,
    asOf,
  };
  return [
    { ...common, format: "json", hxl: false, body: jsonDocument(info, rows, { as_of: asOf, ...extra }) },
    { ...common, format: "csv", hxl: false, body: csvDocument(info.fields, rows, false) },
    { ...common, format: "csv", hxl: true, body: csvDocument(info.fields, rows, true) },
  ];
}

export function staticDocuments(data: StaticDatasets): StaticDocument[] {
  const records = staticRecords(data);
  const { asOf } = records;
  const documents: StaticDocument[] = [
    ...tabularDocuments("states", records.states, asOf.states, {}),
    {
      dataset: "states",
      format: "geojson",
      hxl: false,
      state: null,
      body: statesGeojsonDocument(openDatasets.states, records.states, data.boundaries, asOf.states),
      rows: records.states.length,
      asOf: asOf.states,
    },
    ...tabularDocuments("schools", records.schools, asOf.schools, {}),
    {
      dataset: "schools",
      format: "geojson",
      hxl: false,
      state: null,
      body: geojsonDocument(openDatasets.schools, records.positionedSchools, asOf.schools),
      rows: records.positionedSchools.length,
      asOf: asOf.schools,
    },
    ...tabularDocuments(
      "estimates",
      records.estimates,
      asOf.estimates,
      {},
      {
        about: data.estimates.about,
        headline: data.estimates.headline,
      },
    ),
  ];
  for (const state of records.states) {
    const slug = String(state.slug);
    documents.push(
      ...tabularDocuments("states", [state], asOf.states, { state: slug }, { state: slug }),
      ...tabularDocuments(
        "schools",
        records.schools.filter((school) => school.state_id === state.id),
        asOf.schools,
        { state: slug },
        { state: slug },
      ),
    );
  }
  return documents;
}

/**
 * What /states filters by, as its address names it (?zone=South+West&status=passed&status=pending), and
 * ?state=.
 */
export interface StatesFilter {
  /** A state's slug. */
  state: string | null;
  zone: Zone | null;
  /** The law statuses kept (at least one, in the categories' order), or null for every status. */
  status: readonly LawStatusKey[] | null;
}

/** The states rows a filter keeps: the rows /states shows for the same zone and law status. */
export function filteredStates(states: readonly OpenRecord[], filter: StatesFilter): OpenRecord[] {
  return states.filter(
    (state) =>
      (!filter.state || state.slug === filter.state) &&
      (!filter.zone || state.zone === filter.zone) &&
      (!filter.status ||
        filter.status.includes(lawStatusKey(typeof state.law_status === "string" ? state.law_status : ""))),
  );
}

/**
 * The states downloads of one filter (JSON, CSV, CSV with hashtags), made when a filter is first asked
 * for: a zone, a law status, or both, with or without a state (there are 34 such filters without one).
 */
export function filteredStatesDocuments(records: StaticRecords, filter: StatesFilter): StaticDocument[] {
  const extra: Record<string, OpenValue> = {};
  if (filter.state) extra.state = filter.state;
  if (filter.zone) extra.zone = filter.zone;
  // One status as before ("passed"); several as a list.
  if (filter.status) extra.status = filter.status.length === 1 ? filter.status[0]! : filter.status;
  return tabularDocuments(
    "states",
    filteredStates(records.states, filter),
    records.asOf.states,
    filter,
    extra,
  );
}

/**
 * The schools downloads of the school results page's filters (JSON, CSV, CSV with hashtags): the rows of
 * the schools `ids` (the ones the page shows), with the filters named in the JSON. Made per request: the
 * filters are many and each costs well under a millisecond.
 */
export function filteredSchoolsDocuments(
  records: StaticRecords,
  ids: ReadonlySet<number>,
  filter: { state: string | null; described: Record<string, string> },
): StaticDocument[] {
  const extra: Record<string, OpenValue> = {};
  if (filter.state) extra.state = filter.state;
  Object.assign(extra, filter.described);
  return tabularDocuments(
    "schools",
    records.schools.filter((school) => ids.has(Number(school.id))),
    records.asOf.schools,
    { state: filter.state },
    extra,
  ).map((document) => ({ ...document, filtered: true }));
}

/** "lagos", "north-east-passed", "passed-pending": what a download is limited to, for its file name; null when to nothing. */
export function documentQualifier(
  document: Pick<StaticDocument, "state" | "zone" | "status" | "filtered">,
): string | null {
  const parts = [
    document.state,
    document.zone?.toLowerCase().replace(/ /g, "-"),
    document.status?.join("-"),
    document.filtered ? "filtered" : null,
  ];
  return parts.filter(Boolean).join("-") || null;
}
