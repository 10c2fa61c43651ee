import { z } from "zod";
import { commentTypes, reportStatuses } from "../reports/report-rules";
import { phoneOccurredWhen, reportChannels } from "../reports/report-channels";
import { findingKinds } from "../reports/report-findings";
import { placeFilterMessages } from "../reports/place-filter-messages";
import {
  BLUR_RECTANGLES_MAX,
  TRANSCRIPT_MAX_LENGTH,
  phoneDetailsMessages,
  transcriptMessages,
  publicTextMessages,
  reviewMessages,
} from "../reports/review-rules";
import {
  commentTypeSchema,
  ownReportSchema,
  reportMediaSchema,
  reportPlaceSchema,
  reportStatusSchema,
  reportListPaging,
} from "./reports";
import { calendarDayParam, choiceParam, choiceParamOr, singleValueParam } from "./query-schemas";
import { endpoint, failures, idParams, pageMetaSchema } from "./shared";

// Review and publication under /api/v1/eyewitness. A published report never carries an e-mail,
// a last name, the reporter's id or review data, and its place only as precisely as the reporter chose:
// these schemas list every key an answer may have, and the server drops anything else.

const tag = "Review and publication";

export const textFindingSchema = z
  .object({
    id: z
      .string()
      .meta({ description: "The same for the same words of the same kind: what publishing confirms." }),
    kind: z.enum(findingKinds),
    start: z.int(),
    end: z.int(),
    text: z.string(),
  })
  .meta({ id: "TextFinding" });

export const blurRectangleSchema = z
  .object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() })
  .meta({
    id: "BlurRectangle",
    description: "A rectangle of a photo, as fractions (0-1) of its width and height.",
  });

export const reviewReportSchema = ownReportSchema
  .extend({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    reviewedBy: z.object({ id: z.int(), firstname: z.string(), lastname: z.string() }).nullable(),
    place: reportPlaceSchema.nullable(),
    publicComment: z.string().meta({ description: "What the public will see of the comment." }),
    findings: z.array(textFindingSchema).meta({
      description: "What in the public text may identify people or places beyond the chosen precision.",
    }),
    mediaModeration: z.array(
      z.object({ id: z.string(), hidden: z.boolean(), blurs: z.array(blurRectangleSchema) }),
    ),
    channel: z.enum(reportChannels).meta({ description: "Where it came from: the web form or a phone." }),
    phoneReporter: z.string().nullable().meta({
      description:
        "A phone reporter's tag: the first characters of their number's keyed hash, never the number.",
    }),
    reference: z.string().meta({ description: "The short reference the reporter was given." }),
    detailsDue: z.boolean().meta({
      description: "A phone report's state, LGA, type or date must be completed before it can be published.",
    }),
    occurredWhen: z.enum(phoneOccurredWhen).nullable(),
    transcript: z.string().nullable().optional().meta({
      description: "A moderator's transcript of the report's voice notes; null while there is none.",
    }),
    transcriptDue: z.boolean().optional().meta({
      description: "The report has a voice note: it needs a moderator's transcript before it is published.",
    }),
    transcriptFindings: z.array(textFindingSchema).optional().meta({
      description:
        "What in the transcript may identify people or places (offsets into the transcript): confirmed like the public text's.",
    }),
  })
  .meta({ id: "ReviewReport" });
export type ReviewReport = z.infer<typeof reviewReportSchema>;

export const publishedPlaceSchema = z
  .object({
    stateId: z.int(),
    state: z.string(),
    lga: z.string().nullable(),
    place: z.string().nullable(),
    occurredOn: z.string(),
  })
  .meta({ id: "PublishedPlace" });

