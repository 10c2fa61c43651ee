import { z } from "zod";
import {
  boardingKinds,
  disabilityGroups,
  ownershipKinds,
  policyStatuses,
  schoolTypes,
} from "../datasets/vocabulary";
import { lgaOfState, lgasByState } from "../reports/report-lgas";
import { sameState } from "../datasets/state-names";
import type { KeysUnder, MessageKey } from "../../i18n/message-keys";
import { normaliseNigerianPhone } from "./phone";
import { UUID_SHAPE } from "../uuid-shape";
import { isCitableWebAddress } from "../web-address";

// The one place that describes each field editors can change: where it lives in the record's
// JSON document (the shapes of src/domain/datasets/schemas.ts), its type, the rule a new value must pass,
// the message id of its label (catalogue `datadesk`), its open-data column, and whether the directory
// filters on it. The API's schema of an edit, the list the edit form renders and the OpenAPI document are
// derived from here, and so are the open-data columns it adds (src/domain/opendata/datasets.ts); the
// server applies the very same rules.
//
// A rule takes what a person typed and gives the value as the document stores it (a phone number becomes
// +234…, a rank 5 becomes "5th"), or fails with a problem key: `datadesk.problem.<key>` in the catalogues,
// worded in the reader's language with the field's {max}, {min} and {thisYear}.
//
// A record's open/closed/merged status is not a field of its document: it is changed by the change kinds
// close, reopen and merge (record-kinds.ts), and shown beside the fields.

/**
 * The kinds of record the data desk's form edits (the estimates' dataset's description is not). Of the
 * country record, only which uploaded documents are the national policy's text and the SDIR report.
 */
export const editableKinds = ["state", "school", "estimate", "country"] as const;
export type EditableKind = (typeof editableKinds)[number];

/** The languages a reader's text may be translated into (English is the text itself). */
export const translationLanguages = ["ha", "yo", "ig", "pcm"] as const;
export type TranslationLanguage = (typeof translationLanguages)[number];

export const fieldTypes = [
  "text",
  "longText",
  "textList",
  "choice",
  "choices",
  "year",
  "integer",
  "number",
  "url",
  "urlList",
  "email",
  "phone",
  "phoneList",
  "state",
  "lga",
  "rank",
  "document",
  "latitude",
  "longitude",
] as const;
export type FieldType = (typeof fieldTypes)[number];

/** What a rule knows besides the value: the year today (a law cannot be passed next year). */
export interface RuleContext {
  thisYear: number;
}

export const FIRST_LAW_YEAR = 1960;
export const FIRST_ESTIMATE_YEAR = 1990;
export const STATE_COUNT = 37;
export const KEY_FINDINGS_COUNT = 5;
export const SHORT_TEXT_MAX = 300;
export const LONG_TEXT_MAX = 3000;
export const FINDING_MAX = 1000;
export const URL_MAX = 500;
export const EMAIL_MAX = 254;
export const LIST_MAX = 20;

/** The problems a field's value can have: `datadesk.problem.<key>` in the catalogues. */
export const fieldProblemKeys = [
  "unreadable",
  "required",
  "tooLong",
  "tooMany",
  "html",
  "choice",
  "year",
  "rank",
  "rankTaken",
  "score",
  "number",
  "url",
  "email",
  "phone",
  "state",
  "lga",
  "latitude",
  "longitude",
  "coordinatesPair",
  "document",
  "findingsCount",
  "unknownField",
] as const;
export type FieldProblemKey = (typeof fieldProblemKeys)[number];

export interface FieldDescription {
  kind: EditableKind;
  /** The dotted path into the record's JSON document, and the field's name in the API ("law.year"). */
  path: string;
  type: FieldType;
  /** Message id of the field's label in the catalogues ("datadesk.field.state.law.year"). */
  label: MessageKey;
  /** The open-data column that shows it, or null. */
  column: string | null;
  /**
   * What the column holds, in English, for the data dictionary and the data package: needed by a column
   * that src/domain/opendata/datasets.ts does not write out itself (it adds such a column at the end).
   */
  meaning?: string;
  /** Whether the public directory filters on it. */
  filters: boolean;
  /** Texts readers read: a translation may be given under `translations.<lang>.<path>`. */
  translatable: boolean;
  /** The longest text (of each item, for a list), or the most items. */
  maxLength?: number;
  maxItems?: number;
  /** The smallest value (a year's first), for the message. */
  min?: number;
  /** The values a choice (or each of several choices) may take, in the form's order. */
  options?: readonly string[];
  /** Must have a value when a record is added. */
  requiredOnAdd?: boolean;
  /** What a person typed → the value as the document stores it (or a problem key). */
  rule: (context: RuleContext) => z.ZodType;
}

