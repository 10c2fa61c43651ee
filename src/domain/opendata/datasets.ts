import type { School, StateRecord } from "../datasets/schemas";
import { sameState, stateSlug } from "../datasets/state-names";
import { zoneOf } from "../datasets/zones";
import {
  schoolFields as schoolFieldDescriptions,
  stateFields as stateFieldDescriptions,
  type FieldDescription,
  type FieldType as DeskFieldType,
} from "../datadesk/fields";
import { fieldValueAt } from "../datadesk/source-field";
import { sourceAddresses } from "../datasets/record-sources";
import { datasetInfo, type OpenDatasetDescription, type OpenDatasetId } from "./dataset-info";

// What each open dataset holds: its fields (name, meaning, type, HXL hashtag), and how a record of data/
// becomes an open record. One definition serves the JSON, the CSV (same names, same order), the HXL row,
// the data package's Table Schema and the /data page's field dictionary. The columns written out below
// are those the data had before the data desk; a field the desk describes with a column none of them
// names (src/domain/datadesk/fields.ts) is added after them, from its description. Open records are flat: lists stay lists in JSON and share one
// cell in CSV ("; "); nested values (an estimate's breakdowns) are JSON text in a CSV cell.
//
// No e-mail address is ever part of an open answer: contact e-mail fields are left out of the
// downloads (they are on each state's and school's page), and an address written inside a text is shown
// as "name [at] domain", so bulk downloads never feed an address harvester.

export type OpenValue =
  string | number | boolean | null | readonly string[] | OpenObject | readonly OpenObject[];
export interface OpenObject {
  readonly [key: string]: OpenValue | undefined;
}
export type OpenRecord = Record<string, OpenValue>;

export type FieldType =
  | "integer"
  | "number"
  | "text"
  | "boolean"
  | "URL"
  | "date"
  | "date and time"
  | "year and month"
  | "list of text"
  | "list of URLs"
  | "JSON";

export interface OpenField {
  name: string;
  meaning: string;
  type: FieldType;
  /** Its HXL hashtag and attributes, for the optional second row of a CSV (?hxl=1). */
  hxl: string;
  /** An illustrative value, for a dataset whose records are not known at build time (reports). */
  example?: string;
}

export type { OpenDatasetId };

export interface OpenDatasetInfo extends OpenDatasetDescription {
  fields: readonly OpenField[];
}

const emailAddress = /([A-Za-z0-9._%+-]+)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/** "info@example.org" → "info [at] example.org": readable by a person, not by a harvester. */
export function withoutEmailAddresses(text: string): string {
  return text.replace(emailAddress, "$1 [at] $2");
}

const orNull = <T>(value: T | "" | null | undefined): T | null =>
  value === "" || value === undefined ? null : value;
const text = (value: string): string | null => orNull(withoutEmailAddresses(value.trim()));

// Columns from the fields' descriptions ---------------------------------------------------------------

/** How a described field's values are written in open data. */
const openTypeOf: Record<DeskFieldType, FieldType> = {
  text: "text",
  longText: "text",
  textList: "list of text",
  choice: "text",
  choices: "list of text",
  year: "integer",
  integer: "integer",
  number: "number",
  url: "URL",
  urlList: "list of URLs",
  email: "text",
  phone: "text",
  phoneList: "list of text",
  state: "text",
  lga: "text",
  rank: "text",
  document: "text",
  latitude: "number",
  longitude: "number",
};

/** A column that a field's description adds, and the path of the value it shows. */
export interface DescribedColumn {
  field: OpenField;
  path: string;
}

/**
 * The columns the descriptions add to those written out: each described field whose column no written
 * field names, in the descriptions' order (so after the written ones: a column is only added at the end).
 */
export function describedColumns(
  written: readonly OpenField[],
  descriptions: readonly FieldDescription[],
): DescribedColumn[] {
  return descriptions.flatMap(({ column, path, type, meaning }) =>
    column === null || written.some((field) => field.name === column)
      ? []
      : [
          {
            path,
            field: { name: column, meaning: meaning ?? "", type: openTypeOf[type], hxl: `#meta+${column}` },
          },
        ],
  );
}

