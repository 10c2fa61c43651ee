import { inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database";
import { reportMedia } from "../db/schema";
import { ABANDONED_AFTER_MS, type MediaStorage } from "./storage";

// A process killed mid-upload (kill -9, power cut) leaves files that nothing will ever remove: `.part`
// files in `.incoming/`, and stored files whose report was never written (the row is written only once
// every file is in place, so such a file is briefly normal). The sweep removes both once they are older
// than any live upload could leave them, at start-up and then periodically. A report row is written only
// after its files are stored and flushed, and the sweep never removes a file a row names, so a row never
// points at a missing file.

export const ORPHAN_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface SweepResult {
  abandonedUploads: number;
  orphanFiles: number;
}

export async function sweepOrphanMedia(storage: MediaStorage, db: Database, now: Date): Promise<SweepResult> {
  const abandonedUploads = await storage.removeAbandonedUploads(now);
  let orphanFiles = 0;
  for await (const files of storage.storedFiles()) {
    const old = files.filter((file) => now.getTime() - file.modifiedMs > ABANDONED_AFTER_MS);
    if (old.length === 0) continue;
    const named = await db
      .select({ storageKey: reportMedia.storageKey })
      .from(reportMedia)
      .where(
        inArray(
          reportMedia.storageKey,
          old.map((file) => file.key),
        ),
      );
    const kept = new Set(named.map((row) => row.storageKey));
    for (const file of old) {
      if (kept.has(file.key)) continue;
      await storage.remove(file.key);
      orphanFiles += 1;
    }
  }
  return { abandonedUploads, orphanFiles };
}

/** Sweeps now and every `intervalMs`; returns a function that stops it. A failed sweep is logged. */
export function startOrphanSweep(
  storage: MediaStorage,
  db: Database,
  log: FastifyBaseLogger,
  now: () => Date,
  intervalMs = ORPHAN_SWEEP_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepOrphanMedia(storage, db, now()).then(
      (result) => {
        if (result.abandonedUploads + result.orphanFiles > 0) {
          log.warn(result, "removed media files left by an interrupted upload");
        }
      },
      (error: unknown) => log.error({ err: error }, "the sweep of orphan media files failed"),
    );
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
