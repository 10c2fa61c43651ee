import { z } from "zod";
import {
  boardingKinds,
  disabilityGroups,
  ownershipKinds,
  policyStatuses,
  schoolTypes,
  type SchoolType,
} from "./vocabulary";

export { policyStatuses, schoolTypes, type SchoolType };

// Schemas of the static datasets in data/. They describe the files as published (see data/SOURCES.md):
// optional facts are empty strings, empty lists or null, never missing keys.

const emptyString = z.literal("");
const webUrl = z.url({ protocol: /^https?$/ });
const optionalUrl = z.union([emptyString, webUrl]);
const optionalEmail = z.union([emptyString, z.email()]);
const sourceUrls = z.array(webUrl);
const asOf = z.string().regex(/^\d{4}-\d{2}$/, "as_of must be YYYY-MM");

/**
 * One of a record's sources as the database keeps it: its address, title, publisher and the date it was
 * read (YYYY-MM-DD; YYYY-MM for a source of data/*.json, which only knows its record's "as of" month).
 * `title` is empty only for a seeded address that carries no title of its own ("/?p=21613").
 * `url` is a web address, or the site's own address of an uploaded document ("/documents/…").
 */
export const recordSourceSchema = z.object({
  url: z.union([webUrl, z.string().regex(/^\/documents\/[^\s]+$/)]),
  title: z.string(),
  publisher: z.string().min(1),
  read: z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, "read must be YYYY-MM-DD or YYYY-MM"),
});
export type RecordSource = z.infer<typeof recordSourceSchema>;
const recordSources = z.array(recordSourceSchema);

/**
 * Texts readers read, translated by editors: `translations.ha.desc`, `translations.yo.key_findings`.
 * Absent in data/*.json; a record without one shows the English text marked as English.
 */
const translations = z
  .record(z.string(), z.object({ desc: z.string().optional(), key_findings: z.array(z.string()).optional() }))
  .optional();

export const stateRecordSchema = z.object({
  id: z.number().int().min(1).max(37),
  country: z.literal("NG"),
  state: z.string().trim().min(1),
  code: z.string().regex(/^NG-[A-Z]{2}$/),
  status: z.enum(policyStatuses),
  law: z.object({
    name: z.string(),
    year: z.number().int().min(1960).max(2100).nullable(),
    /** The law's text uploaded to the data desk (a data_documents id), when an editor set one. */
    document_id: z.string().optional(),
  }),
  agency: z.string(),
  url: optionalUrl,
  desc: z.string(),
  ranking: z.union([emptyString, z.string().regex(/^\d+(st|nd|rd|th)$/)]),
  score: z.number().min(0).max(100).nullable(),
  score_source: z.string().nullable(),
  key_findings: z.array(z.string()),
  email: optionalEmail,
  phone: z.union([z.array(z.string().min(1)), z.string()]),
  address: z.string(),
  website: optionalUrl,
  notes: z.string(),
  sources: recordSources,
  as_of: asOf,
  translations,
});
export type StateRecord = z.infer<typeof stateRecordSchema>;

export const schoolSchema = z.object({
  id: z.number().int().positive(),
  country: z.literal("NG"),
  state: z.string(),
  name: z.string().trim().min(1),
  type: z.array(z.enum(schoolTypes)),
  location: z.string(),
  local_government: z.string(),
  desc: z.string(),
  disability_groups: z.array(z.enum(disabilityGroups)),
  boarding: z.enum(["", ...boardingKinds]),
  ownership: z.enum(["", ...ownershipKinds]),
  picture_url: optionalUrl,
  website: optionalUrl,
  phone: z.string(),
  email: optionalEmail,
  sources: recordSources,
  as_of: asOf,
  /** Where the school is, when an editor gave it; absent in data/schools.json. */
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  translations,
});
export type School = z.infer<typeof schoolSchema>;

// data/states.json and data/schools.json list their sources as bare addresses; the seed and the readers of
// those files turn each into a source (src/domain/datasets/record-sources.ts).
export const stateFileSchema = stateRecordSchema.extend({ sources: sourceUrls });
export const schoolFileSchema = schoolSchema.extend({ sources: sourceUrls });
export type StateFileRecord = z.infer<typeof stateFileSchema>;
export type SchoolFileRecord = z.infer<typeof schoolFileSchema>;

const ageBandSchema = z.object({ band: z.string(), share: z.number(), count: z.number().int() });

