import { dayInNigeria } from "../nigeria-day";
import { CSV_LINE_END, csvList, csvRecord, type CsvValue } from "./csv";
import type {
  OpenDatasetId,
  OpenDatasetInfo,
  OpenField,
  OpenObject,
  OpenRecord,
  OpenValue,
} from "./datasets";

// The open-data documents, byte for byte: the server serves these, and the /data page measures the very
// same bytes at build time for the sizes it lists. Nothing in them depends on the deployment (no host
// name, no time of day), so every instance serves identical bodies with identical ETags.

export const OPEN_DATA_LICENSE = {
  id: "CC-BY-4.0",
  name: "Creative Commons Attribution 4.0 International (CC BY 4.0)",
  url: "https://creativecommons.org/licenses/by/4.0/",
} as const;

export const PUBLISHER = "Inclusion Atlas";

export const openFormats = {
  states: ["json", "csv", "geojson"],
  schools: ["json", "csv", "geojson"],
  estimates: ["json", "csv"],
  reports: ["json", "csv"],
} as const satisfies Record<OpenDatasetId, readonly OpenFormat[]>;

export type OpenFormat = "json" | "csv" | "geojson";

export const OPEN_DATA_API_PREFIX = "/api/v1/open";

export function openDataPath(dataset: OpenDatasetId, format: OpenFormat, query = ""): string {
  return `${OPEN_DATA_API_PREFIX}/${dataset}.${format}${query}`;
}

export const formatMediaTypes: Record<OpenFormat, string> = {
  json: "application/json; charset=utf-8",
  csv: "text/csv; charset=utf-8; header=present",
  geojson: "application/geo+json; charset=utf-8",
};

/** "Inclusion Atlas (2026). State disability policy records, Nigeria [Data set], version 2026-11. …" */
export function citation(
  info: Pick<OpenDatasetInfo, "title">,
  version: string,
  year: string = version.slice(0, 4),
): string {
  return (
    `${PUBLISHER} (${year}). ${info.title} [Data set], version ${version}. ` +
    `${PUBLISHER} open data, ${OPEN_DATA_LICENSE.id}.`
  );
}

/** A dataset's version as the data desk numbers it: raised by each publication, on the day it was made. */
export interface NumberedVersion {
  version: number;
  /** When it was published (ISO date-time). */
  changedAt: string;
}

/** The day a version was published, in Nigeria (as /data says when it changed): YYYY-MM-DD. */
export function versionPublishedOn({ changedAt }: NumberedVersion): string {
  return dayInNigeria(new Date(changedAt));
}

/** "version 3 of 2026-11-30": the number `?version=` downloads again, and the day it was published. */
export function numberedVersionLabel(version: NumberedVersion): string {
  return `${version.version} of ${versionPublishedOn(version)}`;
}

/** A dataset's citation naming the numbered version a reader can download again exactly as it was. */
export function numberedCitation(info: Pick<OpenDatasetInfo, "title">, version: NumberedVersion): string {
  return citation(info, numberedVersionLabel(version), versionPublishedOn(version).slice(0, 4));
}

/**
 * The file name a download is saved under: the dataset, what it is limited to (a state, "north-east-passed"),
 * and its date.
 */
export function downloadFileName(
  dataset: OpenDatasetId,
  date: string,
  format: OpenFormat,
  limitedTo: string | null = null,
): string {
  return `inclusion-atlas-${dataset}-${limitedTo ? `${limitedTo}-` : ""}${date}.${format}`;
}

// CSV --------------------------------------------------------------------------------------------------

/** A value in its CSV cell: lists of text joined with "; ", other structures as JSON text. */
export function csvCell(value: OpenValue | undefined): CsvValue {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    return value.every((item) => typeof item === "string")
      ? csvList(value as string[])
      : JSON.stringify(value);
  }
  if (typeof value === "object") return JSON.stringify(value);
  return value as CsvValue;
}

/** The header row, and with `hxl` the row of HXL hashtags under it. */
export function csvHead(fields: readonly OpenField[], hxl: boolean): string {
  const names = csvRecord(fields.map((field) => field.name));
  return hxl ? names + csvRecord(fields.map((field) => field.hxl)) : names;
}

export function csvRow(fields: readonly OpenField[], record: OpenRecord): string {
  return csvRecord(fields.map((field) => csvCell(record[field.name])));
}

export function csvDocument(
  fields: readonly OpenField[],
  records: readonly OpenRecord[],
  hxl: boolean,
): string {
  return csvHead(fields, hxl) + records.map((record) => csvRow(fields, record)).join("");
}

// JSON -------------------------------------------------------------------------------------------------

/** What every JSON download says about itself before its records. */
export function jsonHeader(info: OpenDatasetInfo, version: string) {
  return {
    success: true,
    title: info.title,
    description: info.description,
    license: OPEN_DATA_LICENSE,
    citation: citation(info, version),
    fields: info.fields.map(({ name, meaning, type }) => ({ name, meaning, type })),
  };
}

export function jsonDocument(
  info: OpenDatasetInfo,
  records: readonly OpenRecord[],
  extra: { as_of: string } & Record<string, OpenValue>,
): string {
  return JSON.stringify({ ...jsonHeader(info, extra.as_of), ...extra, count: records.length, data: records });
}

// GeoJSON ----------------------------------------------------------------------------------------------

export interface Positioned {
  record: OpenRecord;
  /** [longitude, latitude] (RFC 7946 order) */
  position: [number, number];
}

/** A FeatureCollection of the records that have a position; a valid empty one when none has. */
export function geojsonDocument(
  info: OpenDatasetInfo,
  positioned: readonly Positioned[],
  asOf: string,
): string {
  const header = jsonHeader(info, asOf);
  return JSON.stringify({
    type: "FeatureCollection",
    // Foreign members (RFC 7946 §6.1): readers ignore them; people and scripts find the licence.
    title: header.title,
    license: header.license,
    citation: header.citation,
    as_of: asOf,
    features: positioned.map(({ record, position }) => ({
      type: "Feature",
      id: record.id as string | number,
      geometry: { type: "Point", coordinates: position },
      properties: record as OpenObject,
    })),
  });
}

export { CSV_LINE_END };
