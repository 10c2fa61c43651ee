import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { api } from "../../domain/api";
import { todayInNigeria } from "../../domain/reports/report-place";
import { reportMessages, reportServerMessages } from "../../domain/reports/report-rules";
import type { Clock } from "../clock";
import { permitted, requirePermission, requireUser } from "../accounts/guards";
import type { Database } from "../db/database";
import { databaseFault } from "../db/database-faults";
import { HttpError, ServiceFault } from "../http/errors";
import type { MediaLinks } from "../media/media-links";
import { storageFault, type MediaStore } from "../media/media-store";
import type { RemuxOptions } from "../media/videos";
import { routeSchema, typedRoutes } from "../openapi/route-schema";
import { pageMeta, pageOf } from "../http/paging";
import {
  findOwnReports,
  findReportByKey,
  saveReport,
  toOwnReportView,
  type OwnReportWithMedia,
} from "./report-store";
import {
  largestReportBytes,
  multipartLimits,
  receiveReport,
  uploadTooLarge,
  type UploadLimits,
} from "./report-upload";
import type { SubmissionLimit } from "./submission-limit";

// Eyewitness reports under /api/v1/eyewitness (docs/api.md):
//   POST /       a new report, multipart, streamed; 201 {success, message, report}
//   GET  /mine   the signed-in user's reports, newest first; 200 {success, reports, meta}
// A report and its media rows are written in one transaction once every file is stored; when anything
// fails, or the client goes away mid-upload, every file written for the request is removed.

export interface ReportsDependencies {
  db: Database;
  now: Clock;
  storage: MediaStore;
  links: MediaLinks;
  limits: UploadLimits;
  /** How videos are remuxed without their metadata (which ffmpeg, and its time limit). */
  video: RemuxOptions;
  submissions: SubmissionLimit;
  /** Told once a report with photos is saved and answered: their variants are to be made. */
  photosStored: () => void;
}

export function reportRoutes({
  db,
  now,
  storage,
  links,
  limits,
  video,
  submissions,
  photosStored,
}: ReportsDependencies): FastifyPluginAsync {
  /** The 201 answer of a stored report; the same whether this try stored it or an earlier one did. */
  const answerSubmitted = (reply: FastifyReply, report: OwnReportWithMedia, viewerId: number) => {
    // The answer holds the whole place and the reporter's details: never kept by any cache.
    reply.header("cache-control", "no-store");
    return reply.status(201).send({
      success: true as const,
      message: reportMessages.submitted,
      report: toOwnReportView(report, links.forViewer(viewerId)),
    });
  };

  return async (plainScope) => {
    const scope = typedRoutes(plainScope);
    // Multipart for these routes only; the parser itself stops parts, files and fields beyond the limits.
    await scope.register(fastifyMultipart, { limits: multipartLimits(limits) });

    scope.post("/", { schema: routeSchema(api.reports.submit) }, async (request, reply) => {
      const user = await requirePermission(request, "report:submit");
      const idempotencyKey = request.headers["idempotency-key"];
      await submissions.count(request, reply);
      if (!request.isMultipart()) throw new HttpError(415, reportServerMessages.notMultipart);
      if (Number(request.headers["content-length"]) > largestReportBytes(limits)) {
        // Larger than any valid report: refused unread, and the connection is not kept for it.
        reply.header("connection", "close");
        throw new HttpError(413, uploadTooLarge(limits));
      }
      // A retry of a report already stored (its first answer was lost on the way): that report again, and
      // the files sent again are read and dropped, never stored.
      const stored = idempotencyKey ? await findReportByKey(db, user.id, idempotencyKey) : null;
      if (stored) {
        letTheRestOfTheUploadGo(request);
        return answerSubmitted(reply, stored, user.id);
      }

      const batch = storage.startBatch();
      try {
        const today = todayInNigeria(now());
        const { fields, media } = await receiveReport(request, batch, limits, video, today);
        // A row must never name a missing file: each file is checked once more just before the insert.
        const missing = await storage.missing(media.map((file) => file.storageKey));
        if (missing.length > 0) {
          request.log.error({ missing }, "a stored file of a report vanished before the report was saved");
          reply.header("retry-after", "60");
          throw new HttpError(503, reportServerMessages.mediaLost);
        }
        const report = await saveReport(db, {
          reporterId: user.id,
          fields,
          media,
          at: now(),
          ...(idempotencyKey ? { idempotencyKey } : {}),
        });
        if (!report) {
          // Its first try, running alongside, stored it meanwhile: this try's files go, that report answers.
          await batch.discard();
          const first = idempotencyKey ? await findReportByKey(db, user.id, idempotencyKey) : null;
          if (!first) throw new Error("a report with this idempotency key was neither saved nor found");
          return answerSubmitted(reply, first, user.id);
        }
        await batch.confirm().catch((confirmError: unknown) => {
          request.log.warn(
            { err: confirmError },
            "the stored files of a saved report could not be confirmed",
          );
        });
        answerSubmitted(reply, report, user.id);
        // Sent: now the photos' WebP variants, in the background.
        if (media.some((file) => file.kind === "photo")) photosStored();
        return reply;
      } catch (error) {
        // The database cut off mid-write may have committed the report: its files stay for the sweep.
        const cleanUp = databaseFault(error) === "unavailable" ? batch.abandon() : batch.discard();
        await cleanUp.catch((discardError: unknown) => {
          request.log.error({ err: discardError }, "could not remove the files of a failed report");
        });
        letTheRestOfTheUploadGo(request);
        const fault = storageFault(error);
        if (fault) {
          // A full or read-only disk, or a store out of reach, is the operator's to fix, never the
          // reporter's upload that "stopped": 507 while it cannot take files, 503 while out of reach.
          request.log.error(
            { err: error },
            `report media could not be stored: ${storage.description} ${fault === "full" ? "refused the write" : "could not be reached"}`,
          );
          throw new ServiceFault(fault);
        }
        throw !request.raw.complete && !(error instanceof HttpError) && databaseFault(error) === null
          ? new HttpError(400, reportServerMessages.uploadInterrupted)
          : error;
      }
    });

    const mine = { schema: routeSchema(api.reports.mine), preValidation: permitted("report:read-own") };
    scope.get("/mine", mine, async (request, reply) => {
      const user = await requireUser(request);
      const page = pageOf(request.query);
      const { total, reports } = await findOwnReports(db, user.id, page);
      reply.header("cache-control", "no-store");
      return {
        success: true as const,
        reports: reports.map((report) => toOwnReportView(report, links.forViewer(user.id))),
        meta: pageMeta(total, page),
      };
    });
  };
}

/**
 * After a refusal, the rest of the request body is read and dropped, so the client can finish sending
 * and then read the answer (a browser still uploading would otherwise see a broken connection).
 */
function letTheRestOfTheUploadGo(request: FastifyRequest): void {
  const raw = request.raw;
  raw.unpipe();
  if (!raw.complete && !raw.destroyed) raw.resume();
}
