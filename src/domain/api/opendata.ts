import { z } from "zod";
import { isCalendarDay } from "../nigeria-day";
import { commentTypes, type CommentType } from "../reports/report-rules";
import {
  boardingKinds,
  disabilityGroups,
  ownershipKinds,
  schoolTypes,
  type SchoolType,
} from "../datasets/vocabulary";
import { statesByZone, zones, type Zone } from "../datasets/zones";
import { NO_LAW_YET, lawStatusCategories, type LawStatusKey } from "../law-status";
import { MAX_REPORTS_PER_PAGE, REPORTS_PER_PAGE, openDataMessages } from "../opendata/messages";
import { schoolResultsValue } from "../school-results-query";
import type { SchoolResultsParameter } from "../school-results-shapes";
import {
  choiceListParam,
  queryParameter,
  singleValueParam,
  wholeNumberUpTo,
  yesNoParam,
} from "./query-schemas";
import { endpoint, failureSchema, pageMetaSchema } from "./shared";

// Open data under /api/v1/open. The downloads are prepared at start-up and sent as bytes; the
// schemas here document them (and serialise the one answer built per request: a page of reports as JSON).

const tag = "Open data";

/**
 * The 37 states by the slug the site's addresses give them (`akwa-ibom`, `fct`), alphabetical: the order
 * of their ids in the states data (1 to 37).
 */
export const stateSlugs = Object.values(statesByZone)
  .flat()
  .map((key) => key.replace(/ /g, "-"))
  .sort() as readonly string[] as readonly [string, ...string[]];

export const openLicenseSchema = z.object({ id: z.string(), name: z.string(), url: z.string() });

export const catalogueAnswerSchema = z.object({
  success: z.literal(true),
  license: openLicenseSchema,
  documentation: z.string(),
  datapackage: z
    .string()
    .meta({ description: "The Frictionless Data Package of the CSVs and of states.geojson." }),
  datasets: z.array(
    z.object({
      id: z.enum(["states", "schools", "estimates", "reports"]),
      title: z.string(),
      description: z.string(),
      version: z
        .int()
        .optional()
        .meta({ description: "The dataset's version now: raised by each publication (not for reports)." }),
      changed_at: z
        .string()
        .optional()
        .meta({ description: "When that version was published (ISO date and time)." }),
      downloads: z.array(
        z.object({
          format: z.enum(["json", "csv", "geojson"]),
          url: z.string(),
          rows: z.int().optional(),
          bytes: z.int().optional(),
          as_of: z.string().optional(),
        }),
      ),
    }),
  ),
});

const documentHeader = {
  success: z.literal(true),
  title: z.string(),
  description: z.string(),
  license: openLicenseSchema,
  citation: z.string(),
  fields: z.array(z.object({ name: z.string(), meaning: z.string(), type: z.string() })),
};

/** A static dataset as JSON: the header, the version, and every record (fields as `fields` lists them). */
export const datasetDocumentSchema = z
  .looseObject({
    ...documentHeader,
    as_of: z.string(),
    count: z.int(),
    data: z.array(z.record(z.string(), z.unknown())),
  })
  .meta({ id: "OpenDataDocument" });

export const openReportSchema = z.object({
  id: z.string(),
  type: z.enum(commentTypes),
  comment: z.string(),
  reporter_name: z.string(),
  state: z.string().nullable(),
  lga: z.string().nullable(),
  place: z.string().nullable(),
  occurred_on: z.string().nullable(),
  date_reported: z.string(),
  date_published: z.string(),
  video_url: z.string().nullable(),
  media: z.array(
    z.object({
      url: z.string(),
      kind: z.string(),
      content_type: z.string(),
      description: z.string().nullable(),
    }),
  ),
});