// Rules -----------------------------------------------------------------------------------------------

const problem = (key: FieldProblemKey) => ({ error: key });

/** Anything that looks like an HTML tag: the pages print text, never markup, and nobody needs one. */
const htmlTag = /<\/?[a-z!][^>]*>/i;

const cleanText = (max: number) =>
  z
    .string(problem("unreadable"))
    // PostgreSQL text cannot hold NUL; nobody types one.
    .transform((value) => value.replaceAll("\u0000", "").trim())
    .refine((value) => value.length <= max, problem("tooLong"))
    .refine((value) => !htmlTag.test(value), problem("html"));

const requiredText = (max: number) => cleanText(max).refine((value) => value.length > 0, problem("required"));

const webAddress = z
  .string(problem("url"))
  .trim()
  .max(URL_MAX, problem("tooLong"))
  .refine(isCitableWebAddress, problem("url"));

/** "" or an http(s) address. */
const optionalWebAddress = z.union([z.literal(""), webAddress], problem("url"));

const emailAddress = z.union(
  [
    z.literal(""),
    z
      .string()
      .trim()
      .max(EMAIL_MAX, problem("tooLong"))
      .pipe(z.email(problem("email"))),
  ],
  problem("email"),
);

const phoneNumber = z.string(problem("phone")).transform((value, context) => {
  if (value.trim() === "") return "";
  const normalised = normaliseNigerianPhone(value);
  if (normalised === null) {
    context.addIssue({ code: "custom", message: "phone" });
    return z.NEVER;
  }
  return normalised;
});

const ordinalSuffix = (rank: number): string => {
  const lastTwo = rank % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return "th";
  return { 1: "st", 2: "nd", 3: "rd" }[rank % 10] ?? "th";
};

/** A rank as the document writes it ("5th"), from 5, "5" or "5th"; "" for none. */
export function rankText(rank: number): string {
  return `${rank}${ordinalSuffix(rank)}`;
}

/** The number of a rank as the document writes it ("5th" → 5), or null for none. */
export function rankNumber(ranking: unknown): number | null {
  if (typeof ranking !== "string") return null;
  const match = /^(\d+)(st|nd|rd|th)?$/.exec(ranking.trim());
  return match ? Number(match[1]) : null;
}

const rank = z.union([z.number(), z.string(), z.null()], problem("rank")).transform((value, context) => {
  if (value === null || (typeof value === "string" && value.trim() === "")) return "";
  const number = typeof value === "number" ? value : rankNumber(value);
  if (number === null || !Number.isInteger(number) || number < 1 || number > STATE_COUNT) {
    context.addIssue({ code: "custom", message: "rank" });
    return z.NEVER;
  }
  return rankText(number);
});

const year = ({ thisYear }: RuleContext) =>
  z
    .number(problem("year"))
    .int(problem("year"))
    .min(FIRST_LAW_YEAR, problem("year"))
    .max(thisYear, problem("year"))
    .nullable();

const optionalNumber = (min: number, max: number, key: FieldProblemKey) =>
  z.number(problem(key)).min(min, problem(key)).max(max, problem(key)).nullable();

const choice = (options: readonly string[]) => z.enum(options as [string, ...string[]], problem("choice"));

const choices = (options: readonly string[]) =>
  z
    .array(choice(options), problem("choice"))
    .transform((values) => [...new Set(values)])
    .refine((values) => values.length <= options.length, problem("tooMany"));

const stateNames = lgasByState.map((entry) => entry.state);

const stateName = z.string(problem("state")).transform((value, context) => {
  const found = stateNames.find((name) => sameState(name, value));
  if (!found) {
    context.addIssue({ code: "custom", message: "state" });
    return z.NEVER;
  }
  return found;
});

