import type { FastifyPluginAsync } from "fastify";
import { UUID_SHAPE } from "../../domain/uuid-shape";
import { idInPath } from "../http/id-in-path";
import { problem } from "../../domain/api/problems";
import { api } from "../../domain/api";
import { findingKindLabels } from "../../domain/reports/report-findings";
import { isReportId } from "../../domain/reports/published-report-text";
import { lgaNamed, lgaOfState, placeFilterMessages, stateLgas } from "../../domain/reports/report-lgas";
import {
  REVIEW_NOTE_MAX_LENGTH,
  canMoveReport,
  decisionMessage,
  noteRequired,
  phoneDetailsMessages,
  publicTextMessages,
  reviewMessages,
  transcriptMessages,
} from "../../domain/reports/review-rules";
import type { Clock } from "../clock";
import { permitted, requirePermission, requireUser } from "../accounts/guards";
import { acceptJsonBodies } from "../http/request-body";
import type { Database } from "../db/database";
import { HttpError } from "../http/errors";
import { invalidParameter } from "../http/query-params";
import type { MediaLinks } from "../media/media-links";
import type { MediaStore } from "../media/media-store";
import { PhotoProblem } from "../media/photos";
import { type ContractRequest, routeSchema, typedRoutes } from "../openapi/route-schema";
import { pageMeta, pageOf } from "../http/paging";
import { blurReportPhoto, setMediaHidden, type MediaChangeOutcome } from "./photo-moderation";
import { changePublicText, reportHistory, withdrawReport, type ChangeOutcome } from "./public-text";
import { enqueueDecisionReply } from "../channels/reply-outbox";
import { decisionEmail } from "./review-emails";
import {
  countReportsByStatus,
  completePhoneReport,
  setTranscript,
  countVerifiedByState,
  decideOnReport,
  findPublishedReport,
  findPublishedReports,
  findReportForReview,
  findReportsForReview,
  toPublicPreview,
  toPublishedView,
  toReviewView,
  type PublishedFilter,
  type ReviewRow,
} from "./review-store";

// Review and publication under /api/v1/eyewitness (docs/api.md):
//   GET   /reviews?status=&commentType=&state=&page=&per_page=   report:review   one status, with counts
//   PATCH /:id/review {status, note, fromStatus}                  report:review   a decision; 409 if beaten
//   GET   /:id/review                                            report:review   original, findings, public preview
//   POST  /:id/public-text {basedOn, redact | text}                 report:review   redact or edit the public text
//   POST  /:id/media/:mediaId/hidden {hidden}                       report:review   hide a photo or video
//   POST  /:id/media/:mediaId/blur {rectangles}                     report:review   blur parts of a photo
//   POST  /:id/details {stateId, lga, commentType, occurredOn, precision}  report:review  complete a phone report
//   POST  /:id/transcript {transcript}                             report:review   what a voice note says
//   GET   /:id/history                                            report:review   who did what, when
//   POST  /:id/withdraw                                           the reporter    out of public view at once
//   GET   /published?state=&lga=&type=&from=&to=&page=&per_page= anyone          verified, latest first
//   GET   /published/counts                                       anyone          verified reports by state
//   GET   /published/:id                                          anyone          one verified report
// The response schemas list every key an answer may have, so nothing else can slip into one: above all,
// a published report never carries an e-mail, a last name, the reporter's id or review data, and its
// place only as precisely as the reporter chose.

export interface ReviewDependencies {
  db: Database;
  now: Clock;
  links: MediaLinks;
  /** Where a blurred photo's copies are stored. */
  storage: MediaStore;
  /** For the link in the reporter's e-mail. */
  publicUrl: string;
  /** Phone reporters are answered on their phone; the link to a published report is made here. */
  phoneReplies?: { publishedLink(reportId: string, language: string): string };
  /** Told when the verified reports changed (one published, unpublished or withdrawn): pages count them. */
  verifiedChanged?: () => void;
}

const REPORT_ID = UUID_SHAPE;

/** Seconds a browser or shared cache may keep a page of published reports. */
const PUBLISHED_CACHE_SECONDS = 60;

