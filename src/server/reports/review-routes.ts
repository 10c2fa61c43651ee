import type { FastifyPluginAsync } from "fastify";
import { api, decisionSchema } from "../../domain/api";
import { commentTypes, reportStatuses, type CommentType } from "../../domain/reports/report-rules";
import type { ReportStatus } from "../../domain/reports/report-rules";
import { isReportId } from "../../domain/reports/published-report-text";
import { lgaNamed, lgaOfState, placeFilterMessages, stateLgas } from "../../domain/reports/report-lgas";
import {
  REVIEW_NOTE_MAX_LENGTH,
  canMoveReport,
  decisionMessage,
  noteRequired,
  reviewMessages,
} from "../../domain/reports/review-rules";
import type { Clock } from "../clock";
import { requirePermission } from "../accounts/guards";
import { acceptJsonBodies, parseBody } from "../http/request-body";
import type { Database } from "../db/database";
import { HttpError } from "../http/errors";
import { invalidParameter, singleParameter as single } from "../http/query-params";
import type { MediaLinks } from "../media/media-links";
import { routeSchema } from "../openapi/route-schema";
import { pageFrom, pageMeta } from "./paging";
import { decisionEmail } from "./review-emails";
import {
  countReportsByStatus,
  countVerifiedByState,
  decideOnReport,
  findPublishedReport,
  findPublishedReports,
  findReportsForReview,
  toPublishedView,
  toReviewView,
  type PublishedFilter,
} from "./review-store";

// Review and publication under /api/v1/eyewitness (issue 6, DESIGN §5):
//   GET   /reviews?status=&commentType=&state=&page=&per_page=   report:review   one status, with counts
//   PATCH /:id/review {status, note, fromStatus}                  report:review   a decision; 409 if beaten
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
  /** For the link in the reporter's e-mail. */
  publicUrl: string;
}

const REPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Seconds a browser or shared cache may keep a page of published reports. */
const PUBLISHED_CACHE_SECONDS = 60;

interface ListQuery {
  Querystring: Record<string, unknown> & { page?: unknown; per_page?: unknown };
}

export function reviewRoutes({ db, now, links, publicUrl }: ReviewDependencies): FastifyPluginAsync {
  return async (scope) => {
    acceptJsonBodies(scope);

    scope.get<ListQuery>("/reviews", { schema: routeSchema(api.reviews.list) }, async (request, reply) => {
      const reviewer = await requirePermission(request, "report:review");
      const status = statusFilter(request.query.status);
      const commentType = commentTypeFilter(request.query.commentType);
      const stateId = stateFilter(request.query);
      const page = pageFrom(request.query);
      const [{ total, reports }, counts] = await Promise.all([
        findReportsForReview(db, { status, commentType, stateId }, page),
        countReportsByStatus(db),
      ]);
      // Reporters' names and e-mail addresses: never kept by a browser or a shared cache.
      reply.header("cache-control", "no-store");
      return {
        success: true,
        reports: reports.map((report) => toReviewView(report, links.forViewer(reviewer.id))),
        counts,
        meta: pageMeta(total, page),
      };
    });

    scope.patch<{ Params: { id: string } }>(
      "/:id/review",
      { schema: routeSchema(api.reviews.decide) },
      async (request, reply) => {
        const reviewer = await requirePermission(request, "report:review");
        const reportId = request.params.id.toLowerCase();
        if (!REPORT_ID.test(reportId)) throw new HttpError(404, reviewMessages.notFound);
        const { status: to, fromStatus: from, note } = parseBody(decisionSchema, request.body);
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
          { ...decision, reportId, reviewerId: reviewer.id, at: now() },
          (report) => decisionEmail(report, decision, publicUrl),
        );
        switch (outcome.outcome) {
          case "unknown-report":
            throw new HttpError(404, reviewMessages.notFound);
          case "own-report":
            throw new HttpError(403, reviewMessages.ownReport);
          case "conflict":
            throw new HttpError(409, reviewMessages.conflict);
          case "decided":
            reply.header("cache-control", "no-store");
            return {
              success: true,
              message: decisionMessage(from, to),
              report: toReviewView(outcome.report, links.forViewer(reviewer.id)),
            };
        }
      },
    );

    scope.get<ListQuery>(
      "/published",
      { schema: routeSchema(api.reviews.published) },
      async (request, reply) => {
        const filter = publishedFilter(request.query);
        const page = pageFrom(request.query);
        const { total, reports } = await findPublishedReports(db, filter, page);
        // Public and the same for everyone; a minute's staleness after an unpublish is acceptable.
        reply.header("cache-control", `public, max-age=${PUBLISHED_CACHE_SECONDS}`);
        return { success: true, reports: reports.map(toPublishedView), meta: pageMeta(total, page) };
      },
    );

    scope.get("/published/counts", { schema: routeSchema(api.reviews.publishedCounts) }, async (_, reply) => {
      const counts = await countVerifiedByState(db);
      reply.header("cache-control", `public, max-age=${PUBLISHED_CACHE_SECONDS}`);
      return { success: true, counts };
    });

    // "/published/counts" is a static route, so Fastify prefers it to this one.
    scope.get<{ Params: { id: string } }>(
      "/published/:id",
      { schema: routeSchema(api.reviews.publishedOne) },
      async (request, reply) => {
        const reportId = request.params.id.toLowerCase();
        if (!isReportId(reportId)) throw invalidParameter("id", reviewMessages.badReportId);
        const report = await findPublishedReport(db, reportId);
        // The same sentence for unknown, pending, rejected and unpublished: nothing says which it is.
        if (!report) throw new HttpError(404, reviewMessages.notPublished);
        reply.header("cache-control", `public, max-age=${PUBLISHED_CACHE_SECONDS}`);
        return { success: true, report: toPublishedView(report) };
      },
    );
  };
}