/** The described columns' values in a record: none (absent, "", null) is empty, texts without e-mail addresses. */
export function describedValues(columns: readonly DescribedColumn[], document: object): OpenRecord {
  return Object.fromEntries(
    columns.map(({ field, path }): [string, OpenValue] => {
      const value = fieldValueAt(document, path);
      if (typeof value === "string") return [field.name, text(value)];
      if (typeof value === "number" || typeof value === "boolean") return [field.name, value];
      if (Array.isArray(value)) {
        const items = value.filter((item): item is string => typeof item === "string" && item.trim() !== "");
        return [field.name, items.map(withoutEmailAddresses)];
      }
      return [field.name, null];
    }),
  );
}

// States ---------------------------------------------------------------------------------------------

const writtenStateFields: readonly OpenField[] = [
  {
    name: "id",
    meaning: "Stable number of the state, 1 to 37 (alphabetical)",
    type: "integer",
    hxl: "#meta+id",
  },
  {
    name: "slug",
    meaning: "The state's name as used in the site's addresses and in the reports filter",
    type: "text",
    hxl: "#meta+slug",
  },
  { name: "state", meaning: "Name of the state (or FCT)", type: "text", hxl: "#adm1+name" },
  { name: "code", meaning: "ISO 3166-2 code of the state", type: "text", hxl: "#adm1+code" },
  { name: "country", meaning: "ISO 3166-1 code of the country", type: "text", hxl: "#country+code" },
  {
    name: "zone",
    meaning:
      "Geopolitical zone: North Central, North East, North West, South East, South South or South West",
    type: "text",
    hxl: "#region+name",
  },
  {
    name: "law_status",
    meaning:
      "Status of the state's own disability law: Passed, Passed/awaiting Gov assent, Second Reading or Pending; empty when unknown",
    type: "text",
    hxl: "#status+law",
  },
  {
    name: "law_title",
    meaning: "Title of the state's disability law or bill",
    type: "text",
    hxl: "#meta+law+title",
  },
  { name: "law_year", meaning: "Year the law was passed", type: "integer", hxl: "#date+year+law" },
  {
    name: "agency",
    meaning: "The state body responsible for disability affairs",
    type: "text",
    hxl: "#org+name",
  },
  { name: "agency_website", meaning: "Website of that body", type: "URL", hxl: "#contact+url" },
  {
    name: "policy_document_url",
    meaning: "Address of the law or policy document, where one is published",
    type: "URL",
    hxl: "#meta+url+policy",
  },
  {
    name: "ranking",
    meaning:
      "Rank in the State of Disability Inclusion Report 2024 (1st of 37 is best); empty when not ranked in this dataset",
    type: "text",
    hxl: "#indicator+rank",
  },
  {
    name: "score",
    meaning: "Inclusion score in percent from the same report; empty when not known",
    type: "number",
    hxl: "#indicator+score+pct",
  },
  {
    name: "score_source",
    meaning: "Where the rank and score come from",
    type: "text",
    hxl: "#meta+source+score",
  },
  {
    name: "key_findings",
    meaning:
      "Key findings, each 'Area: finding' (infrastructure, education, health, employment, social protection)",
    type: "list of text",
    hxl: "#description+findings",
  },
  {
    name: "description",
    meaning: "Summary of the state's record, in our own words",
    type: "text",
    hxl: "#description",
  },
  {
    name: "notes",
    meaning: "Caveats: conflicting sources, laws signed but not gazetted, contacts that are not official",
    type: "text",
    hxl: "#description+notes",
  },
  {
    name: "address",
    meaning: "Address of the responsible body, where published",
    type: "text",
    hxl: "#contact+address",
  },
  {
    name: "phone",
    meaning: "Telephone numbers of that body, where published",
    type: "list of text",
    hxl: "#contact+phone",
  },
  {
    name: "sources",
    meaning: "Public pages the record's facts come from",
    type: "list of URLs",
    hxl: "#meta+source",
  },
  {
    name: "as_of",
    meaning: "When the record was compiled (year and month)",
    type: "year and month",
    hxl: "#date+updated",
  },
];