export const countrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().length(2),
  population: z.object({
    total: z.number().int(),
    withDisability: z.number().int(),
    withoutDisability: z.number().int(),
  }),
  policy: z.object({
    title: z.string(),
    desc: z.string(),
    url: optionalUrl,
    address: z.string(),
    number: z.array(z.string()),
    email: optionalEmail,
    /** Set when `url` is not an official copy: what it is, to show beside the link. */
    urlNote: z.string().optional(),
    /** The uploaded PDF of the policy's text (data desk), linked when set. */
    document_id: z.string().optional(),
  }),
  /** The State of Disability Inclusion Report's uploaded PDF, /sdir's DOWNLOAD NOW when set. */
  sdir: z.object({ document_id: z.string().optional() }).optional(),
  statistics: z.object({
    year: z.number().int(),
    disabilityShare: z.number(),
    employedShare: z.number(),
    gender_distribution: z.object({
      total: z.object({ male: z.number().int(), female: z.number().int() }),
      share: z.object({ male: z.number(), female: z.number() }),
    }),
    employmentDistribution: z.object({ employed: z.object({ totalEmployed: z.number().int() }) }),
    ageBands: z.array(ageBandSchema).length(5),
  }),
  sources: z.array(z.object({ figure: z.string(), source: z.string() })),
  as_of: asOf,
});
export type Country = z.infer<typeof countrySchema>;

const namedLink = z.object({ name: z.string(), url: optionalUrl });

export const siteSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  initiative: z.string(),
  tagline: z.string(),
  poweredBy: namedLink,
  supportedBy: namedLink,
  contact: z.object({ email: optionalEmail, phone: z.string() }),
  social: z.object({
    facebook: optionalUrl,
    x: optionalUrl,
    instagram: optionalUrl,
    linkedin: optionalUrl,
    youtube: optionalUrl,
  }),
  blogUrl: optionalUrl,
  sdir: z.object({
    title: z.string(),
    publisher: z.string(),
    launched: z.iso.date(),
    pdfUrl: optionalUrl,
    highlights: z.array(z.string()),
    sources: sourceUrls,
  }),
});
export type Site = z.infer<typeof siteSchema>;

type Position = [number, number];
export const mapSchema = z.object({
  type: z.literal("FeatureCollection"),
  features: z.array(
    z.object({
      type: z.literal("Feature"),
      properties: z.object({ name: z.string(), code: z.string().regex(/^NG-[A-Z]{2}$/) }),
      geometry: z.discriminatedUnion("type", [
        z.object({
          type: z.literal("Polygon"),
          coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
        }),
        z.object({
          type: z.literal("MultiPolygon"),
          coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))),
        }),
      ]),
    }),
  ),
});
export type MapCollection = z.infer<typeof mapSchema>;
export type MapPosition = Position;

// data/estimates.json: published estimates side by side (see data/estimates-report.md). null means the
// source gives no value, never zero.
const threshold = z.object({
  threshold: z.string(),
  age: z.string().optional(),
  percent: z.number().nullable().optional(),
  persons: z.number().int().nullable().optional(),
  percent_of_households: z.number().nullable().optional(),
});

export const estimateSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  label: z.string().min(1),
  kind: z.string().min(1),
  measured_in_nigeria: z.boolean(),
  publisher: z.string().min(1),
  title: z.string().min(1),
  year: z.number().int().min(1990).max(2100).nullable(),
  url: webUrl.nullable(),
  seen_in: z.array(z.object({ url: webUrl, what: z.string() })),
  method: z.string(),
  counts: z.string(),
  share_percent: z.number().min(0).max(100).nullable(),
  persons: z.number().int().positive().nullable(),
  population_base: z.string(),
  thresholds: z.array(threshold).nullable(),
  breakdowns: z.record(z.string(), z.unknown()).nullable(),
  cite_as: z.string().min(1),
  notes: z.string(),
});
export type Estimate = z.infer<typeof estimateSchema>;

export const estimatesSchema = z.object({
  as_of: asOf,
  about: z.string(),
  fields: z.record(z.string(), z.string()),
  headline: z.object({
    estimate_id: z.string(),
    why: z.string(),
    suggested_wording: z.string(),
    caveats: z.string(),
    no_sourced_breakdown_for: z.string(),
  }),
  estimates: z.array(estimateSchema).min(1),
});
export type Estimates = z.infer<typeof estimatesSchema>;