/** A page of verified reports as JSON (made per request, so serialised through this schema). */
export const reportsDocumentSchema = z
  .object({
    ...documentHeader,
    filters: z.object({
      state: z.string().nullable(),
      type: z.enum(commentTypes).nullable(),
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
    meta: pageMetaSchema,
    count: z.int(),
    data: z.array(openReportSchema),
  })
  .meta({ id: "OpenReportsPage" });

export const geoJsonDocumentSchema = z
  .looseObject({
    type: z.literal("FeatureCollection"),
    features: z.array(
      z.looseObject({
        type: z.literal("Feature"),
        id: z.int(),
        geometry: z
          .object({
            type: z.enum(["Point", "Polygon", "MultiPolygon"]),
            coordinates: z.array(z.unknown()),
          })
          .nullable(),
        properties: z.record(z.string(), z.unknown()),
      }),
    ),
  })
  .meta({
    id: "GeoJsonFeatureCollection",
    description:
      "GeoJSON (RFC 7946, longitude first, outer rings counterclockwise). states.geojson: one Feature per state, its boundary as a Polygon or MultiPolygon (Natural Earth, public domain; 5 decimals) and the columns of states.csv as properties, plus boundary_source. schools.geojson: a Point per school with coordinates.",
  });

export const openFileParams = z.object({
  file: z.string().meta({
    description:
      "states.json, states.csv, states.geojson (the states with their boundaries), schools.json, schools.csv, schools.geojson, estimates.json, estimates.csv, reports.json or reports.csv",
  }),
});

/** A filter given once, refused with its own sentence, and with the open data's when repeated. */
const once = <Documented extends z.ZodType>(
  name: string,
  documented: Documented,
  read: (text: string) => z.output<Documented> | undefined,
  refusal: string,
) => queryParameter(documented, read, refusal, { repeated: openDataMessages.repeated(name) });

/** A value of a school results filter as the page writes it (any case, spaces aside), if one of `options`. */
const schoolFilter =
  <const Option extends string>(name: SchoolResultsParameter, options: readonly Option[]) =>
  (text: string): Option | undefined => {
    const value = schoolResultsValue(name, text);
    return options.find((option) => option === value);
  };

const schoolVocabulary = <const Option extends string>(
  name: SchoolResultsParameter,
  options: readonly [Option, ...Option[]],
  description: string,
) =>
  once(
    name,
    z.enum(options).optional().meta({ description }),
    schoolFilter(name, options),
    openDataMessages.badSchoolFilter(name, options),
  );

/** A state by slug (any case) or id; the handler finds it in the states data. */
function stateOf(text: string): string | number | undefined {
  const value = text.trim().toLowerCase();
  if (/^[1-9]\d?$/.test(value)) return Number(value) <= stateSlugs.length ? Number(value) : undefined;
  return stateSlugs.find((slug) => slug === value);
}

/** "South West", also written south-west, South+West or SOUTH WEST. */
function zoneOfText(text: string): Zone | undefined {
  const value = text.trim().toLowerCase().replace(/[-_+]/g, " ");
  return zones.find((zone) => zone.toLowerCase() === value);
}

type LawStatusChoice = LawStatusKey | typeof NO_LAW_YET;
const lawStatusChoices = [
  ...lawStatusCategories.map((category) => category.key),
  NO_LAW_YET,
] as readonly LawStatusChoice[] as readonly [LawStatusChoice, ...LawStatusChoice[]];

/** A comment type as written (reports), or a school type as the results page writes it (schools). */
function typeOf(text: string): CommentType | SchoolType | undefined {
  const trimmed = text.trim();
  return commentTypes.find((type) => type === trimmed) ?? schoolFilter("type", schoolTypes)(text);
}

const day = (parameter: "from" | "to") =>
  once(
    parameter,
    z.iso.date().optional().meta({ description: "YYYY-MM-DD (reports)." }),
    (text) => (isCalendarDay(text.trim()) ? text.trim() : undefined),
    openDataMessages.badDate(parameter),
  );

/**
 * The downloads' query. Each filter's values are checked here, with the sentence that says what it takes.
 * What needs the dataset or the data is checked by the route: a filter of another dataset (zone and status
 * filter the states; lga, group, boarding, ownership and name the schools) is refused as such before its
 * value is read, and the handler checks the type against the dataset's kind of type, the state in the
 * states data, an LGA of the state given, and `from` after `to`.
 */
export const openFileQuery = z.object({
  state: once(
    "state",
    z
      .union([z.enum(stateSlugs), z.int().min(1).max(stateSlugs.length)])
      .optional()
      .meta({ description: "A state by its slug (any case) or its id (states, schools, reports)." }),
    stateOf,
    openDataMessages.badState,
  ),
  zone: once(
    "zone",
    z.enum(zones).optional().meta({
      description: "A geopolitical zone (states), also written south-west or South+West.",
    }),
    zoneOfText,
    openDataMessages.badZone,
  ),
  status: choiceListParam(
    lawStatusChoices,
    "Law statuses (states), any case; repeated for several: status=passed&status=pending. no-law-yet stands for the last three.",
    (text) => lawStatusChoices.find((choice) => choice === text.trim().toLowerCase()),
    openDataMessages.badStatus,
  ),
  type: once(
    "type",
    z
      .enum([...commentTypes, ...schoolTypes])
      .optional()
      .meta({ description: "One comment type (reports); one school type (schools)." }),
    typeOf,
    openDataMessages.badAnyType,
  ),
  lga: singleValueParam(
    "A local government area of the state given, as the school results page writes it (kano-municipal) (schools).",
    openDataMessages.repeated("lga"),
  ),
  group: schoolVocabulary("group", disabilityGroups, "A disability group (schools)."),
  boarding: schoolVocabulary("boarding", boardingKinds, "Day, boarding, or day and boarding (schools)."),
  ownership: schoolVocabulary("ownership", ownershipKinds, "Public, private or mission (schools)."),
  name: once(
    "name",
    z.string().max(60).optional().meta({
      description:
        "Text the school's name contains, or a word such as deaf or blind (schools): at most 60 letters, digits, spaces or the punctuation of a name.",
    }),
    (text) => schoolResultsValue("name", text),
    openDataMessages.badSchoolName,
  ),
  from: day("from"),
  to: day("to"),
  hxl: yesNoParam(
    "1 (or true) adds a row of HXL hashtags to CSV; 0 (or false) leaves it out.",
    openDataMessages.badHxl,
    {
      repeated: openDataMessages.repeated("hxl"),
    },
  ),
  // Without defaults: a CSV download refuses them (pagingInCsv), the other datasets ignore them.
  page: queryParameter(
    z.int().min(1).optional().meta({ description: "Page of reports.json, 1 or more (default 1)." }),
    wholeNumberUpTo(Number.MAX_SAFE_INTEGER),
    openDataMessages.badPage,
  ),
  per_page: queryParameter(
    z
      .int()
      .min(1)
      .max(MAX_REPORTS_PER_PAGE)
      .optional()
      .meta({
        description: `Reports per page of reports.json, 1 to ${MAX_REPORTS_PER_PAGE} (default ${REPORTS_PER_PAGE}).`,
      }),
    wholeNumberUpTo(MAX_REPORTS_PER_PAGE),
    openDataMessages.badPerPage,
  ),
  version: queryParameter(
    z.int().min(1).max(999_999_999).optional().meta({
      description:
        "A version of the dataset (states, schools, estimates), as the catalogue numbers them: the dataset exactly as it was then. 404 for a version it does not have.",
    }),
    (text) => (/^[1-9]\d{0,8}$/.test(text.trim()) ? Number(text.trim()) : undefined),
    openDataMessages.badVersion,
    { repeated: openDataMessages.repeated("version") },
  ),
});

const tableSchemaFieldSchema = z.object({
  name: z.string(),
  type: z.enum(["string", "integer", "number", "boolean", "date", "datetime", "yearmonth"]),
  format: z.literal("uri").optional(),
  description: z.string(),
});

const packageSourceSchema = z.object({ title: z.string(), path: z.string().optional() });

const resourceCommon = {
  name: z.string(),
  path: z.string(),
  title: z.string(),
  description: z.string(),
  encoding: z.literal("utf-8"),
  version: z.string().optional(),
  last_modified: z.string().optional(),
};

/**
 * A Frictionless Data Package (v1, profile data-package): one tabular-data-resource per CSV with its Table
 * Schema, and the states with their boundaries as a GeoJSON data-resource.
 */
export const dataPackageSchema = z
  .object({
    profile: z.literal("data-package"),
    name: z.string(),
    title: z.string(),
    homepage: z.string(),
    licenses: z.array(z.object({ name: z.string(), path: z.string(), title: z.string() })),
    sources: z.array(packageSourceSchema),
    contributors: z.array(z.object({ title: z.string(), role: z.string() })),
    resources: z.array(
      z.union([
        z.object({
          profile: z.literal("tabular-data-resource"),
          ...resourceCommon,
          format: z.literal("csv"),
          mediatype: z.literal("text/csv"),
          schema: z.object({
            fields: z.array(tableSchemaFieldSchema),
            missingValues: z.array(z.string()),
            primaryKey: z.array(z.string()),
          }),
        }),
        z.object({
          profile: z.literal("data-resource"),
          ...resourceCommon,
          format: z.literal("geojson"),
          mediatype: z.literal("application/geo+json"),
          sources: z.array(packageSourceSchema),
        }),
      ]),
    ),
  })
  .meta({ id: "DataPackage" });

/** An unknown dataset or format: the sentence, and the addresses there are. */
export const unknownFileSchema = failureSchema.extend({ formats: z.array(z.string()) });

const csvText = z.string().meta({ description: "CSV (RFC 4180), with a header row." });

export const openDataApi = {
  catalogue: endpoint({
    method: "GET",
    path: "/api/v1/open",
    tag,
    summary: "The catalogue: every dataset, its formats and addresses.",
    access: "anyone",
    response: { 200: catalogueAnswerSchema, 304: z.null().meta({ description: "Not modified." }) },
  }),
  dataPackage: endpoint({
    method: "GET",
    path: "/api/v1/open/datapackage.json",
    tag,
    summary:
      "The downloads as a Frictionless Data Package: a Table Schema per CSV (names, types, descriptions), the states with their boundaries as GeoJSON, the licence and the sources.",
    access: "anyone",
    response: { 200: dataPackageSchema, 304: z.null().meta({ description: "Not modified." }) },
  }),
  file: endpoint({
    method: "GET",
    path: "/api/v1/open/:file",
    tag,
    summary: "A dataset in one format (ETag, Last-Modified, CORS for anyone, the licence in a Link header).",
    access: "anyone",
    params: openFileParams,
    querystring: openFileQuery,
    response: {
      200: {
        description: "The dataset.",
        content: {
          "application/json": { schema: z.union([reportsDocumentSchema, datasetDocumentSchema]) },
          "text/csv": { schema: csvText },
          "application/geo+json": { schema: geoJsonDocumentSchema },
        },
      },
      304: z.null().meta({ description: "Not modified." }),
      400: failureSchema,
      404: unknownFileSchema.meta({
        description: "No such dataset or format, or no such version of the dataset.",
      }),
    },
  }),
  filePreflight: endpoint({
    method: "OPTIONS",
    path: "/api/v1/open/:file",
    tag,
    summary: "CORS preflight for conditional requests from other sites.",
    access: "anyone",
    params: openFileParams,
    response: { 204: z.null().meta({ description: "No content." }) },
  }),
} as const;
