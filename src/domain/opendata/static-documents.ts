import type { School, StateRecord } from "../datasets/schemas";
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
import { csvDocument, geojsonDocument, jsonDocument, type OpenFormat, type Positioned } from "./documents";

// The downloads of the static datasets (states, schools, estimates), built once: at the server's
// start-up, and at build time for the /data page's sizes. They change only when data/ does, which is
// when the product is deployed.

export type StaticDatasetId = "states" | "schools" | "estimates";

export interface StaticDatasets {
  states: readonly StateRecord[];
  schools: readonly School[];
  estimates: EstimatesFile;
}

export interface StaticDocument {
  dataset: StaticDatasetId;
  format: OpenFormat;
  /** The CSV with its second row of HXL hashtags (?hxl=1). */
  hxl: boolean;
  /** One state's rows only (?state=slug: a state page's "Download data"); null for the whole dataset. */
  state: string | null;
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
  const schools = data.schools.map((school) => openSchoolRecord(school, data.states));
  return {
    states,
    schools,
    estimates: data.estimates.estimates.map((estimate) => openEstimateRecord(estimate, data.estimates.as_of)),
    positionedSchools: data.schools.flatMap((school, index) => {
      const position = schoolPosition(school);
      const record = schools[index];
      return position && record ? [{ record, position }] : [];
    }),
    asOf: {
      states: latestAsOf(data.states),
      schools: latestAsOf(data.schools),
      estimates: data.estimates.as_of,
    },
  };
}

/** The datasets that take ?state=: their rows are each in one state. */
export const byStateDatasets = ["states", "schools"] as const;

export function staticDocuments(data: StaticDatasets): StaticDocument[] {
  const records = staticRecords(data);
  const { asOf } = records;
  const documents: StaticDocument[] = [];
  const tabular = (
    dataset: StaticDatasetId,
    rows: OpenRecord[],
    state: string | null,
    extra: Record<string, OpenValue> = {},
  ) => {
    const info = openDatasets[dataset];
    const common = { dataset, state, rows: rows.length, asOf: asOf[dataset] };
    documents.push(
      {
        ...common,
        format: "json",
        hxl: false,
        body: jsonDocument(info, rows, { as_of: asOf[dataset], ...extra }),
      },
      { ...common, format: "csv", hxl: false, body: csvDocument(info.fields, rows, false) },
      { ...common, format: "csv", hxl: true, body: csvDocument(info.fields, rows, true) },
    );
  };
  tabular("states", records.states, null);
  tabular("schools", records.schools, null);
  documents.push({
    dataset: "schools",
    format: "geojson",
    hxl: false,
    state: null,
    body: geojsonDocument(openDatasets.schools, records.positionedSchools, asOf.schools),
    rows: records.positionedSchools.length,
    asOf: asOf.schools,
  });
  tabular("estimates", records.estimates, null, {
    about: data.estimates.about,
    headline: data.estimates.headline,
  });
  for (const state of records.states) {
    const slug = String(state.slug);
    tabular("states", [state], slug, { state: slug });
    tabular(
      "schools",
      records.schools.filter((school) => school.state_id === state.id),
      slug,
      { state: slug },
    );
  }
  return documents;
}