export function reviewRoutes({
  db,
  now,
  links,
  storage,
  publicUrl,
  phoneReplies,
  verifiedChanged = () => undefined,
}: ReviewDependencies): FastifyPluginAsync {
  return async (plainScope) => {
    const scope = typedRoutes(plainScope);
    acceptJsonBodies(scope);

    const reviewList = { schema: routeSchema(api.reviews.list), preValidation: permitted("report:review") };
    scope.get("/reviews", reviewList, async (request, reply) => {
      const reviewer = await requireUser(request);
      const { status, commentType = null } = request.query;
      const stateId = stateFilter(request.query.state);
      const page = pageOf(request.query);
      const [{ total, reports }, counts] = await Promise.all([
        findReportsForReview(db, { status, commentType, stateId }, page),
        countReportsByStatus(db),
      ]);
      // Reporters' names and e-mail addresses: never kept by a browser or a shared cache.
      reply.header("cache-control", "no-store");
      return {
        success: true as const,
        reports: reports.map((report) => toReviewView(report, links.forViewer(reviewer.id))),
        counts,
        meta: pageMeta(total, page),
      };
    });

    scope.patch(
      "/:id/review",
      { schema: routeSchema(api.reviews.decide), preValidation: reviewerOfKnownReport },
      async (request, reply) => {
        const reviewer = await requirePermission(request, "report:review");
        const reportId = request.params.id.toLowerCase();
        const { status: to, fromStatus: from, note, acknowledgedFindings } = request.body;
        if (!canMoveReport(from, to)) {
          throw new HttpError(400, reviewMessages.notAllowedTransition, { field: "status" });
        }
        if (noteRequired(to) && note === "") {
          throw new HttpError(400, reviewMessages.noteRequired, { field: "note" });
        }
        if (note.length > REVIEW_NOTE_MAX_LENGTH) {
          throw new HttpError(400, reviewMessages.noteTooLong, { field: "note" });
        }

        const decision = { from, to, note: note === "" ? null : note };
        const outcome = await decideOnReport(
          db,
          { ...decision, acknowledgedFindings, reportId, reviewerId: reviewer.id, at: now() },
          (report) => decisionEmail(report, decision, publicUrl),
          phoneReplies
            ? (tx, decided) =>
                enqueueDecisionReply(tx, decided, (id, language) => phoneReplies.publishedLink(id, language))
            : undefined,
        );
        switch (outcome.outcome) {
          case "unknown-report":
            throw reportNotFound();
          case "own-report":
            throw new HttpError(403, reviewMessages.ownReport, { problem: problem("reviews.ownReport") });
          case "details-due":
            throw new HttpError(409, phoneDetailsMessages.due, { code: "DETAILS_DUE" });
          case "transcript-due":
            throw new HttpError(409, transcriptMessages.due, { code: "TRANSCRIPT_DUE" });
          case "conflict":
            throw new HttpError(409, reviewMessages.conflict, { problem: problem("reviews.conflict") });
          case "withdrawn":
            throw new HttpError(409, publicTextMessages.withdrawn, { code: "REPORT_WITHDRAWN" });
          case "unconfirmed":
            throw new HttpError(
              409,
              publicTextMessages.unconfirmed(
                outcome.findings.map((finding) => `${findingKindLabels[finding.kind]} "${finding.text}"`),
              ),
              { code: "FINDINGS_UNCONFIRMED" },
            );
          case "decided":
            if (from === "verified" || to === "verified") verifiedChanged();
            reply.header("cache-control", "no-store");
            return {
              success: true as const,
              message: decisionMessage(from, to),
              report: toReviewView(outcome.report, links.forViewer(reviewer.id)),
            };
        }
      },
    );

    const reviewAnswer = (report: ReviewRow, viewerId: number) => {
      const signer = links.forViewer(viewerId);
      return {
        success: true as const,
        report: toReviewView(report, signer),
        preview: toPublicPreview(report, signer),
      };
    };

    scope.post(
      "/:id/details",
      { schema: routeSchema(api.reviews.completeDetails), preValidation: reviewerOfKnownReport },
      async (request, reply) => {
        const reviewer = await requirePermission(request, "report:review");
        const reportId = request.params.id.toLowerCase();
        const details = request.body;
        const lga = lgaOfState(details.stateId, details.lga);
        if (!stateLgas(details.stateId))
          throw new HttpError(400, phoneDetailsMessages.state, { field: "stateId" });
        if (!lga) throw new HttpError(400, phoneDetailsMessages.lga, { field: "lga" });
        const at = now();
        // Nothing happens after it was sent: the date is at most the day the report arrived (in Nigeria).
        const existing = await findReportForReview(db, reportId);
        if (!existing) throw reportNotFound();
        const sentOn = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(
          existing.createdAt,
        );
        if (details.occurredOn > sentOn)
          throw new HttpError(400, phoneDetailsMessages.date, { field: "occurredOn" });
        const report = await completePhoneReport(db, {
          reportId,
          reviewerId: reviewer.id,
          stateId: details.stateId,
          lga,
          commentType: details.commentType,
          occurredOn: details.occurredOn,
          precision: details.precision,
          at,
        });
        if (!report) throw new HttpError(409, phoneDetailsMessages.notPhone);
        reply.header("cache-control", "no-store");
        return {
          success: true as const,
          message: phoneDetailsMessages.completed,
          report: toReviewView(report, links.forViewer(reviewer.id)),
        };
      },
    );

    scope.post(
      "/:id/transcript",
      { schema: routeSchema(api.reviews.transcribe), preValidation: reviewerOfKnownReport },
      async (request, reply) => {
        const reviewer = await requirePermission(request, "report:review");
        const reportId = request.params.id.toLowerCase();
        const { transcript } = request.body;
        const report = await setTranscript(db, { reportId, reviewerId: reviewer.id, transcript, at: now() });
        if (report === "missing") throw reportNotFound();
        if (report === "not-voiced") throw new HttpError(409, transcriptMessages.notVoiced);
        reply.header("cache-control", "no-store");
        return {
          success: true as const,
          message: transcriptMessages.saved,
          report: toReviewView(report, links.forViewer(reviewer.id)),
        };
      },
    );

    scope.get("/:id/review", { schema: routeSchema(api.reviews.preview) }, async (request, reply) => {
      const moderator = await requirePermission(request, "report:review");
      const report = await findReportForReview(db, reportIdOf(request.params.id));
      if (!report) throw reportNotFound();
      reply.header("cache-control", "no-store");
      return reviewAnswer(report, moderator.id);
    });

    scope.post(
      "/:id/public-text",
      { schema: routeSchema(api.reviews.changePublicText), preValidation: reviewerOfKnownReport },
      async (request, reply) => {
        const moderator = await requirePermission(request, "report:review");
        const reportId = reportIdOf(request.params.id);
        const body = request.body;
        const change = "redact" in body ? { redact: body.redact } : { text: body.text };
        const outcome = await changePublicText(db, {
          reportId,
          moderatorId: moderator.id,
          basedOn: body.basedOn,
          change,
          at: now(),
        });
        if (outcome.outcome !== "changed") refuseChange(outcome.outcome);
        reply.header("cache-control", "no-store");
        return reviewAnswer(outcome.report, moderator.id);
      },
    );

    scope.post(
      "/:id/media/:mediaId/hidden",
      { schema: routeSchema(api.reviews.hideMedia), preValidation: permitted("report:review") },
      async (request, reply) => {
        const moderator = await requirePermission(request, "report:review");
        const { hidden } = request.body;
        const outcome = await setMediaHidden(db, {
          reportId: reportIdOf(request.params.id),
          mediaId: reportIdOf(request.params.mediaId),
          moderatorId: moderator.id,
          hidden,
          at: now(),
        });
        if (outcome.outcome !== "changed") refuseChange(outcome.outcome);
        reply.header("cache-control", "no-store");
        return reviewAnswer(outcome.report, moderator.id);
      },
    );

    scope.post(
      "/:id/media/:mediaId/blur",
      { schema: routeSchema(api.reviews.blurPhoto), preValidation: permitted("report:review") },
      async (request, reply) => {
        const moderator = await requirePermission(request, "report:review");
        const { rectangles } = request.body;
        let outcome;
        try {
          outcome = await blurReportPhoto(db, storage, {
            reportId: reportIdOf(request.params.id),
            mediaId: reportIdOf(request.params.mediaId),
            moderatorId: moderator.id,
            rectangles,
            at: now(),
          });
        } catch (error) {
          if (error instanceof PhotoProblem) throw new HttpError(422, publicTextMessages.photoUnreadable);
          throw error;
        }
        if (outcome.outcome !== "changed") refuseChange(outcome.outcome);
        reply.header("cache-control", "no-store");
        return reviewAnswer(outcome.report, moderator.id);
      },
    );

    scope.get("/:id/history", { schema: routeSchema(api.reviews.history) }, async (request, reply) => {
      await requirePermission(request, "report:review");
      const reportId = reportIdOf(request.params.id);
      if (!(await findReportForReview(db, reportId))) throw reportNotFound();
      reply.header("cache-control", "no-store");
      return { success: true as const, history: await reportHistory(db, reportId) };
    });

    scope.post("/:id/withdraw", { schema: routeSchema(api.reviews.withdraw) }, async (request, reply) => {
      const reporter = await requireUser(request);
      const outcome = await withdrawReport(db, {
        reportId: reportIdOf(request.params.id),
        reporterId: reporter.id,
        at: now(),
      });
      if (outcome.outcome === "unknown-report") throw reportNotFound();
      if (outcome.outcome === "already") {
        throw new HttpError(409, publicTextMessages.alreadyWithdrawn, { code: "REPORT_WITHDRAWN" });
      }
      // A withdrawn report is no longer published, whatever its review said.
      verifiedChanged();
      reply.header("cache-control", "no-store");
      return { success: true as const, message: publicTextMessages.reportWithdrawn };
    });

    scope.get("/published", { schema: routeSchema(api.reviews.published) }, async (request, reply) => {
      const filter = publishedFilter(request.query);
      const page = pageOf(request.query);
      const { total, reports } = await findPublishedReports(db, filter, page);
      // Public and the same for everyone; a minute's staleness after an unpublish is acceptable.
      reply.header("cache-control", `public, max-age=${PUBLISHED_CACHE_SECONDS}`);
      return { success: true as const, reports: reports.map(toPublishedView), meta: pageMeta(total, page) };
    });

    scope.get("/published/counts", { schema: routeSchema(api.reviews.publishedCounts) }, async (_, reply) => {
      const counts = await countVerifiedByState(db);
      reply.header("cache-control", `public, max-age=${PUBLISHED_CACHE_SECONDS}`);
      return { success: true as const, counts };
    });

    // "/published/counts" is a static route, so Fastify prefers it to this one.
    scope.get("/published/:id", { schema: routeSchema(api.reviews.publishedOne) }, async (request, reply) => {
      const reportId = request.params.id.toLowerCase();
      if (!isReportId(reportId)) throw invalidParameter("id", reviewMessages.badReportId);
      const report = await findPublishedReport(db, reportId);
      // The same sentence for unknown, pending, rejected and unpublished: nothing says which it is.
      if (!report) throw new HttpError(404, reviewMessages.notPublished);
      reply.header("cache-control", `public, max-age=${PUBLISHED_CACHE_SECONDS}`);
      return { success: true as const, report: toPublishedView(report) };
    });
  };
}