const describedStateColumns = describedColumns(writtenStateFields, stateFieldDescriptions);

export const stateFields: readonly OpenField[] = [
  ...writtenStateFields,
  ...describedStateColumns.map(({ field }) => field),
];

export function openStateRecord(state: StateRecord): OpenRecord {
  const phones = (Array.isArray(state.phone) ? state.phone : [state.phone]).filter((phone) => phone.trim());
  return {
    id: state.id,
    slug: stateSlug(state.state),
    state: state.state,
    code: state.code,
    country: state.country,
    zone: zoneOf(state.state),
    law_status: orNull(state.status),
    law_title: text(state.law.name),
    law_year: state.law.year,
    agency: text(state.agency),
    agency_website: orNull(state.website),
    policy_document_url: orNull(state.url),
    ranking: orNull(state.ranking),
    score: state.score,
    score_source: state.score_source,
    key_findings: state.key_findings.map(withoutEmailAddresses),
    description: text(state.desc),
    notes: text(state.notes),
    address: text(state.address),
    phone: phones,
    sources: sourceAddresses(state.sources),
    as_of: state.as_of,
    ...describedValues(describedStateColumns, state),
  };
}

// Schools --------------------------------------------------------------------------------------------

const writtenSchoolFields: readonly OpenField[] = [
  { name: "id", meaning: "Stable number of the school in the directory", type: "integer", hxl: "#meta+id" },
  { name: "name", meaning: "Name of the school", type: "text", hxl: "#loc+name" },
  { name: "state", meaning: "State (or FCT) the school is in", type: "text", hxl: "#adm1+name" },
  { name: "state_id", meaning: "The state's id in the states dataset", type: "integer", hxl: "#adm1+id" },
  {
    name: "local_government",
    meaning: "Local government area, where known",
    type: "text",
    hxl: "#adm2+name",
  },
  { name: "location", meaning: "Town or district", type: "text", hxl: "#loc+town" },
  {
    name: "type",
    meaning: "Kind of school: primary, secondary, special, nursery (one or more)",
    type: "list of text",
    hxl: "#loc+type",
  },
  {
    name: "disability_groups",
    meaning:
      "Learners the school serves, where a source says so: hearing, visual, physical, intellectual, autism, multiple",
    type: "list of text",
    hxl: "#service+disability",
  },
  {
    name: "boarding",
    meaning: "day, boarding, or day and boarding; empty when unknown",
    type: "text",
    hxl: "#service+boarding",
  },
  {
    name: "ownership",
    meaning: "public, private or mission; empty when unknown",
    type: "text",
    hxl: "#org+type",
  },
  {
    name: "description",
    meaning: "Summary of what the sources say, in our own words",
    type: "text",
    hxl: "#description",
  },
  { name: "website", meaning: "The school's website, where published", type: "URL", hxl: "#contact+url" },
  {
    name: "phone",
    meaning: "The school's telephone numbers, where published",
    type: "text",
    hxl: "#contact+phone",
  },
  {
    name: "picture_url",
    meaning: "A published picture of the school",
    type: "URL",
    hxl: "#meta+url+picture",
  },
  {
    name: "sources",
    meaning: "Public pages that name the school",
    type: "list of URLs",
    hxl: "#meta+source",
  },
  {
    name: "as_of",
    meaning: "When the record was compiled (year and month)",
    type: "year and month",
    hxl: "#date+updated",
  },
  // Added with the data desk, so last: a column is only ever added at the end.
  {
    name: "status",
    meaning:
      "open, or closed: a school that closed stays in open data (and in its history) but not in the directory",
    type: "text",
    hxl: "#status",
  },
];

const describedSchoolColumns = describedColumns(writtenSchoolFields, schoolFieldDescriptions);

export const schoolFields: readonly OpenField[] = [
  ...writtenSchoolFields,
  ...describedSchoolColumns.map(({ field }) => field),
];

export type SchoolStatus = "open" | "closed";

