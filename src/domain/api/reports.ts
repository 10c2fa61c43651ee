import { z } from "zod";
import { commentTypes, reportStatuses } from "../reports/report-rules";
import { placePrecisions } from "../reports/report-place";
import { pagingQuery } from "./query-schemas";
import { endpoint, failures, pageMetaSchema } from "./shared";

// Eyewitness reports under /api/v1/eyewitness (docs/api.md): sending one, and one's own list.

const tag = "Reports";

export const commentTypeSchema = z.enum(commentTypes);
export const reportStatusSchema = z.enum(reportStatuses);

export const mediaVariantSchema = z.object({ width: z.int(), height: z.int(), url: z.string() });

/**
 * One photo, video or voice note of a report, at its access-checked address (`/media/{id}`). A voice note
 * (sent by WhatsApp) is only ever heard by moderators: the public gets its transcript instead.
 */
export const reportMediaSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["photo", "video", "audio"]),
    contentType: z.string(),
    bytes: z.int(),
    url: z.string(),
    description: z.string().nullable().meta({ description: "The photo's text alternative." }),
    width: z.int().nullable(),
    height: z.int().nullable(),
    variants: z.array(mediaVariantSchema).meta({
      description:
        "Smaller WebP copies, smallest first; none yet for a photo just stored (made shortly after).",
    }),
  })
  .meta({ id: "ReportMedia" });

/** A report's whole place, for its reporter and moderators; null for a report sent before places. */
export const reportPlaceSchema = z
  .object({
    stateId: z.int(),
    state: z.string(),
    lga: z.string(),
    place: z.string().nullable(),
    occurredOn: z.string().meta({ description: "YYYY-MM-DD" }),
    precision: z.enum(placePrecisions),
  })
  .meta({ id: "ReportPlace" });

export const ownReportSchema = z
  .object({
    id: z.string(),
    commentType: commentTypeSchema,
    comment: z.string(),
    status: reportStatusSchema,
    createdAt: z.string(),
    videoUrl: z.string().nullable(),
    media: z.array(reportMediaSchema),
    showFirstName: z.boolean(),
    reviewNote: z.string().nullable(),
    reviewedAt: z.string().nullable(),
    place: reportPlaceSchema.nullable(),
    peopleConsent: z.boolean(),
    withdrawnAt: z.string().nullable().meta({ description: "When the reporter withdrew it; null when not." }),
  })
  .meta({ id: "OwnReport" });
export type OwnReport = z.infer<typeof ownReportSchema>;

/** A report as its reporter gets it back: with the key it was sent with, so the device knows it arrived. */
export const sentReportSchema = ownReportSchema
  .extend({
    idempotencyKey: z.string().nullable().meta({
      description: "The Idempotency-Key it was sent with; null when it was sent without one.",
    }),
    publicChanges: z
      .object({
        text: z
          .string()
          .nullable()
          .meta({ description: "The text the public reads; null when it is the reporter's." }),
        blurredPhotos: z.int(),
        hiddenMedia: z.int(),
      })
      .nullable()
      .meta({
        description:
          "What a moderator changed before the public saw the report; null when not public or unchanged.",
      }),
  })
  .meta({ id: "SentReport" });

/**
 * The multipart form of a new report, as documented: text fields first, then the files. The server reads
 * it as a stream and checks each field with the report rules (src/domain/reports), never buffering files.
 */
export const reportSubmissionSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  commentType: commentTypeSchema,
  comment: z.string(),
  stateId: z.string().meta({ description: "The state's id, 1-37." }),
  lga: z.string(),
  place: z.string().optional(),
  occurredOn: z.string().meta({ description: "YYYY-MM-DD, not in the future." }),
  placePrecision: z.enum(placePrecisions).optional(),
  showFirstName: z.string().optional().meta({ description: "A checkbox: true, on or 1 is yes." }),
  peopleConsent: z.string().optional().meta({ description: "Required with any photo or video." }),
  videoUrl: z.string().optional(),
  photoDescription: z
    .array(z.string())
    .optional()
    .meta({ description: "Repeated, one per photo, in the photos' order." }),
  media: z
    .array(z.string().meta({ format: "binary" }))
    .optional()
    .meta({ description: "Photographs (JPG, PNG, GIF) or one video (MP4, MOV, AVI)." }),
});

/**
 * A retried submission is recognised by the key its first try carried: the phone makes one key per report
 * and sends it with every try, so a retry after a lost answer gets the report already stored (the same 201
 * answer) and never stores a second. Loose: the request's other headers pass through untouched.
 */
export const reportSubmissionHeaders = z.looseObject({
  "idempotency-key": z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/)
    .optional()
    .meta({
      description:
        "A key the client makes once per report (a random UUID) and sends with every try of it: a try " +
        "with a key this reporter already used answers with the report stored then (201), and stores " +
        "nothing more. 16-128 letters, digits, '-' or '_'.",
    }),
});

export const submittedAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  report: sentReportSchema,
});
export type SubmittedAnswer = z.infer<typeof submittedAnswerSchema>;

export const myReportsAnswerSchema = z.object({
  success: z.literal(true),
  reports: z.array(sentReportSchema),
  meta: pageMetaSchema,
});
export type MyReportsAnswer = z.infer<typeof myReportsAnswerSchema>;

// The report lists' own sizes (one's reports, the review queue, published, corrections); open data's
// reports.json pages with larger ones (src/domain/opendata/messages.ts).
const REPORT_LIST_PAGE_SIZE = 20;
const REPORT_LIST_MAX_PAGE_SIZE = 100;

/** ?page=&per_page= of the report lists (and the corrections'). */
export const reportListPaging = pagingQuery({
  defaultSize: REPORT_LIST_PAGE_SIZE,
  maxSize: REPORT_LIST_MAX_PAGE_SIZE,
  pageProblem: "The page must be a whole number of 1 or more.",
  perPageProblem: `per_page must be a whole number from 1 to ${REPORT_LIST_MAX_PAGE_SIZE}.`,
});

export const myReportsQuery = z.object(reportListPaging);

export const reportsApi = {
  submit: endpoint({
    method: "POST",
    path: "/api/v1/eyewitness",
    tag,
    summary: "Send a report (multipart/form-data, streamed).",
    access: "report:submit",
    headers: reportSubmissionHeaders,
    multipart: reportSubmissionSchema,
    response: {
      201: submittedAnswerSchema,
      ...failures(400, 401, 403, 413, 415, 429, 503, 507),
    },
  }),
  mine: endpoint({
    method: "GET",
    path: "/api/v1/eyewitness/mine",
    tag,
    summary: "The signed-in user's reports, newest first.",
    access: "report:read-own",
    querystring: myReportsQuery,
    response: { 200: myReportsAnswerSchema, ...failures(400, 401, 403) },
  }),
} as const;
