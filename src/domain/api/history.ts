import { z } from "zod";
import { changeKinds, recordKinds } from "../datadesk/record-kinds";
import {
  CHANGES_PER_PAGE,
  MAX_CHANGES_PER_PAGE,
  PUBLIC_EDITORS_NAME,
  historyMessages,
} from "../datadesk/history";
import { openDataMessages } from "../opendata/messages";
import { choiceParam, pagingQuery, singleValueParam } from "./query-schemas";
import { endpoint, failureSchema, pageMetaSchema } from "./shared";

// The public history of the data under /api/v1/open: every published change, newest first, as
// JSON and as an Atom feed, and one record's history. Proposed, rejected and withdrawn changes never
// appear, and editors are "Inclusion Atlas editors", never a name, an e-mail or an id.

const tag = "Open data";

export const changedFieldSchema = z.object({
  field: z.string().meta({ description: 'A dotted path into the record\'s document ("law.year").' }),
  label: z.string().meta({ description: "The field's name in words." }),
  from: z.unknown().meta({ description: "The value before the change (null: empty)." }),
  to: z.unknown().meta({ description: "The value the change published (null: empty)." }),
});

export const changeSourceSchema = z.object({
  url: z
    .string()
    .nullable()
    .meta({ description: "The address the change gives as its source (a link only when http or https)." }),
  title: z.string().nullable().meta({
    description: "The address's title (given with the change, else as the address tells; null when none).",
  }),
  publisher: z.string().nullable().meta({ description: "Who published the address's page (null: none)." }),
  read: z
    .string()
    .nullable()
    .meta({ description: "When the address was read (YYYY-MM-DD); null for changes before it was asked." }),
  document: z
    .object({
      title: z.string(),
      publisher: z.string(),
      date: z.string().nullable().meta({ description: "The document's own date (YYYY-MM-DD), when known." }),
      url: z.string(),
    })
    .nullable()
    .meta({ description: "The uploaded document the change gives as its source." }),
});

export const publishedChangeSchema = z
  .object({
    id: z.string().meta({ description: "The change's id (a UUID)." }),
    published_at: z.string().meta({ description: "When it was published (ISO 8601, UTC)." }),
    kind: z.enum(recordKinds),
    record_id: z.string(),
    record_name: z.string(),
    state_id: z
      .string()
      .nullable()
      .meta({ description: "The state the record is in: a state's own id, a school's state; else null." }),
    change_kind: z.enum(changeKinds),
    version: z
      .int()
      .nullable()
      .meta({ description: "The record's version this publication made (the seed is version 1)." }),
    fields: z.array(changedFieldSchema),
    source: changeSourceSchema,
    note: z.string(),
    from_correction: z.boolean().meta({
      description: "The change came from a visitor's correction (the visitor is never named).",
    }),
    published_by: z.literal(PUBLIC_EDITORS_NAME),
    history_url: z.string().meta({ description: "The page that lists the record's history." }),
  })
  .meta({ id: "PublishedChange" });
export type PublishedChange = z.infer<typeof publishedChangeSchema>;

/** ?page=&per_page= of the published changes. */
const changesPaging = pagingQuery({
  defaultSize: CHANGES_PER_PAGE,
  maxSize: MAX_CHANGES_PER_PAGE,
  pageProblem: historyMessages.badPage,
  perPageProblem: historyMessages.badPerPage,
});

export const publishedChangesQuery = z.object({
  // Checked against the states the data holds by the handler.
  state: singleValueParam(
    "A state's slug or id: changes to that state and to the schools in it.",
    openDataMessages.repeated("state"),
  ),
  kind: choiceParam(
    recordKinds,
    { description: `One kind of record: ${recordKinds.join(", ")}.`, lowerCase: true },
    historyMessages.badKind,
    { repeated: openDataMessages.repeated("kind") },
  ),
  ...changesPaging,
});

export const publishedChangesAnswerSchema = z
  .object({
    success: z.literal(true),
    title: z.string(),
    license: z.object({ id: z.string(), name: z.string(), url: z.string() }),
    filters: z.object({ state: z.string().nullable(), kind: z.enum(recordKinds).nullable() }),
    generation: z.int().meta({ description: "The data's generation: raised by every publication." }),
    meta: pageMetaSchema,
    count: z.int(),
    data: z.array(publishedChangeSchema),
  })
  .meta({ id: "PublishedChangesPage" });
export type PublishedChangesAnswer = z.infer<typeof publishedChangesAnswerSchema>;

export const recordHistoryParams = z.object({
  kind: z.string().meta({ description: `The record's kind: ${recordKinds.join(", ")}.` }),
  id: z.string().meta({ description: "The record's id (\"25\" for a state, a school's number)." }),
});

export const recordHistoryAnswerSchema = z
  .object({
    success: z.literal(true),
    kind: z.enum(recordKinds),
    record_id: z.string(),
    record_name: z.string(),
    state_id: z.string().nullable(),
    first_published: z
      .string()
      .nullable()
      .meta({ description: "When the record was first published (the seed's data, or its addition)." }),
    generation: z.int(),
    meta: pageMetaSchema,
    count: z.int(),
    data: z.array(publishedChangeSchema),
  })
  .meta({ id: "RecordHistory" });
export type RecordHistoryAnswer = z.infer<typeof recordHistoryAnswerSchema>;

const notModified = z.null().meta({ description: "Not modified (the data's generation has not moved)." });

export const historyApi = {
  changesJson: endpoint({
    method: "GET",
    path: "/api/v1/open/changes.json",
    tag,
    summary: "Every published change, newest first, paged; ?state= and ?kind= filter (ETag per generation).",
    access: "anyone",
    querystring: publishedChangesQuery,
    response: { 200: publishedChangesAnswerSchema, 304: notModified, 400: failureSchema },
  }),
  changesAtom: endpoint({
    method: "GET",
    path: "/api/v1/open/changes.atom",
    tag,
    summary: "The same changes as an Atom 1.0 feed (RFC 4287), with the same filters and paging.",
    access: "anyone",
    querystring: publishedChangesQuery,
    response: {
      200: {
        description: "An Atom feed.",
        content: { "application/atom+xml": { schema: z.string() } },
      },
      304: notModified,
      400: failureSchema,
    },
  }),
  recordHistory: endpoint({
    method: "GET",
    path: "/api/v1/open/history/:kind/:id",
    tag,
    summary: "One record's published changes, newest first, paged.",
    access: "anyone",
    params: recordHistoryParams,
    querystring: z.object(changesPaging),
    response: { 200: recordHistoryAnswerSchema, 304: notModified, 400: failureSchema, 404: failureSchema },
  }),
} as const;