/** A report's (or media file's) id from the path, or a 404 for anything else. */
/**
 * Hooks before a reviewer's body is checked: who asks (401, 403), then which report (an id that cannot be
 * a report's is a 404 whatever is sent).
 */
const reviewerOfKnownReport = [permitted("report:review"), idInPath(reportNotFound)];

function reportIdOf(value: string): string {
  const id = value.toLowerCase();
  if (!REPORT_ID.test(id)) throw reportNotFound();
  return id;
}

/** The refusal of a change to what the public will see. */
function refuseChange(
  outcome: Exclude<ChangeOutcome["outcome"] | MediaChangeOutcome["outcome"], "changed">,
): never {
  switch (outcome) {
    case "unknown-report":
      throw reportNotFound();
    case "unknown-media":
      throw new HttpError(404, publicTextMessages.noSuchMedia);
    case "not-a-photo":
      throw new HttpError(400, publicTextMessages.notAPhoto);
    case "published":
      throw new HttpError(409, publicTextMessages.published);
    case "withdrawn":
      throw new HttpError(409, publicTextMessages.withdrawn, { code: "REPORT_WITHDRAWN" });
    case "stale":
      throw new HttpError(409, publicTextMessages.stale);
    case "bad-span":
      throw new HttpError(409, publicTextMessages.badSpan);
    case "empty":
      throw new HttpError(400, publicTextMessages.empty, { field: "text" });
    case "too-long":
      throw new HttpError(400, publicTextMessages.tooLong, { field: "text" });
  }
}

