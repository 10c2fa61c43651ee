import { z } from "zod";
import { reportStatuses } from "../reports/report-rules";
import { reviewMessages } from "../reports/review-rules";
import {
  commentTypeSchema,
  ownReportSchema,
  reportMediaSchema,
  reportPlaceSchema,
  reportStatusSchema,
} from "./reports";
import { endpoint, failures, idParams, pageMetaSchema, pagingQuery, queryValue } from "./shared";

// Review and publication under /api/v1/eyewitness (issue 6). A published report never carries an e-mail,
// a last name, the reporter's id or review data, and its place only as precisely as the reporter chose:
// these schemas list every key an answer may have, and the server drops anything else.

const tag = "Review and publication";

export const reviewReportSchema = ownReportSchema
  .extend({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    reviewedBy: z.object({ id: z.int(), firstname: z.string(), lastname: z.string() }).nullable(),
    place: reportPlaceSchema.nullable(),
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

export const publishedReportSchema = z
  .object({
    id: z.string(),
    commentType: commentTypeSchema,
    comment: z.string(),
    createdAt: z.string(),
    publishedAt: z.string(),
    reporterName: z.string(),
    videoUrl: z.string().nullable(),
    media: z.array(reportMediaSchema),
    place: publishedPlaceSchema.nullable(),
  })
  .meta({ id: "PublishedReport" });
export type PublishedReport = z.infer<typeof publishedReportSchema>;

export const statusCountsSchema = z.object({ pending: z.int(), verified: z.int(), rejected: z.int() });

export const reviewsQuery = z.object({
  status: queryValue("pending (default), verified or rejected."),
  commentType: queryValue("One comment type; every type when absent."),
  state: queryValue("A state's id, 1-37."),
  ...pagingQuery,
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

export const publishedQuery = z.object({
  state: queryValue("A state's id, 1-37."),
  lga: queryValue("An LGA's name (of the state, when one is given)."),
  type: queryValue("One comment type."),
  commentType: queryValue("The older name of type."),
  from: queryValue("YYYY-MM-DD, the earliest day."),
  to: queryValue("YYYY-MM-DD, the latest day."),
  ...pagingQuery,
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