export const publishedReportSchemaBase = z.object({
  id: z.string(),
  commentType: commentTypeSchema,
  comment: z.string(),
  createdAt: z.string(),
  publishedAt: z.string(),
  reporterName: z.string(),
  videoUrl: z.string().nullable(),
  media: z.array(reportMediaSchema),
  place: publishedPlaceSchema.nullable(),
  transcript: z.string().nullable().optional().meta({
    description:
      "A moderator's transcript of the voice notes the report was sent as (the audio is never public).",
  }),
});
export const publishedReportSchema = publishedReportSchemaBase.meta({ id: "PublishedReport" });
export type PublishedReport = z.infer<typeof publishedReportSchema>;

export const statusCountsSchema = z.object({ pending: z.int(), verified: z.int(), rejected: z.int() });

const commentTypeFilter = choiceParam(
  commentTypes,
  { description: "One comment type; every type when absent." },
  reviewMessages.unknownCommentTypeFilter,
);

/** A state's id, checked against the LGA registry by the handler (which the contract does not load). */
const stateFilter = singleValueParam("A state's id, 1-37.", placeFilterMessages.repeated("state"));

export const reviewsQuery = z.object({
  status: choiceParamOr(
    reportStatuses,
    { description: "pending (default), verified or rejected.", fallback: "pending" },
    reviewMessages.unknownStatusFilter,
  ),
  commentType: commentTypeFilter,
  state: stateFilter,
  ...reportListPaging,
});

export const reviewsAnswerSchema = z.object({
  success: z.literal(true),
  reports: z.array(reviewReportSchema),
  counts: statusCountsSchema,
  meta: pageMetaSchema,
});
export type ReviewsAnswer = z.infer<typeof reviewsAnswerSchema>;

/** PATCH /eyewitness/{id}/review: a decision, and the status the reviewer saw (409 when it moved). */
export const decisionSchema = z.object(
  {
    status: z.enum(reportStatuses, { error: reviewMessages.decisionUnreadable }),
    fromStatus: z.enum(reportStatuses, { error: reviewMessages.decisionUnreadable }),
    note: z
      .string({ error: reviewMessages.decisionUnreadable })
      .nullish()
      // NUL and unpaired surrogates never get here: the server refuses them for every field.
      .transform((note) => (note ?? "").trim()),
    /** Publishing: the ids of the public text's findings the reviewer confirms are meant (409 otherwise). */
    acknowledgedFindings: z
      .array(z.string().max(6000), { error: reviewMessages.decisionUnreadable })
      .max(500)
      .nullish()
      .transform((ids) => ids ?? []),
  },
  { error: reviewMessages.decisionUnreadable },
);
export type Decision = z.input<typeof decisionSchema>;

export const decidedAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  report: reviewReportSchema,
});
export type DecidedAnswer = z.infer<typeof decidedAnswerSchema>;

/** POST /eyewitness/{id}/public-text: redact a span of the public text, or replace it. */
export const publicTextChangeSchema = z.union(
  [
    z.object({
      basedOn: z.string().max(20000),
      redact: z.object({ start: z.int().min(0), end: z.int().min(0) }),
    }),
    z.object({ basedOn: z.string().max(20000), text: z.string().max(20000) }),
  ],
  { error: publicTextMessages.unreadable },
);

const fraction = z.number().min(0).max(1);
/** POST /eyewitness/{id}/media/{mediaId}/blur: the rectangles to blur (none: blur nothing). */
export const blurRequestSchema = z.object(
  {
    rectangles: z
      .array(
        z
          .object({ x: fraction, y: fraction, w: fraction.positive(), h: fraction.positive() })
          .refine((box) => box.x + box.w <= 1.000001 && box.y + box.h <= 1.000001),
      )
      .max(BLUR_RECTANGLES_MAX),
  },
  { error: publicTextMessages.blurUnreadable },
);

/** POST /eyewitness/{id}/media/{mediaId}/hidden */
export const hideRequestSchema = z.object(
  { hidden: z.boolean() },
  { error: "Please send hidden: true to hide the photo or video from the public, false to show it." },
);

export const reportMediaParams = z.object({ id: z.string(), mediaId: z.string() });