const lgaName = cleanText(SHORT_TEXT_MAX);

const documentId = z.union(
  [
    z.literal(""),
    z
      .string()
      .regex(UUID_SHAPE, problem("document"))
      .transform((value) => value.toLowerCase()),
  ],
  problem("document"),
);

const findings = z
  .array(requiredText(FINDING_MAX), problem("findingsCount"))
  .length(KEY_FINDINGS_COUNT, problem("findingsCount"));

/** Nigeria lies between 4° and 14° north and 2.5° and 15° east: a point elsewhere is a typing mistake. */
const NIGERIA = { north: { min: 4, max: 14 }, east: { min: 2.5, max: 15 } } as const;
const latitude = z
  .number(problem("latitude"))
  .min(NIGERIA.north.min, problem("latitude"))
  .max(NIGERIA.north.max, problem("latitude"))
  .nullable();
const longitude = z
  .number(problem("longitude"))
  .min(NIGERIA.east.min, problem("longitude"))
  .max(NIGERIA.east.max, problem("longitude"))
  .nullable();

// The fields --------------------------------------------------------------------------------------------

type Described = Omit<FieldDescription, "kind" | "label" | "translatable" | "filters" | "column"> &
  Partial<Pick<FieldDescription, "translatable" | "filters" | "column">>;

// A path is a key under `datadesk.field.<kind>.` in the catalogues: a field without its label fails the
// type check where it is described (so the label's id below is a message id, which TypeScript cannot see
// through the generic). Each description keeps its literal path, type and options in its type, from which
// the API's schema of an edit types each path (EditFieldsShape).
const describe = <
  Kind extends EditableKind,
  const Fields extends readonly (Described & { path: KeysUnder<`datadesk.field.${Kind}.`> })[],
>(
  kind: Kind,
  fields: Fields,
) =>
  fields.map((field) => ({
    kind,
    label: `datadesk.field.${kind}.${field.path}` as MessageKey,
    translatable: false,
    filters: false,
    column: null,
    ...field,
  })) as unknown as { readonly [Index in keyof Fields]: Fields[Index] & FieldDescription };

const always =
  <T>(schema: T) =>
  () =>
    schema;

const stateDescriptions = describe("state", [
  {
    path: "status",
    type: "choice",
    options: policyStatuses,
    column: "law_status",
    filters: true,
    rule: always(choice(policyStatuses)),
  },
  {
    path: "law.name",
    type: "text",
    maxLength: SHORT_TEXT_MAX,
    column: "law_title",
    rule: always(cleanText(SHORT_TEXT_MAX)),
  },
  { path: "law.year", type: "year", min: FIRST_LAW_YEAR, column: "law_year", rule: year },
  {
    path: "law.document_id",
    type: "document",
    column: null,
    rule: always(documentId),
  },
  {
    path: "agency",
    type: "text",
    maxLength: SHORT_TEXT_MAX,
    column: "agency",
    rule: always(cleanText(SHORT_TEXT_MAX)),
  },
  { path: "ranking", type: "rank", column: "ranking", rule: always(rank) },
  { path: "score", type: "number", column: "score", rule: always(optionalNumber(0, 100, "score")) },
  {
    path: "desc",
    type: "longText",
    maxLength: LONG_TEXT_MAX,
    column: "description",
    translatable: true,
    rule: always(cleanText(LONG_TEXT_MAX)),
  },
  {
    path: "key_findings",
    type: "textList",
    maxLength: FINDING_MAX,
    maxItems: KEY_FINDINGS_COUNT,
    column: "key_findings",
    translatable: true,
    rule: always(findings),
  },
  {
    path: "address",
    type: "text",
    maxLength: SHORT_TEXT_MAX,
    column: "address",
    rule: always(cleanText(SHORT_TEXT_MAX)),
  },
  {
    path: "phone",
    type: "phoneList",
    maxItems: 5,
    column: "phone",
    rule: always(z.array(phoneNumber, problem("phone")).max(5, problem("tooMany")).transform(nonEmpty)),
  },
  { path: "email", type: "email", maxLength: EMAIL_MAX, column: null, rule: always(emailAddress) },
  {
    path: "website",
    type: "url",
    maxLength: URL_MAX,
    column: "agency_website",
    rule: always(optionalWebAddress),
  },
  {
    path: "url",
    type: "url",
    maxLength: URL_MAX,
    column: "policy_document_url",
    rule: always(optionalWebAddress),
  },
  {
    path: "sources",
    type: "urlList",
    maxItems: LIST_MAX,
    column: "sources",
    rule: always(z.array(webAddress, problem("url")).max(LIST_MAX, problem("tooMany"))),
  },
]);

