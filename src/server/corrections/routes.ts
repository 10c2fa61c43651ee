import type { FastifyPluginAsync } from "fastify";
import { UUID_SHAPE } from "../../domain/uuid-shape";
import { idInPath } from "../http/id-in-path";
import { problem } from "../../domain/api/problems";
import {
  correctionMessages,
  correctionFieldProblem,
  translationProblems,
} from "../../domain/corrections/correction-rules";
import { addressWithoutSecrets } from "../../domain/routes";
import { DEFAULT_LANGUAGE } from "../../i18n/languages";
import { siteLanguages } from "../i18n/server-messages";
import { api } from "../../domain/api";
import type { Clock } from "../clock";
import { can } from "../../domain/permissions";
import { getSignedInUser, permitted, requirePermission, requireUser } from "../accounts/guards";
import { acceptJsonBodies } from "../http/request-body";
import type { Database } from "../db/database";
import { HttpError } from "../http/errors";
import { routeSchema, typedRoutes } from "../openapi/route-schema";
import { pageMeta, pageOf } from "../http/paging";
import { clientAddressKey } from "../rate-limit/client-address";
import { createLimit } from "../rate-limit/limit";
import {
  addCorrection,
  countCorrectionsByStatus,
  decideOnCorrection,
  findCorrection,
  findCorrections,
  subjectName,
  toCorrectionView,
} from "./correction-store";

/** For the data desk's publication: the correction a published change came from. */
export { markCorrectionUsed } from "./correction-store";

// "Suggest a correction" under /api/v1/corrections (translations):
//   POST  /                      anyone (signed in or not), rate-limited per IP   {subject, subjectId, whatIsWrong, sourceUrl?, email?}
//                                or {subject: "translation", language, page, whatIsWrong, email?}
//   GET   /?status=&page=        correction:read     corrections of one status (new by default), oldest first, with counts
//                                                     (senders' addresses for correction:review only)
//   GET   /:id                   data:propose        one correction, to start a data desk change from
//   PATCH /:id {status}          correction:review   accept or dismiss a new correction; 409 when already decided

export interface CorrectionDependencies {
  db: Database;
  now: Clock;
  /** Corrections per IP per hour (CORRECTION_RATE_LIMIT_MAX). */
  maxPerHour: number;
}

/** The languages whose translation can be corrected: all but English, the source. */
const translatedLanguages = () => siteLanguages().filter((code) => code !== DEFAULT_LANGUAGE);

export const CORRECTION_RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;
const CORRECTION_ID = UUID_SHAPE;

export function correctionRoutes({ db, now, maxPerHour }: CorrectionDependencies): FastifyPluginAsync {
  return async (plainScope) => {
    const scope = typedRoutes(plainScope);
    acceptJsonBodies(scope);
    const limitPerClient = createLimit(scope, {
      max: maxPerHour,
      windowMs: CORRECTION_RATE_LIMIT_WINDOW_MS,
      key: (request) => `correction:ip:${clientAddressKey(request.ip)}`,
      tooMany: correctionMessages.tooMany,
      problemKey: "corrections.tooMany",
    });

    // Counted before the body is checked, so a flood costs nothing but the count.
    const options = { schema: routeSchema(api.corrections.send), preValidation: limitPerClient };
    scope.post("/", options, async (request, reply) => {
      const input = request.body;
      if (input.subject === "translation") {
        const [wrong] = translationProblems(input, translatedLanguages());
        if (wrong) throw fieldRefusal(wrong.message, wrong.field);
      } else if (input.subjectId === null || subjectName(input.subject, input.subjectId) === null) {
        throw fieldRefusal(correctionMessages.unknownSubject, "subjectId");
      }
      const fieldProblem = correctionFieldProblem(input);
      if (fieldProblem) throw fieldRefusal(fieldProblem.message, fieldProblem.field);
      const sender = await getSignedInUser(request);
      const page = input.subject === "translation" ? pageWithoutSecrets(input.page) : input.page;
      // A language the site has, or none (the sender's account language, else English, is used instead).
      const pageLanguage = siteLanguages().includes(input.pageLanguage) ? input.pageLanguage : "";
      await addCorrection(db, { ...input, page, pageLanguage }, sender?.id ?? null, now());
      reply.status(201);
      return { success: true as const, message: correctionMessages.sent };
    });

    const list = { schema: routeSchema(api.corrections.list), preValidation: permitted("correction:read") };
    scope.get("/", list, async (request, reply) => {
      const reader = await requireUser(request);
      // An editor starts changes from corrections; only those who decide on them see who sent them.
      const withEmail = can(reader.role, "correction:review");
      const { status } = request.query;
      const page = pageOf(request.query);
      const [{ total, rows }, counts] = await Promise.all([
        findCorrections(db, status, page),
        countCorrectionsByStatus(db),
      ]);
      // Senders' e-mail addresses: never kept by a browser or a shared cache.
      reply.header("cache-control", "no-store");
      return {
        success: true as const,
        corrections: rows.map((row) => toCorrectionView(row, withEmail)),
        counts,
        meta: pageMeta(total, page),
      };
    });

    scope.get("/:id", { schema: routeSchema(api.corrections.read) }, async (request, reply) => {
      const reader = await requirePermission(request, "data:propose");
      const id = request.params.id.toLowerCase();
      const row = CORRECTION_ID.test(id) ? await findCorrection(db, id) : null;
      if (!row) throw correctionNotFound();
      reply.header("cache-control", "no-store");
      return {
        success: true as const,
        correction: toCorrectionView(row, can(reader.role, "correction:review")),
      };
    });

    const decision = {
      schema: routeSchema(api.corrections.decide),
      // Who asks and which correction, before what is sent: an unknown one is a 404 whatever the body.
      preValidation: [permitted("correction:review"), idInPath(correctionNotFound)],
    };
    scope.patch("/:id", decision, async (request, reply) => {
      const reviewer = await requirePermission(request, "correction:review");
      const id = request.params.id.toLowerCase();
      const { status } = request.body;
      const outcome = await decideOnCorrection(db, { id, to: status, reviewerId: reviewer.id, at: now() });
      if (outcome.outcome === "unknown") throw correctionNotFound();
      if (outcome.outcome === "conflict") {
        throw new HttpError(409, correctionMessages.conflict, { problem: problem("corrections.conflict") });
      }
      reply.header("cache-control", "no-store");
      return {
        success: true as const,
        message: status === "accepted" ? correctionMessages.accepted : correctionMessages.dismissed,
        correction: toCorrectionView(outcome.row),
      };
    });
  };
}

/**
 * A translation mistake's page as moderators will see it: the web app never sends an e-mailed link's token,
 * and one typed or pasted by hand is left out here too (it would let a reader verify or reset the account).
 */
function pageWithoutSecrets(page: string): string {
  const typed = page.trim();
  let url: URL;
  try {
    url = new URL(typed, "http://page.invalid");
  } catch {
    return typed;
  }
  const kept = addressWithoutSecrets(url.pathname, url.search);
  if (kept === url.pathname + url.search) return typed;
  return typed.startsWith("/") ? kept : url.origin + kept;
}

/** A field of the form the person has to fix: the same problem a schema's refusal of it has. */
function fieldRefusal(message: string, field: string): HttpError {
  return new HttpError(400, message, { field, problem: problem("request.fieldInvalid", { field }) });
}

function correctionNotFound(): HttpError {
  return new HttpError(404, correctionMessages.notFound, { problem: problem("corrections.notFound") });
}