export function openSchoolRecord(
  school: School,
  states: readonly Pick<StateRecord, "id" | "state">[],
  status: SchoolStatus = "open",
): OpenRecord {
  return {
    id: school.id,
    name: school.name.trim(),
    state: school.state.trim(),
    state_id: states.find((state) => sameState(state.state, school.state))?.id ?? null,
    local_government: text(school.local_government),
    location: text(school.location),
    type: school.type,
    disability_groups: school.disability_groups,
    boarding: orNull(school.boarding),
    ownership: orNull(school.ownership),
    description: text(school.desc),
    website: orNull(school.website),
    phone: text(school.phone),
    picture_url: orNull(school.picture_url),
    sources: sourceAddresses(school.sources),
    as_of: school.as_of,
    status,
    ...describedValues(describedSchoolColumns, school),
  };
}

/** A point for the GeoJSON download, when a record carries one ([longitude, latitude]). */
export function schoolPosition(school: object): [number, number] | null {
  const { latitude, longitude } = school as { latitude?: unknown; longitude?: unknown };
  return typeof latitude === "number" &&
    typeof longitude === "number" &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
    ? [longitude, latitude]
    : null;
}

// Estimates ------------------------------------------------------------------------------------------

/** data/estimates.json, as far as the downloads read it. */
export interface EstimatesFile {
  as_of: string;
  about: string;
  headline: OpenObject;
  estimates: readonly Estimate[];
}

export interface Estimate {
  id: string;
  label: string;
  kind: string;
  measured_in_nigeria: boolean;
  publisher: string;
  title: string;
  year: number | null;
  url: string | null;
  seen_in: readonly { url: string; what: string }[];
  method: string;
  counts: string;
  share_percent: number | null;
  persons: number | null;
  population_base: string;
  thresholds: OpenValue;
  breakdowns: OpenValue;
  cite_as: string;
  notes: string;
}

export const estimateFields: readonly OpenField[] = [
  { name: "id", meaning: "Stable key of the estimate", type: "text", hxl: "#meta+id" },
  { name: "label", meaning: "What the estimate is, in short", type: "text", hxl: "#indicator+name" },
  {
    name: "kind",
    meaning: "national household survey, census, global assumption, official statement, advocacy, …",
    type: "text",
    hxl: "#indicator+type",
  },
  {
    name: "measured_in_nigeria",
    meaning: "true only where people in Nigeria were asked or counted",
    type: "boolean",
    hxl: "#meta+measured",
  },
  { name: "publisher", meaning: "Who published the figure", type: "text", hxl: "#org+name" },
  { name: "title", meaning: "Title of the publication", type: "text", hxl: "#meta+title" },
  { name: "year", meaning: "Year of the figure; empty when not known", type: "integer", hxl: "#date+year" },
  {
    name: "share_percent",
    meaning: "The share of people the source gives, in percent; empty when it gives none (never zero)",
    type: "number",
    hxl: "#indicator+pct",
  },
  {
    name: "persons",
    meaning: "The source's own count of people; empty when it gives none (never computed from a share)",
    type: "integer",
    hxl: "#indicator+num",
  },
  { name: "counts", meaning: "What exactly is counted", type: "text", hxl: "#description+counts" },
  {
    name: "population_base",
    meaning: "The population the share refers to",
    type: "text",
    hxl: "#description+population",
  },
  { name: "method", meaning: "How the figure was obtained", type: "text", hxl: "#description+method" },
  { name: "url", meaning: "Primary page where the figure can be checked", type: "URL", hxl: "#meta+url" },
  {
    name: "seen_in",
    meaning: "The pages where we read the figures, with what each shows",
    type: "JSON",
    hxl: "#meta+source",
  },
  {
    name: "thresholds",
    meaning: "Other cut-offs from the same source",
    type: "JSON",
    hxl: "#indicator+thresholds",
  },
  {
    name: "breakdowns",
    meaning: "Breakdowns (sex, age, zone, …) only as the source gives them; null when not given",
    type: "JSON",
    hxl: "#indicator+breakdowns",
  },
  { name: "cite_as", meaning: "How to cite the original source", type: "text", hxl: "#meta+citation" },
  { name: "notes", meaning: "Caveats", type: "text", hxl: "#description+notes" },
  {
    name: "as_of",
    meaning: "When the dataset was compiled (year and month)",
    type: "year and month",
    hxl: "#date+updated",
  },
];

