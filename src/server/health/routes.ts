import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { api, healthyAnswerSchema } from "../../domain/api";
import type { DatabaseHandle } from "../db/database";
import type { MediaStore } from "../media/media-store";
import { cachedDatabaseCheck } from "./database-check";
import { routeSchema } from "../openapi/route-schema";

// GET /health: the database answers, and the media store takes a file (a full or read-only disk, or an
// S3 store refusing, fails the check, so a monitor sees it before reporters do). Both good answers are
// reused briefly.
//
// Monitors and load balancers poll it, often several at once, and nearly always while both good answers
// are fresh: that answer is the same bytes every time, so it is encoded through the contract's schema once
// and sent as text, without a promise or a serialisation per request. Any other case (a check due, or
// something down) goes the full way, serialised by the contract as every answer is.

const healthyBody = JSON.stringify(
  healthyAnswerSchema.encode({ success: true, status: "ok", database: "up", storage: "up" }),
);
const healthyHeaders = Object.freeze({
  "cache-control": "no-store",
  "content-type": "application/json; charset=utf-8",
});

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle, storage: MediaStore): void {
  const databaseIsUp = cachedDatabaseCheck(() => database.ping());
  const storageIsUp = cachedDatabaseCheck(() => storage.isWritable());

  async function checkAndAnswer(request: FastifyRequest, reply: FastifyReply) {
    const [databaseUp, storageUp] = await Promise.all([databaseIsUp(), storageIsUp()]);
    if (!storageUp)
      request.log.error(
        `health: ${storage.description} cannot take files (disk full, read-only or refusing)`,
      );
    const problems = [
      ...(databaseUp ? [] : ["The database is not answering."]),
      ...(storageUp ? [] : ["The server cannot store files right now."]),
    ];
    const state = { database: databaseUp ? "up" : "down", storage: storageUp ? "up" : "down" };
    return reply
      .status(problems.length === 0 ? 200 : 503)
      .header("cache-control", "no-store")
      .send(
        problems.length === 0
          ? { success: true, status: "ok", ...state }
          : {
              success: false,
              status: "unavailable",
              ...state,
              message: problems.join(" "),
              code: "UNAVAILABLE",
            },
      );
  }

  app.get("/health", { schema: routeSchema(api.health.health) }, (request, reply) => {
    if (!databaseIsUp.knownUp() || !storageIsUp.knownUp()) return checkAndAnswer(request, reply);
    // A string with its content type is sent as it is (Fastify serialises objects only).
    void reply.headers(healthyHeaders).send(healthyBody);
    return undefined;
  });
}