/** ?state=: a state's id in data/states.json, 1-37; every state when absent or empty. */
function stateFilter(query: Record<string, unknown>): number | null {
  const value = single(query, "state");
  if (value === undefined) return null;
  const state = /^\d{1,2}$/.test(value) ? stateLgas(Number(value)) : undefined;
  if (!state) throw invalidParameter("state", placeFilterMessages.badState);
  return state.stateId;
}

/** ?from= and ?to=: a real calendar day, YYYY-MM-DD. */
function dayFilter(query: Record<string, unknown>, parameter: "from" | "to"): string | null {
  const value = single(query, parameter);
  if (value === undefined) return null;
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = parts && new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  if (!day || day.toISOString().slice(0, 10) !== value) {
    throw invalidParameter(parameter, placeFilterMessages.badDate(parameter));
  }
  return value;
}

/** The published list's filters: state, lga, type (or commentType, its older name), from, to. */
function publishedFilter(query: Record<string, unknown>): PublishedFilter {
  const stateId = stateFilter(query);
  const lgaValue = single(query, "lga");
  const lga =
    lgaValue === undefined
      ? null
      : ((stateId === null ? lgaNamed(lgaValue) : lgaOfState(stateId, lgaValue)) ??
        fail("lga", placeFilterMessages.badLga));
  const typeValue = single(query, "type");
  const commentType =
    typeValue === undefined
      ? commentTypeFilter(query.commentType)
      : (commentTypes.find((known) => known === typeValue) ?? fail("type", placeFilterMessages.badType));
  const from = dayFilter(query, "from");
  const to = dayFilter(query, "to");
  if (from !== null && to !== null && from > to)
    throw invalidParameter("from", placeFilterMessages.fromAfterTo);
  return { commentType, stateId, lga, from, to };
}

function fail(parameter: string, message: string): never {
  throw invalidParameter(parameter, message);
}

/** ?status=: pending (the queue) when absent or empty. */
function statusFilter(value: unknown): ReportStatus {
  if (value === undefined || value === "") return "pending";
  const status = reportStatuses.find((known) => known === value);
  if (!status) throw invalidParameter("status", reviewMessages.unknownStatusFilter);
  return status;
}

/** ?commentType=: every type when absent or empty. */
function commentTypeFilter(value: unknown): CommentType | null {
  if (value === undefined || value === "") return null;
  const type = commentTypes.find((known) => known === value);
  if (!type) throw invalidParameter("commentType", reviewMessages.unknownCommentTypeFilter);
  return type;
}
