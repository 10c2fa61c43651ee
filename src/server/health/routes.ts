import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/database";
import type { MediaStore } from "../media/media-store";
import { cachedDatabaseCheck } from "./database-check";

// GET /health: the database answers, and the media store takes a file (a full or read-only disk, or an
// S3 store refusing, fails the check, so a monitor sees it before reporters do). Both good answers are
// reused briefly.

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle, storage: MediaStore): void {
  const databaseIsUp = cachedDatabaseCheck(() => database.ping());
  const storageIsUp = cachedDatabaseCheck(() => storage.isWritable());
  app.get("/health", async (request, reply) => {
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
          : { success: false, status: "unavailable", ...state, message: problems.join(" ") },
      );
  });
}
