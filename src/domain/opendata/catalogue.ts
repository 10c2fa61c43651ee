import { openDatasets, type OpenDatasetId, type OpenRecord } from "./datasets";
import {
  OPEN_DATA_LICENSE,
  PUBLISHER,
  citation,
  csvCell,
  numberedCitation,
  versionPublishedOn,
  type NumberedVersion,
  openDataPath,
  openFormats,
  type OpenFormat,
} from "./documents";
import {
  staticDocuments,
  staticRecords,
  type StaticDatasetId,
  type StaticDatasets,
} from "./static-documents";

// What the /data page lists, computed at build time from the very documents the server sends: each
// download with its size, rows and date, and each dataset's field dictionary with a real example.

export interface CatalogueDownload {
  href: string;
  format: OpenFormat;
  hxl: boolean;
  /** Bytes of the download as sent uncompressed; null for reports, which change as they are verified. */
  bytes: number | null;
  rows: number | null;
  /** YYYY-MM of the data; null for reports (always as of the download). */
  asOf: string | null;
}

export interface CatalogueField {
  name: string;
  meaning: string;
  type: string;
  hxl: string;
  /** The first non-empty value in the data, as a CSV cell shows it, shortened; null when none has one. */
  example: string | null;
}

export interface CatalogueDataset {
  id: OpenDatasetId;
  title: string;
  description: string;
  downloads: CatalogueDownload[];
  fields: CatalogueField[];
  citation: string | null;
}

export interface Catalogue {
  datasets: CatalogueDataset[];
  /** Schools with coordinates: what the GeoJSON holds. */
  positionedSchools: number;
  schoolCount: number;
  /** The latest as_of of the static datasets: the version of the whole compilation. */
  version: string;
  license: typeof OPEN_DATA_LICENSE;
  citation: string;
}

const EXAMPLE_LENGTH = 80;

function exampleOf(records: readonly OpenRecord[], field: string): string | null {
  for (const record of records) {
    const cell = csvCell(record[field]);
    if (cell === null || cell === "") continue;
    const text = String(cell);
    return text.length > EXAMPLE_LENGTH ? `${text.slice(0, EXAMPLE_LENGTH - 1)}…` : text;
  }
  return null;
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** The citation of the whole compilation (CITATION.cff says the same). */
export function compilationCitation(version: string): string {
  return compilationCitationOf(`version ${version}`, version.slice(0, 4));
}

function compilationCitationOf(version: string, year: string): string {
  return `${PUBLISHER} (${year}). ${PUBLISHER} open data: disability inclusion in Nigeria [Data set], ${version}. Licensed under ${OPEN_DATA_LICENSE.id}.`;
}

/** Each dataset's numbered version now, where the data desk has numbered it. */
export type CatalogueVersions = Partial<Record<StaticDatasetId, NumberedVersion>>;

/**
 * The compilation's citation once its datasets are numbered: the day of the latest publication and each
 * dataset's version, the numbers `?version=` downloads again exactly as they were.
 */
function numberedCompilationCitation(versions: CatalogueVersions): string | null {
  const numbered = staticDatasetIds.flatMap((id) => {
    const version = versions[id];
    return version ? [{ id, ...version }] : [];
  });
  if (numbered.length === 0) return null;
  const latest = versionPublishedOn(numbered.reduce((a, b) => (b.changedAt > a.changedAt ? b : a)));
  const each = numbered.map(({ id, version }) => `${id} version ${version}`).join(", ");
  return compilationCitationOf(`as published on ${latest} (${each})`, latest.slice(0, 4));
}

const staticDatasetIds: readonly StaticDatasetId[] = ["states", "schools", "estimates"];

/**
 * The /data page's list. With the datasets' numbered versions (the server knows them), the citations
 * name those numbers and days, so a citation finds the very data it cites; without (a build that renders
 * no server's data), the month of the data's as_of.
 */
export function openDataCatalogue(data: StaticDatasets, versions: CatalogueVersions = {}): Catalogue {
  const documents = staticDocuments(data).filter((document) => document.state === null);
  const records = staticRecords(data);
  const recordsOf: Record<OpenDatasetId, readonly OpenRecord[]> = {
    states: records.states,
    schools: records.schools,
    estimates: records.estimates,
    reports: [],
  };
  const version = Object.values(records.asOf).reduce((latest, asOf) => (asOf > latest ? asOf : latest), "");

  const datasetCitation = (id: StaticDatasetId) => {
    const numbered = versions[id];
    return numbered
      ? numberedCitation(openDatasets[id], numbered)
      : citation(openDatasets[id], records.asOf[id]);
  };

  const datasets = (Object.keys(openFormats) as OpenDatasetId[]).map((id): CatalogueDataset => {
    const info = openDatasets[id];
    const isStatic = id !== "reports";
    const downloads = (openFormats[id] as readonly OpenFormat[]).flatMap((format) =>
      (format === "csv" ? [false, true] : [false]).map((hxl): CatalogueDownload => {
        const document = documents.find(
          (candidate) => candidate.dataset === id && candidate.format === format && candidate.hxl === hxl,
        );
        return {
          href: openDataPath(id, format, hxl ? "?hxl=1" : ""),
          format,
          hxl,
          bytes: document ? byteLength(document.body) : null,
          rows: document ? document.rows : null,
          asOf: document ? document.asOf : null,
        };
      }),
    );
    return {
      id,
      title: info.title,
      description: info.description,
      downloads,
      fields: info.fields.map(({ example, ...field }) => ({
        ...field,
        example: exampleOf(recordsOf[id], field.name) ?? example ?? null,
      })),
      citation: isStatic ? datasetCitation(id as StaticDatasetId) : null,
    };
  });

  return {
    datasets,
    positionedSchools: records.positionedSchools.length,
    schoolCount: records.schools.length,
    version,
    license: OPEN_DATA_LICENSE,
    citation: numberedCompilationCitation(versions) ?? compilationCitation(version),
  };
}
