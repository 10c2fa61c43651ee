import { BOUNDARIES_SOURCE } from "./boundaries";
import { openDatasets, type FieldType, type OpenDatasetId, type OpenField } from "./datasets";
import { OPEN_DATA_LICENSE, PUBLISHER, openDataPath, openFormats } from "./documents";

// The open data as a Frictionless Data Package (Data Package v1): one tabular-data-resource per CSV, each
// with its Table Schema made from the same field definitions as the CSV itself, so the package lists
// every column the CSV has, in its order; and the states with their boundaries (states.geojson) as a
// plain data-resource. A package with a resource that is not a table is a "data-package", not a
// "tabular-data-package" (which requires every resource to be tabular). A validator (frictionless
// validate <address>/api/v1/open/datapackage.json) reads each CSV from its address and checks it.

export type TableSchemaType = "string" | "integer" | "number" | "boolean" | "date" | "datetime" | "yearmonth";

export interface TableSchemaField {
  name: string;
  type: TableSchemaType;
  format?: "uri";
  description: string;
}

/** How a field's values are written in the CSV, as a Table Schema type. */
const tableSchemaTypes: Record<FieldType, Pick<TableSchemaField, "type" | "format">> = {
  integer: { type: "integer" },
  number: { type: "number" },
  text: { type: "string" },
  boolean: { type: "boolean" },
  URL: { type: "string", format: "uri" },
  date: { type: "date" },
  "date and time": { type: "datetime" },
  "year and month": { type: "yearmonth" },
  // Several values in one cell, joined with "; " (or JSON text): a string to a validator.
  "list of text": { type: "string" },
  "list of URLs": { type: "string" },
  JSON: { type: "string" },
};

export function tableSchemaField(field: OpenField): TableSchemaField {
  const { type, format } = tableSchemaTypes[field.type];
  const description =
    field.type === "list of text" || field.type === "list of URLs"
      ? `${field.meaning} (several values are separated by "; ")`
      : field.type === "JSON"
        ? `${field.meaning} (JSON text)`
        : field.meaning;
  return { name: field.name, type, ...(format ? { format } : {}), description };
}

export interface DataPackageSource {
  title: string;
  path?: string;
}

export interface DataPackageVersions {
  /** A dataset's version now and the day it last changed (YYYY-MM-DD), where it has versions. */
  [dataset: string]: { version: number; changedOn: string } | undefined;
}

/** The boundaries' source, with its terms (data/SOURCES.md). */
const boundariesSource: DataPackageSource = {
  title: `${BOUNDARIES_SOURCE.title}: the state boundaries (${BOUNDARIES_SOURCE.license})`,
  path: BOUNDARIES_SOURCE.url,
};

/** The data package: addresses are absolute, so the package can be read from anywhere. */
export function dataPackage(
  publicUrl: string,
  sources: readonly DataPackageSource[],
  versions: DataPackageVersions,
) {
  const csvDatasets = (Object.keys(openFormats) as OpenDatasetId[]).filter((id) =>
    (openFormats[id] as readonly string[]).includes("csv"),
  );
  const statesVersion = versions.states;
  return {
    profile: "data-package",
    name: "inclusion-atlas",
    title: `${PUBLISHER} open data: disability inclusion in Nigeria`,
    homepage: `${publicUrl}/data`,
    licenses: [{ name: OPEN_DATA_LICENSE.id, path: OPEN_DATA_LICENSE.url, title: OPEN_DATA_LICENSE.name }],
    sources: sources.map((source) => ({ ...source })),
    contributors: [{ title: PUBLISHER, role: "publisher" }],
    resources: [
      ...csvDatasets.map((id) => {
        const info = openDatasets[id];
        const version = versions[id];
        return {
          profile: "tabular-data-resource",
          name: id,
          path: `${publicUrl}${openDataPath(id, "csv")}`,
          title: info.title,
          description: info.description,
          format: "csv",
          mediatype: "text/csv",
          encoding: "utf-8",
          ...(version ? { version: String(version.version), last_modified: version.changedOn } : {}),
          schema: {
            fields: info.fields.map(tableSchemaField),
            // An empty cell is a value the source does not give.
            missingValues: [""],
            primaryKey: ["id"],
          },
        };
      }),
      {
        profile: "data-resource",
        name: "states-geojson",
        path: `${publicUrl}${openDataPath("states", "geojson")}`,
        title: `${openDatasets.states.title}, with state boundaries`,
        description: `${openDatasets.states.description} As GeoJSON (RFC 7946): one Feature per state, its boundary as geometry and the columns of the states CSV as properties. ${BOUNDARIES_SOURCE.attribution}`,
        format: "geojson",
        mediatype: "application/geo+json",
        encoding: "utf-8",
        ...(statesVersion
          ? { version: String(statesVersion.version), last_modified: statesVersion.changedOn }
          : {}),
        sources: [boundariesSource],
      },
    ],
  };
}

/**
 * The package's sources: the publications behind the figures (the estimates' publishers, the states'
 * rank and score report). Each record names its own pages in its sources column.
 */
export function packageSources(
  publicUrl: string,
  data: {
    states: readonly { score_source: string | null }[];
    estimates: { estimates: readonly { publisher: string; title: string; url: string | null }[] };
  },
): DataPackageSource[] {
  const scoreSources = [
    ...new Set(data.states.flatMap((state) => (state.score_source ? [state.score_source] : []))),
  ];
  return [
    {
      title: "The public pages named in each record's sources column (states.csv, schools.csv)",
      path: `${publicUrl}/data`,
    },
    ...scoreSources.map((title) => ({ title })),
    boundariesSource,
    ...data.estimates.estimates.map((estimate) => ({
      title: `${estimate.publisher}: ${estimate.title}`,
      ...(estimate.url ? { path: estimate.url } : {}),
    })),
  ];
}
