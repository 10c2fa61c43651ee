import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { api, healthyAnswerSchema, type DatabaseState } from "../../domain/api";
import { codeProblem } from "../../domain/api/problems";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/database";
import { announcesBody, type EarlyAnswers } from "../http/early-answers";
import { securityHeaders } from "../http/security-headers";
import type { MediaStore } from "../media/media-store";
import type { RateLimitCounting } from "../rate-limit/rate-limiting";
import { cachedCheck } from "./database-check";
import { probeDatabaseWrite } from "./database-probe";
import { routeSchema } from "../openapi/route-schema";

// GET /health: the database takes a small write (database-probe.ts: a full disk or a read-only database
// fails it), and the media store takes a file (a full or read-only disk, or an S3 store refusing, fails
// the check), so a monitor sees it before reporters do. Both good answers are reused briefly. The rate
// limits counting per instance because Redis is away is "degraded": a 200, since the service works and
// its limits hold, unless HEALTH_FAIL_ON_DEGRADED asks for a 503.
//
// Monitors and load balancers poll it, often several at once, and nearly always while both good answers
// are fresh: that answer is the same bytes every time, so it is encoded through the contract's schema once
// and, for a plain GET of the address, written by the HTTP server itself with its headers prepared as
// one list (http/early-answers.ts): the security headers every answer has, then the route's own, in the
// order Fastify sends them. Otherwise, while the good answers are fresh, the route sends the same text
// (app.inject, a HEAD, a query, request lines logged at info). Any other case (a check due, or something
// down or degraded) goes the full way, serialised by the contract as every answer is.

export interface HealthDependencies {
  database: DatabaseHandle;
  storage: MediaStore;
  rateLimits: RateLimitCounting;
  config: Pick<Config, "env" | "smtpUrl" | "healthFailOnDegraded">;
  earlyAnswers: EarlyAnswers;
}

const databaseProblems: Record<Exclude<DatabaseState, "up">, string> = {
  down: "The database is not answering.",
  full: "The database's disk is full: nothing new can be saved.",
  "read-only": "The database is read-only: nothing new can be saved.",
};
const storageProblem = "The server cannot store files right now.";
export const rateLimitsDegradedSentence =
  "Redis is not answering: each instance counts the rate limits alone, in its own memory.";
export const mailFilesWarning =
  "E-mails are written as files on the server instead of being sent: set SMTP_URL to send them.";

const healthyHeaders = Object.freeze({
  "cache-control": "no-store",
  "content-type": "application/json; charset=utf-8",
});

export function healthRoutes(
  app: FastifyInstance,
  { database, storage, rateLimits, config, earlyAnswers }: HealthDependencies,
): void {
  // Mail's transport is chosen once at start-up, so its part of the answer never changes.
  const mail = config.smtpUrl ? "smtp" : "files";
  const mailWarnings = config.env === "production" && mail === "files" ? [mailFilesWarning] : [];
  const healthyBody = JSON.stringify(
    healthyAnswerSchema.encode({
      success: true,
      status: "ok",
      database: "up",
      storage: "up",
      rateLimits: "ok",
      mail,
      warnings: mailWarnings,
    }),
  );

  const databaseState = cachedCheck<DatabaseState>(
    () =>
      probeDatabaseWrite(database.db, (state, error) =>
        app.log.error({ err: error }, `health: the database cannot take a write (${state})`),
      ),
    { good: "up", failed: "down" },
  );
  const storageIsUp = cachedCheck(() => storage.isWritable(), { good: true, failed: false });

  async function checkAndAnswer(request: FastifyRequest, reply: FastifyReply) {
    const [databaseNow, storageUp] = await Promise.all([databaseState(), storageIsUp()]);
    if (!storageUp)
      request.log.error(
        `health: ${storage.description} cannot take files (disk full, read-only or refusing)`,
      );
    const rateLimitsNow = rateLimits.state();
    const degraded = rateLimitsNow === "degraded" ? [rateLimitsDegradedSentence] : [];
    const problems = [
      ...(databaseNow === "up" ? [] : [databaseProblems[databaseNow]]),
      ...(storageUp ? [] : [storageProblem]),
      ...(config.healthFailOnDegraded ? degraded : []),
    ];
    const warnings = [...(config.healthFailOnDegraded ? [] : degraded), ...mailWarnings];
    const parts = { rateLimits: rateLimitsNow, mail, warnings };
    void reply.header("cache-control", "no-store");
    if (problems.length === 0) {
      const status = degraded.length === 0 ? "ok" : "degraded";
      return reply.status(200).send({ success: true, status, database: "up", storage: "up", ...parts });
    }
    return reply.status(503).send({
      success: false,
      status: "unavailable",
      database: databaseNow,
      storage: storageUp ? "up" : "down",
      ...parts,
      message: problems.join(" "),
      code: "UNAVAILABLE",
      problem: codeProblem("UNAVAILABLE"),
    });
  }

  const healthyNow = () =>
    databaseState.knownGood() && storageIsUp.knownGood() && rateLimits.state() === "ok";

  app.get("/health", { schema: routeSchema(api.health.health) }, (request, reply) => {
    if (!healthyNow()) return checkAndAnswer(request, reply);
    // A string with its content type is sent as it is (Fastify serialises objects only).
    void reply.headers(healthyHeaders).send(healthyBody);
    return undefined;
  });

  const healthyHeaderList = Object.entries({
    ...securityHeaders,
    ...healthyHeaders,
    "content-length": String(Buffer.byteLength(healthyBody)),
  }).flat();
  // Fastify writes a line per request at info and below: then the request goes to it, to be logged.
  const log = app.log as { isLevelEnabled?: (level: string) => boolean };
  earlyAnswers.add(`${app.prefix}/health`, (request, response) => {
    if (request.method !== "GET" || announcesBody(request) || log.isLevelEnabled?.("info") || !healthyNow())
      return false;
    response.writeHead(200, healthyHeaderList);
    response.end(healthyBody);
    return true;
  });
}