/** POST /eyewitness/{id}/details: what a phone report could not carry, completed by a moderator. */
export const phoneDetailsSchema = z.object(
  {
    stateId: z
      .int({ error: phoneDetailsMessages.state })
      .min(1, phoneDetailsMessages.state)
      .max(37, phoneDetailsMessages.state),
    lga: z
      .string({ error: phoneDetailsMessages.lga })
      .trim()
      .min(1, phoneDetailsMessages.lga)
      .max(100, phoneDetailsMessages.lga),
    commentType: z.enum(commentTypes, { error: phoneDetailsMessages.type }),
    occurredOn: z.iso.date({ error: phoneDetailsMessages.date }),
    precision: z.enum(["state", "lga"], { error: phoneDetailsMessages.precision }),
  },
  { error: phoneDetailsMessages.unreadable },
);
export type PhoneDetails = z.input<typeof phoneDetailsSchema>;

/** POST /eyewitness/{id}/transcript: what a report's voice notes say, as a moderator heard them. */
export const transcriptSchema = z.object(
  {
    transcript: z
      .string({ error: transcriptMessages.required })
      .trim()
      .min(1, transcriptMessages.required)
      .max(TRANSCRIPT_MAX_LENGTH, transcriptMessages.tooLong),
  },
  { error: transcriptMessages.required },
);