const schoolDescriptions = describe("school", [
  {
    path: "name",
    type: "text",
    maxLength: SHORT_TEXT_MAX,
    column: "name",
    filters: true,
    requiredOnAdd: true,
    rule: always(requiredText(SHORT_TEXT_MAX)),
  },
  {
    path: "state",
    type: "state",
    column: "state",
    filters: true,
    requiredOnAdd: true,
    rule: always(stateName),
  },
  {
    path: "local_government",
    type: "lga",
    maxLength: SHORT_TEXT_MAX,
    column: "local_government",
    filters: true,
    rule: always(lgaName),
  },
  {
    path: "type",
    type: "choices",
    options: schoolTypes,
    column: "type",
    filters: true,
    rule: always(choices(schoolTypes)),
  },
  {
    path: "disability_groups",
    type: "choices",
    options: disabilityGroups,
    column: "disability_groups",
    filters: true,
    rule: always(choices(disabilityGroups)),
  },
  {
    path: "boarding",
    type: "choice",
    options: ["", ...boardingKinds],
    column: "boarding",
    filters: true,
    rule: always(choice(["", ...boardingKinds])),
  },
  {
    path: "ownership",
    type: "choice",
    options: ["", ...ownershipKinds],
    column: "ownership",
    filters: true,
    rule: always(choice(["", ...ownershipKinds])),
  },
  {
    path: "location",
    type: "text",
    maxLength: SHORT_TEXT_MAX,
    column: "location",
    rule: always(cleanText(SHORT_TEXT_MAX)),
  },
  { path: "latitude", type: "latitude", column: null, rule: always(latitude) },
  { path: "longitude", type: "longitude", column: null, rule: always(longitude) },
  { path: "phone", type: "phone", column: "phone", rule: always(phoneNumber) },
  { path: "email", type: "email", maxLength: EMAIL_MAX, column: null, rule: always(emailAddress) },
  { path: "website", type: "url", maxLength: URL_MAX, column: "website", rule: always(optionalWebAddress) },
  {
    path: "desc",
    type: "longText",
    maxLength: LONG_TEXT_MAX,
    column: "description",
    translatable: true,
    rule: always(cleanText(LONG_TEXT_MAX)),
  },
  {
    path: "sources",
    type: "urlList",
    maxItems: LIST_MAX,
    column: "sources",
    rule: always(z.array(webAddress, problem("url")).max(LIST_MAX, problem("tooMany"))),
  },
]);

/** A national estimate: the figure (a share in percent, a number of persons), its population, year, source. */
const estimateDescriptions = describe("estimate", [
  {
    path: "share_percent",
    type: "number",
    column: "share_percent",
    rule: always(optionalNumber(0, 100, "number")),
  },
  {
    path: "persons",
    type: "integer",
    column: "persons",
    rule: always(
      z
        .number(problem("number"))
        .int(problem("number"))
        .positive(problem("number"))
        .max(1e9, problem("number"))
        .nullable(),
    ),
  },
  {
    path: "population_base",
    type: "text",
    maxLength: SHORT_TEXT_MAX,
    column: "population_base",
    rule: always(cleanText(SHORT_TEXT_MAX)),
  },
  {
    path: "year",
    type: "year",
    min: FIRST_ESTIMATE_YEAR,
    column: "year",
    rule: ({ thisYear }) =>
      z
        .number(problem("year"))
        .int(problem("year"))
        .min(FIRST_ESTIMATE_YEAR, problem("year"))
        .max(thisYear, problem("year"))
        .nullable(),
  },
  {
    path: "publisher",
    type: "text",
    maxLength: SHORT_TEXT_MAX,
    column: "publisher",
    rule: always(requiredText(SHORT_TEXT_MAX)),
  },
  {
    path: "title",
    type: "text",
    maxLength: SHORT_TEXT_MAX,
    column: "title",
    rule: always(requiredText(SHORT_TEXT_MAX)),
  },
  {
    path: "url",
    type: "url",
    maxLength: URL_MAX,
    column: "url",
    rule: always(z.union([z.null(), z.literal("").transform(() => null), webAddress], problem("url"))),
  },
  {
    path: "cite_as",
    type: "text",
    maxLength: SHORT_TEXT_MAX * 2,
    column: "cite_as",
    rule: always(requiredText(SHORT_TEXT_MAX * 2)),
  },
]);

