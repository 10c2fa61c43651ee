import { z } from "zod";
import { correctionMessages, correctionStatuses, correctionSubjects } from "../corrections/correction-rules";
import { endpoint, failures, idParams, messageAnswerSchema, pageMetaSchema } from "./shared";
import { choiceParamOr } from "./query-schemas";
import { reportListPaging } from "./reports";

// "Suggest a correction" under /api/v1/corrections.

const tag = "Corrections";

const text = (max: number) =>
  z
    .string({ error: correctionMessages.unreadable })
    .max(max * 2, { error: correctionMessages.textTooLong })
    // PostgreSQL text cannot hold NUL; nobody types one.
    .transform((value) => value.replaceAll("\u0000", ""));

const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value ?? "");

/**
 * The body of a new correction; the length and form of each text are then checked by correctionFieldProblem,
 * and a translation's language and page by translationProblem. A state or school needs `subjectId`; a
 * translation needs `language` and `page` instead.
 */
export const correctionSubmissionSchema = z.object(
  {
    subject: z.enum(correctionSubjects, { error: correctionMessages.unknownSubject }),
    subjectId: z
      .number({ error: correctionMessages.unknownSubject })
      .int({ error: correctionMessages.unknownSubject })
      .nullish()
      .transform((value) => value ?? null)
      .meta({ description: "The state's or school's id (not for a translation)." }),
    language: optionalText(20).meta({
      description: "For a translation: the code of its language (ha, yo, ig, pcm).",
    }),
    page: optionalText(500).meta({
      description: "For a translation: the page with the mistake (/ha/states/25, or a whole address).",
    }),
    whatIsWrong: text(2000),
    sourceUrl: optionalText(500),
    email: optionalText(254),
    pageLanguage: optionalText(20).meta({
      description: "The language of the page it is sent from (en, ha, yo, ig, pcm): the reply is in it.",
    }),
  },
  { error: correctionMessages.unreadable },
);
export type CorrectionSubmission = z.input<typeof correctionSubmissionSchema>;

export const correctionDecisionSchema = z.object(
  { status: z.enum(["accepted", "dismissed"], { error: correctionMessages.decisionUnreadable }) },
  { error: correctionMessages.decisionUnreadable },
);
export type CorrectionDecision = z.infer<typeof correctionDecisionSchema>;

export const correctionSchema = z
  .object({
    id: z.string(),
    subject: z.enum(correctionSubjects),
    subjectId: z.int().nullable(),
    subjectName: z.string(),
    language: z.string().nullable(),
    page: z.string().nullable(),
    whatIsWrong: z.string(),
    sourceUrl: z.string().nullable(),
    email: z.string().nullable(),
    status: z.enum(correctionStatuses),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    changeId: z.string().nullable(),
  })
  .meta({ id: "Correction" });

export const correctionsQuery = z.object({
  status: choiceParamOr(
    correctionStatuses,
    { description: "new (default), accepted or dismissed.", fallback: "new" },
    correctionMessages.unknownStatusFilter,
  ),
  ...reportListPaging,
});

export const correctionListAnswerSchema = z.object({
  success: z.literal(true),
  corrections: z.array(correctionSchema),
  counts: z.object({ new: z.int(), accepted: z.int(), dismissed: z.int() }),
  meta: pageMetaSchema,
});

export const correctionAnswerSchema = z.object({ success: z.literal(true), correction: correctionSchema });

export const correctionDecidedAnswerSchema = messageAnswerSchema.extend({ correction: correctionSchema });

export const correctionsApi = {
  send: endpoint({
    method: "POST",
    path: "/api/v1/corrections",
    tag,
    summary:
      "Suggest a correction to a state's or a school's record, or to a translation (anyone; limited per address).",
    access: "anyone",
    body: correctionSubmissionSchema,
    response: { 201: messageAnswerSchema, ...failures(400, 413, 415, 429) },
  }),
  list: endpoint({
    method: "GET",
    path: "/api/v1/corrections",
    tag,
    summary: "Corrections of one status, oldest first, with the count of each status.",
    access: "correction:read",
    querystring: correctionsQuery,
    response: { 200: correctionListAnswerSchema, ...failures(400, 401, 403) },
  }),
  read: endpoint({
    method: "GET",
    path: "/api/v1/corrections/:id",
    tag,
    summary:
      "One correction, for an editor starting a data desk change from it (without the sender's address).",
    access: "data:propose",
    params: idParams,
    response: { 200: correctionAnswerSchema, ...failures(401, 403, 404) },
  }),
  decide: endpoint({
    method: "PATCH",
    path: "/api/v1/corrections/:id",
    tag,
    summary: "Accept or dismiss a new correction; 409 when it was already decided.",
    access: "correction:review",
    params: idParams,
    body: correctionDecisionSchema,
    response: { 200: correctionDecidedAnswerSchema, ...failures(400, 401, 403, 404, 409, 413, 415) },
  }),
} as const;
