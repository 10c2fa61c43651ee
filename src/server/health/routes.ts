import type { FastifyInstance } from "fastify";
import { api } from "../../domain/api";
import type { DatabaseHandle } from "../db/database";
import type { MediaStorage } from "../media/storage";
import { cachedDatabaseCheck } from "./database-check";
import { routeSchema } from "../openapi/route-schema";

// GET /health: the database answers, and the uploads folder takes a file (a full or read-only disk
// fails the check, so a monitor sees it before reporters do). Both good answers are reused briefly.

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle, storage: MediaStorage): void {
  const databaseIsUp = cachedDatabaseCheck(() => database.ping());
  const storageIsUp = cachedDatabaseCheck(() => storage.isWritable());
  app.get("/health", { schema: routeSchema(api.health.health) }, async (request, reply) => {
    const [databaseUp, storageUp] = await Promise.all([databaseIsUp(), storageIsUp()]);
    if (!storageUp)
      request.log.error("health: the uploads folder cannot take files (disk full or read-only)");
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
  });
}