/**
 * The national record (Nigeria, "NG"): which uploaded PDFs are the national policy's text (linked beside the
 * policy on the home page) and the State of Disability Inclusion Report (/sdir's DOWNLOAD NOW). The report
 * is the country's, so it is kept on the country's record rather than in a record kind of its own.
 */
const countryDescriptions = describe("country", [
  { path: "policy.document_id", type: "document", column: null, rule: always(documentId) },
  { path: "sdir.document_id", type: "document", column: null, rule: always(documentId) },
]);

function nonEmpty(values: string[]): string[] {
  return values.filter((value) => value !== "");
}

export const stateFields: readonly FieldDescription[] = stateDescriptions;
export const schoolFields: readonly FieldDescription[] = schoolDescriptions;
export const estimateFields: readonly FieldDescription[] = estimateDescriptions;
export const countryFields: readonly FieldDescription[] = countryDescriptions;

const describedFields = {
  state: stateDescriptions,
  school: schoolDescriptions,
  estimate: estimateDescriptions,
  country: countryDescriptions,
};

export const fieldsOf: Record<EditableKind, readonly FieldDescription[]> = describedFields;

// What the API takes for each field -----------------------------------------------------------------------

type Options<Field extends { options?: readonly string[] }> = NonNullable<Field["options"]>[number];

const text = (field: FieldDescription) =>
  z
    .string()
    .max(field.maxLength ?? SHORT_TEXT_MAX)
    .meta({ description: `Text, at most ${field.maxLength ?? SHORT_TEXT_MAX} characters.` });
const textList = (about: string) => (field: FieldDescription) =>
  z
    .array(z.string())
    .max(field.maxItems ?? LIST_MAX)
    .meta({ description: `A list of ${about}, at most ${field.maxItems ?? LIST_MAX}.` });
const optionsOf = (field: FieldDescription) => z.enum((field.options ?? []) as readonly string[]);
const numberOrNone = (about: string) => () =>
  z
    .number()
    .nullable()
    .meta({ description: `${about}, or null for none.` });
const degrees = (direction: string, range: { min: number; max: number }) =>
  z
    .number()
    .min(range.min)
    .max(range.max)
    .nullable()
    .meta({ description: `Degrees ${direction}, within Nigeria (${range.min} to ${range.max}), or null.` });

/**
 * What the API takes for a field of each type, before the field's rule judges it: the type the OpenAPI
 * document gives the field and the value the web form sends for it. The rule (above) stays the judge: it
 * turns what was sent into what the document stores (a phone number into +234…, a rank 5 into "5th"), so
 * a type here is what a person's input becomes in JSON, never the stored form.
 */
