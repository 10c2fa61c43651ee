import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/database";
import { cachedDatabaseCheck } from "./database-check";

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const databaseIsUp = cachedDatabaseCheck(() => database.ping());
  app.get("/health", async (_request, reply) => {
    const databaseUp = await databaseIsUp();
    return reply
      .status(databaseUp ? 200 : 503)
      .header("cache-control", "no-store")
      .send(
        databaseUp
          ? { success: true, status: "ok", database: "up" }
          : {
              success: false,
              status: "unavailable",
              database: "down",
              message: "The database is not answering.",
            },
      );
  });
}