export function openEstimateRecord(estimate: Estimate, asOf: string): OpenRecord {
  return {
    id: estimate.id,
    label: estimate.label,
    kind: estimate.kind,
    measured_in_nigeria: estimate.measured_in_nigeria,
    publisher: estimate.publisher,
    title: estimate.title,
    year: estimate.year,
    share_percent: estimate.share_percent,
    persons: estimate.persons,
    counts: text(estimate.counts),
    population_base: text(estimate.population_base),
    method: text(estimate.method),
    url: estimate.url,
    seen_in: estimate.seen_in.map((seen) => ({ url: seen.url, what: withoutEmailAddresses(seen.what) })),
    thresholds: estimate.thresholds,
    breakdowns: estimate.breakdowns,
    cite_as: text(estimate.cite_as),
    notes: text(estimate.notes),
    as_of: asOf,
  };
}

// Reports --------------------------------------------------------------------------------------------

export const reportFields: readonly OpenField[] = [
  {
    name: "id",
    meaning: "Stable identifier of the report",
    type: "text",
    hxl: "#meta+id",
    example: "0b7f4f5e-2c1a-4d3b-9a55-6f1e2d3c4b5a",
  },
  {
    name: "type",
    meaning: "barrier, experience, question or contribution",
    type: "text",
    hxl: "#event+type",
    example: "barrier",
  },
  {
    name: "comment",
    meaning: "The report as its reporter wrote it",
    type: "text",
    hxl: "#description",
    example: "The ramp at the bus terminal ends in a step of 30 centimetres.",
  },
  {
    name: "reporter_name",
    meaning: "The reporter's first name where they chose to publish it, otherwise Anonymous",
    type: "text",
    hxl: "#meta+reporter",
    example: "Anonymous",
  },
  {
    name: "state",
    meaning: "State where it happened; empty for a report sent before places were asked",
    type: "text",
    hxl: "#adm1+name",
    example: "Lagos",
  },
  {
    name: "lga",
    meaning:
      "Local government area where it happened, only where the reporter chose to publish it; otherwise empty",
    type: "text",
    hxl: "#adm2+name",
    example: "Lagos Mainland",
  },
  {
    name: "place",
    meaning: "Town or place name, only where the reporter chose to publish it; otherwise empty",
    type: "text",
    hxl: "#loc+name",
    example: "Yaba bus terminal",
  },
  {
    name: "occurred_on",
    meaning: "The day it happened, as the reporter gave it; empty for a report sent before dates were asked",
    type: "date",
    hxl: "#date+occurred",
    example: "2026-11-18",
  },
  {
    name: "date_reported",
    meaning: "When the report was sent (UTC)",
    type: "date and time",
    hxl: "#date+reported",
    example: "2026-11-20T09:14:03.000Z",
  },
  {
    name: "date_published",
    meaning: "When the report was verified and published (UTC)",
    type: "date and time",
    hxl: "#date+published",
    example: "2026-11-21T15:02:44.000Z",
  },
  {
    name: "video_url",
    meaning: "A video link the reporter gave",
    type: "URL",
    hxl: "#meta+url+video",
    example: "https://www.youtube.com/watch?v=…",
  },
  {
    name: "media",
    meaning:
      "The report's published photographs and video: public addresses (JSON: with kind, type and description)",
    type: "list of URLs",
    hxl: "#meta+url+media",
    example: "https://…/media/5d1c…",
  },
];

export const openDatasets: Record<OpenDatasetId, OpenDatasetInfo> = {
  states: { ...datasetInfo.states, fields: stateFields },
  schools: { ...datasetInfo.schools, fields: schoolFields },
  estimates: { ...datasetInfo.estimates, fields: estimateFields },
  reports: { ...datasetInfo.reports, fields: reportFields },
};