export const fieldInputs = {
  text,
  longText: text,
  textList: textList("texts"),
  choice: (field: FieldDescription) => optionsOf(field).meta({ description: "One of the listed values." }),
  choices: (field: FieldDescription) =>
    z.array(optionsOf(field)).meta({ description: "Any of the listed values (each once)." }),
  year: (field: FieldDescription) =>
    z
      .int()
      .min(field.min ?? FIRST_LAW_YEAR)
      .nullable()
      .meta({ description: `A year from ${field.min ?? FIRST_LAW_YEAR} to this year, or null for none.` }),
  integer: numberOrNone("A whole number"),
  number: numberOrNone("A number"),
  url: () => z.string().meta({ description: 'An http(s) address, or "" for none.' }),
  urlList: textList("http(s) addresses"),
  email: () => z.string().meta({ description: 'An e-mail address, or "" for none.' }),
  phone: () =>
    z.string().meta({ description: 'A Nigerian phone number (0803 123 4567 or +234…), or "" for none.' }),
  phoneList: textList("Nigerian phone numbers (0803 123 4567 or +234…)"),
  state: () => z.string().meta({ description: "One of the 36 states or the FCT, by its name." }),
  lga: () => z.string().meta({ description: "A local government area of the school's state, by its name." }),
  rank: () =>
    z
      .union([z.string(), z.int().min(1).max(STATE_COUNT), z.null()])
      .meta({ description: `A rank from 1 to ${STATE_COUNT} (5, "5" or "5th"); "" or null for none.` }),
  document: () => z.string().meta({ description: 'An uploaded document\'s id (a UUID), or "" for none.' }),
  latitude: () => degrees("north", NIGERIA.north),
  longitude: () => degrees("east", NIGERIA.east),
} satisfies Record<FieldType, (field: FieldDescription) => z.ZodType>;

/** The schema of what the API takes for a field of this description (a choice's options kept in its type). */
export type FieldInputSchema<Field extends Pick<FieldDescription, "type" | "options">> =
  Field["type"] extends "choice"
    ? z.ZodEnum<{ [Option in Options<Field>]: Option }>
    : Field["type"] extends "choices"
      ? z.ZodArray<z.ZodEnum<{ [Option in Options<Field>]: Option }>>
      : ReturnType<(typeof fieldInputs)[Field["type"]]>;

/** What the API takes for a field of this type (a choice: any text, its options being the record's). */
export type FieldValue<Type extends FieldType = FieldType> = Type extends FieldType
  ? z.input<ReturnType<(typeof fieldInputs)[Type]>>
  : never;

/** The schema of what the API takes for a field, from its type. */
export function fieldInput<const Field extends FieldDescription>(field: Field): FieldInputSchema<Field> {
  return fieldInputs[field.type](field) as unknown as FieldInputSchema<Field>;
}

type OptionalInput<Field extends Pick<FieldDescription, "type" | "options">> =
  FieldInputSchema<Field> extends infer Schema extends z.ZodType ? z.ZodOptional<Schema> : never;
type DescribedFields = typeof describedFields;
type DescribedField<Kind extends EditableKind> = DescribedFields[Kind][number];
type TranslatablePath<Kind extends EditableKind> = Extract<
  DescribedField<Kind>,
  { translatable: true }
>["path"];

/**
 * What an edit of a kind may set, path by path: each field by its description, and each translatable one
 * under `translations.<lang>.<path>` with the same type. A field added to the kind's list is here too.
 */
export type EditFieldsShape<Kind extends EditableKind> = {
  [Path in DescribedField<Kind>["path"]]: OptionalInput<Extract<DescribedField<Kind>, { path: Path }>>;
} & {
  [Path in TranslatablePath<Kind> as `translations.${TranslationLanguage}.${Path}`]: OptionalInput<
    Extract<DescribedField<Kind>, { path: Path }>
  >;
};

/** The values an edit of a kind may set, path by path (none required). */
export type EditFields<Kind extends EditableKind> = z.input<z.ZodObject<EditFieldsShape<Kind>>>;

/** `translations.ha.desc` → the translated field's description and its language; null otherwise. */
export function translationOf(
  kind: EditableKind,
  path: string,
): { language: TranslationLanguage; field: FieldDescription } | null {
  const match = /^translations\.([a-z]+)\.(.+)$/.exec(path);
  if (!match) return null;
  const language = translationLanguages.find((code) => code === match[1]);
  const field = fieldsOf[kind].find((candidate) => candidate.path === match[2] && candidate.translatable);
  return language && field ? { language, field } : null;
}

/**
 * The description of a field by its path, a translation's included (`translations.yo.key_findings` is
 * described by `key_findings`, with the same rule); null for a path editors cannot change.
 */
export function fieldAt(kind: EditableKind, path: string): FieldDescription | null {
  return fieldsOf[kind].find((field) => field.path === path) ?? translationOf(kind, path)?.field ?? null;
}

