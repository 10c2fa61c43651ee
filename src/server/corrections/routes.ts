import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  correctionMessages,
  correctionProblem,
  correctionStatuses,
  correctionSubjects,
  type CorrectionStatus,
} from "../../domain/corrections/correction-rules";
import type { Clock } from "../clock";
import { getSignedInUser, requirePermission } from "../accounts/guards";
import { acceptJsonBodies, parseBody } from "../http/request-body";
import type { Database } from "../db/database";
import { HttpError } from "../http/errors";
import { pageFrom, pageMeta, pageMetaSchema } from "../reports/paging";
import { clientAddressKey } from "../rate-limit/client-address";
import { createLimit } from "../rate-limit/limit";
import {
  addCorrection,
  countCorrectionsByStatus,
  decideOnCorrection,
  findCorrections,
  subjectName,
  toCorrectionView,
} from "./correction-store";

// "Suggest a correction" under /api/v1/corrections (issue 14):
//   POST  /                      anyone (signed in or not), rate-limited per IP   {subject, subjectId, whatIsWrong, sourceUrl?, email?}
//   GET   /?status=&page=        correction:review   corrections of one status (new by default), oldest first, with counts
//   PATCH /:id {status}          correction:review   accept or dismiss a new correction; 409 when already decided

export interface CorrectionDependencies {
  db: Database;
  now: Clock;
  /** Corrections per IP per hour (CORRECTION_RATE_LIMIT_MAX). */
  maxPerHour: number;
}

export const CORRECTION_RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;
const CORRECTION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (max: number) =>
  z
    .string({ error: correctionMessages.unreadable })
    .max(max * 2, { error: correctionMessages.textTooLong })
    // PostgreSQL text cannot hold NUL; nobody types one.
    .transform((value) => value.replaceAll("\u0000", ""));

const submissionSchema = z.object(
  {
    subject: z.enum(correctionSubjects, { error: correctionMessages.unknownSubject }),
    subjectId: z
      .number({ error: correctionMessages.unknownSubject })
      .int({ error: correctionMessages.unknownSubject }),
    whatIsWrong: text(2000),
    sourceUrl: text(500)
      .nullish()
      .transform((value) => value ?? ""),
    email: text(254)
      .nullish()
      .transform((value) => value ?? ""),
  },
  { error: correctionMessages.unreadable },
);

const decisionSchema = z.object(
  { status: z.enum(["accepted", "dismissed"], { error: correctionMessages.decisionUnreadable }) },
  { error: correctionMessages.decisionUnreadable },
);

const correctionSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    subject: { type: "string" },
    subjectId: { type: "integer" },
    subjectName: { type: "string" },
    whatIsWrong: { type: "string" },
    sourceUrl: { type: ["string", "null"] },
    email: { type: ["string", "null"] },
    status: { type: "string" },
    createdAt: { type: "string" },
    decidedAt: { type: ["string", "null"] },
  },
  required: [
    "id",
    "subject",
    "subjectId",
    "subjectName",
    "whatIsWrong",
    "sourceUrl",
    "email",
    "status",
    "createdAt",
    "decidedAt",
  ],
  additionalProperties: false,
} as const;

const answers = {
  sent: {
    type: "object",
    properties: { success: { type: "boolean" }, message: { type: "string" } },
    required: ["success", "message"],
    additionalProperties: false,
  },
  list: {
    type: "object",
    properties: {
      success: { type: "boolean" },
      corrections: { type: "array", items: correctionSchema },
      counts: {
        type: "object",
        properties: Object.fromEntries(correctionStatuses.map((status) => [status, { type: "integer" }])),
        required: [...correctionStatuses],
        additionalProperties: false,
      },
      meta: pageMetaSchema,
    },
    required: ["success", "corrections", "counts", "meta"],
    additionalProperties: false,
  },
  decided: {
    type: "object",
    properties: { success: { type: "boolean" }, message: { type: "string" }, correction: correctionSchema },
    required: ["success", "message", "correction"],
    additionalProperties: false,
  },
} as const;

export function correctionRoutes({ db, now, maxPerHour }: CorrectionDependencies): FastifyPluginAsync {
  return async (scope) => {
    acceptJsonBodies(scope);
    const limitPerClient = createLimit(scope, {
      max: maxPerHour,
      windowMs: CORRECTION_RATE_LIMIT_WINDOW_MS,
      key: (request) => `correction:ip:${clientAddressKey(request.ip)}`,
      tooMany: correctionMessages.tooMany,
    });

    scope.post("/", { schema: { response: { 201: answers.sent } } }, async (request, reply) => {
      // Counted before anything is read, so a flood costs nothing but the count.
      await limitPerClient(request, reply);
      const input = parseBody(submissionSchema, request.body);
      if (subjectName(input.subject, input.subjectId) === null) {
        throw new HttpError(400, correctionMessages.unknownSubject);
      }
      const problem = correctionProblem(input);
      if (problem) throw new HttpError(400, problem);
      const sender = await getSignedInUser(request);
      await addCorrection(db, input, sender?.id ?? null, now());
      reply.status(201);
      return { success: true, message: correctionMessages.sent };
    });

    scope.get<{ Querystring: { status?: unknown; page?: unknown; per_page?: unknown } }>(
      "/",
      { schema: { response: { 200: answers.list } } },
      async (request, reply) => {
        await requirePermission(request, "correction:review");
        const status = statusFilter(request.query.status);
        const page = pageFrom(request.query);
        const [{ total, rows }, counts] = await Promise.all([
          findCorrections(db, status, page),
          countCorrectionsByStatus(db),
        ]);
        // Senders' e-mail addresses: never kept by a browser or a shared cache.
        reply.header("cache-control", "no-store");
        return {
          success: true,
          corrections: rows.map(toCorrectionView),
          counts,
          meta: pageMeta(total, page),
        };
      },
    );

    scope.patch<{ Params: { id: string } }>(
      "/:id",
      { schema: { response: { 200: answers.decided } } },
      async (request, reply) => {
        const reviewer = await requirePermission(request, "correction:review");
        const id = request.params.id.toLowerCase();
        if (!CORRECTION_ID.test(id)) throw new HttpError(404, correctionMessages.notFound);
        const { status } = parseBody(decisionSchema, request.body);
        const outcome = await decideOnCorrection(db, { id, to: status, reviewerId: reviewer.id, at: now() });
        if (outcome.outcome === "unknown") throw new HttpError(404, correctionMessages.notFound);
        if (outcome.outcome === "conflict") throw new HttpError(409, correctionMessages.conflict);
        reply.header("cache-control", "no-store");
        return {
          success: true,
          message: status === "accepted" ? correctionMessages.accepted : correctionMessages.dismissed,
          correction: toCorrectionView(outcome.row),
        };
      },
    );
  };
}

/** ?status=: new (the queue) when absent or empty. */
function statusFilter(value: unknown): CorrectionStatus {
  if (value === undefined || value === "") return "new";
  const status = correctionStatuses.find((known) => known === value);
  if (!status) throw new HttpError(400, correctionMessages.unknownStatusFilter);
  return status;
}