export const historyAnswerSchema = z.object({
  success: z.literal(true),
  history: z.array(
    z.object({
      action: z.string(),
      at: z.string(),
      by: z.object({ id: z.int(), firstname: z.string(), lastname: z.string() }).nullable(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});

/** What the review screen shows as the public page: exactly what publication would show. */
export const reviewPreviewAnswerSchema = z.object({
  success: z.literal(true),
  report: reviewReportSchema,
  preview: publishedReportSchemaBase.omit({ publishedAt: true }),
});

export const withdrawnAnswerSchema = z.object({ success: z.literal(true), message: z.string() });

const dayFilter = (parameter: "from" | "to", description: string) =>
  calendarDayParam(description, placeFilterMessages.badDate(parameter), {
    repeated: placeFilterMessages.repeated(parameter),
  });

export const publishedQuery = z.object({
  state: stateFilter,
  lga: singleValueParam(
    "An LGA's name (of the state, when one is given).",
    placeFilterMessages.repeated("lga"),
  ),
  type: choiceParam(commentTypes, { description: "One comment type." }, placeFilterMessages.badType, {
    repeated: placeFilterMessages.repeated("type"),
  }),
  commentType: commentTypeFilter.meta({ description: "The older name of type." }),
  from: dayFilter("from", "YYYY-MM-DD, the earliest day."),
  to: dayFilter("to", "YYYY-MM-DD, the latest day."),
  ...reportListPaging,
});

export const publishedAnswerSchema = z.object({
  success: z.literal(true),
  reports: z.array(publishedReportSchema),
  meta: pageMetaSchema,
});
export type PublishedAnswer = z.infer<typeof publishedAnswerSchema>;

export const publishedOneAnswerSchema = z.object({ success: z.literal(true), report: publishedReportSchema });
export type PublishedOneAnswer = z.infer<typeof publishedOneAnswerSchema>;

export const publishedCountsAnswerSchema = z.object({
  success: z.literal(true),
  counts: z.array(z.object({ stateId: z.int(), verified: z.int() })),
});
export type PublishedCountsAnswer = z.infer<typeof publishedCountsAnswerSchema>;

export { reportStatusSchema };

export const reviewsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/eyewitness/reviews",
    tag,
    summary: "Reports of one status for review, with the count of each status.",
    access: "report:review",
    querystring: reviewsQuery,
    response: { 200: reviewsAnswerSchema, ...failures(400, 401, 403) },
  }),
  decide: endpoint({
    method: "PATCH",
    path: "/api/v1/eyewitness/:id/review",
    tag,
    summary: "Verify, reject or move back a report; 409 when someone else decided first.",
    access: "report:review",
    params: idParams,
    body: decisionSchema,
    response: { 200: decidedAnswerSchema, ...failures(400, 401, 403, 404, 409, 413, 415) },
  }),
  preview: endpoint({
    method: "GET",
    path: "/api/v1/eyewitness/:id/review",
    tag,
    summary: "One report for review: the original, the public text's findings and the public preview.",
    access: "report:review",
    params: idParams,
    response: { 200: reviewPreviewAnswerSchema, ...failures(401, 403, 404) },
  }),
  changePublicText: endpoint({
    method: "POST",
    path: "/api/v1/eyewitness/:id/public-text",
    tag,
    summary: "Redact a span of the public text ([removed]) or replace it; the original is kept.",
    access: "report:review",
    params: idParams,
    body: publicTextChangeSchema,
    response: { 200: reviewPreviewAnswerSchema, ...failures(400, 401, 403, 404, 409, 413, 415) },
  }),
  hideMedia: endpoint({
    method: "POST",
    path: "/api/v1/eyewitness/:id/media/:mediaId/hidden",
    tag,
    summary: "Hide a photo or video from the public, or show it again.",
    access: "report:review",
    params: reportMediaParams,
    body: hideRequestSchema,
    response: { 200: reviewPreviewAnswerSchema, ...failures(400, 401, 403, 404, 409, 413, 415) },
  }),
  blurPhoto: endpoint({
    method: "POST",
    path: "/api/v1/eyewitness/:id/media/:mediaId/blur",
    tag,
    summary: "Blur rectangles of a photo for the public; its public copies are made from the blurred photo.",
    access: "report:review",
    params: reportMediaParams,
    body: blurRequestSchema,
    response: { 200: reviewPreviewAnswerSchema, ...failures(400, 401, 403, 404, 409, 413, 415, 422) },
  }),
  completeDetails: endpoint({
    method: "POST",
    path: "/api/v1/eyewitness/:id/details",
    tag,
    summary:
      "Complete a pending phone report's state, LGA, type and date, which it needs before publication.",
    access: "report:review",
    params: idParams,
    body: phoneDetailsSchema,
    response: { 200: decidedAnswerSchema, ...failures(400, 401, 403, 404, 409, 413, 415) },
  }),
  transcribe: endpoint({
    method: "POST",
    path: "/api/v1/eyewitness/:id/transcript",
    tag,
    summary:
      "Write down what a report's voice notes say: required before it is published, and shown instead of the audio.",
    access: "report:review",
    params: idParams,
    body: transcriptSchema,
    response: { 200: decidedAnswerSchema, ...failures(400, 401, 403, 404, 409, 413, 415) },
  }),
  history: endpoint({
    method: "GET",
    path: "/api/v1/eyewitness/:id/history",
    tag,
    summary: "Who did what to a report, and when, oldest first.",
    access: "report:review",
    params: idParams,
    response: { 200: historyAnswerSchema, ...failures(401, 403, 404) },
  }),
  withdraw: endpoint({
    method: "POST",
    path: "/api/v1/eyewitness/:id/withdraw",
    tag,
    summary: "The reporter withdraws their report: it leaves public view and open data at once.",
    access: "signed-in",
    params: idParams,
    response: { 200: withdrawnAnswerSchema, ...failures(401, 404, 409) },
  }),
  published: endpoint({
    method: "GET",
    path: "/api/v1/eyewitness/published",
    tag,
    summary: "Verified reports, latest first.",
    access: "anyone",
    querystring: publishedQuery,
    response: { 200: publishedAnswerSchema, ...failures(400) },
  }),
  publishedCounts: endpoint({
    method: "GET",
    path: "/api/v1/eyewitness/published/counts",
    tag,
    summary: "The number of verified reports of each state.",
    access: "anyone",
    response: { 200: publishedCountsAnswerSchema },
  }),
  publishedOne: endpoint({
    method: "GET",
    path: "/api/v1/eyewitness/published/:id",
    tag,
    summary: "One verified report.",
    access: "anyone",
    params: idParams,
    response: { 200: publishedOneAnswerSchema, ...failures(400, 404) },
  }),
} as const;