/** A path the edit form shows: the field that describes it, and a translation's language (null for none). */
export interface EditablePath {
  path: string;
  field: FieldDescription;
  language: TranslationLanguage | null;
}

/** Every path the edit form shows for a kind: the fields, then each translatable one in each language. */
export function editableFields(kind: EditableKind): EditablePath[] {
  const fields = fieldsOf[kind];
  return [
    ...fields.map((field) => ({ path: field.path, field, language: null })),
    ...translationLanguages.flatMap((language) =>
      fields
        .filter((field) => field.translatable)
        .map((field) => ({ path: `translations.${language}.${field.path}`, field, language })),
    ),
  ];
}

/** Every path the edit form shows for a kind (editableFields' paths). */
export function editablePaths(kind: EditableKind): string[] {
  return editableFields(kind).map(({ path }) => path);
}

// Values in documents --------------------------------------------------------------------------------

/** The value at a dotted path of a JSON document (undefined when absent). */
export function valueAt(document: unknown, path: string): unknown {
  let value: unknown = document;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A copy of the document with `value` at the dotted path (objects on the way made as needed). */
export function withValueAt<T>(document: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split(".");
  const object =
    document !== null && typeof document === "object" && !Array.isArray(document) ? document : {};
  if (key === undefined) return document;
  const current = (object as Record<string, unknown>)[key];
  return {
    ...object,
    [key]: rest.length === 0 ? value : withValueAt(current, rest.join("."), value),
  } as T;
}

/** Two JSON values say the same (key order aside). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonicalJson(a ?? null) === canonicalJson(b ?? null);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

// A whole record's rules (across fields) ------------------------------------------------------------------

export interface FieldProblem {
  field: string;
  key: FieldProblemKey;
  /** Values for the message's placeholders beyond the field's own ({state}, {rank}). */
  values?: Record<string, string | number>;
}

/**
 * Rules that need more than one field: a school's LGA must be one of its state's 774 (spelled as the
 * registry spells it, which this returns), and latitude and longitude come together. Returns the problems
 * and the document with the LGA's spelling fixed.
 */
export function recordProblems(
  kind: EditableKind,
  document: Record<string, unknown>,
): { problems: FieldProblem[]; document: Record<string, unknown> } {
  const problems: FieldProblem[] = [];
  let fixed = document;
  if (kind === "school") {
    const lga = typeof document.local_government === "string" ? document.local_government.trim() : "";
    const state = lgasByState.find((entry) => sameState(entry.state, String(document.state ?? "")));
    if (lga !== "") {
      const spelled = state ? lgaOfState(state.stateId, lga) : undefined;
      if (!spelled) {
        problems.push({ field: "local_government", key: "lga", values: { state: state?.state ?? "" } });
      } else {
        fixed = { ...fixed, local_government: spelled };
      }
    }
    const hasLatitude = typeof document.latitude === "number";
    const hasLongitude = typeof document.longitude === "number";
    if (hasLatitude !== hasLongitude) {
      problems.push({ field: hasLatitude ? "longitude" : "latitude", key: "coordinatesPair" });
    }
  }
  return { problems, document: fixed };
}

/** The key of a record's name in its document: a state's, a school's, an estimate's label, a country's. */
export const recordNameKey: Record<EditableKind, string> = {
  state: "state",
  school: "name",
  estimate: "label",
  country: "name",
};

/** The names of a record for the desk's search and lists: a state's, a school's, an estimate's label. */
export function recordName(kind: EditableKind, document: unknown): string {
  const key = recordNameKey[kind];
  const name = valueAt(document, key);
  return typeof name === "string" ? name.trim() : "";
}

/**
 * The schema of an edit's `fields` for a kind: each editable path (translations included) with its rule,
 * none required; a path that is not one is refused (`unknownField`). The API validates with it; each
 * issue's path is the field and its message the problem key.
 */
export function editSchema(kind: EditableKind, context: RuleContext) {
  const shape = Object.fromEntries(
    editableFields(kind).map(({ path, field }) => [path, field.rule(context).optional()]),
  );
  return z.strictObject(shape, problem("unknownField"));
}