/** ?state=: a state's id in data/states.json, 1-37; every state when absent or empty. */
function stateFilter(value: string | undefined): number | null {
  if (value === undefined) return null;
  const state = /^\d{1,2}$/.test(value) ? stateLgas(Number(value)) : undefined;
  if (!state) throw invalidParameter("state", placeFilterMessages.badState);
  return state.stateId;
}

/** The published list's filters: state, lga, type (or commentType, its older name), from, to. */
function publishedFilter(query: ContractRequest<typeof api.reviews.published>["query"]): PublishedFilter {
  const stateId = stateFilter(query.state);
  const lga =
    query.lga === undefined
      ? null
      : ((stateId === null ? lgaNamed(query.lga) : lgaOfState(stateId, query.lga)) ??
        fail("lga", placeFilterMessages.badLga));
  const { from = null, to = null } = query;
  if (from !== null && to !== null && from > to)
    throw invalidParameter("from", placeFilterMessages.fromAfterTo);
  return { commentType: query.type ?? query.commentType ?? null, stateId, lga, from, to };
}

function fail(parameter: string, message: string): never {
  throw invalidParameter(parameter, message);
}

function reportNotFound(): HttpError {
  return new HttpError(404, reviewMessages.notFound, { problem: problem("reviews.notFound") });
}
