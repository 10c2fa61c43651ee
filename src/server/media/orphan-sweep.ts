import { inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database";
import { dataDocuments, reportMedia, reportMediaVariants } from "../db/schema";
import type { MediaStore } from "./media-store";

// A process killed mid-upload (kill -9, power cut) leaves files that nothing will ever remove: `.part`
// files in `.incoming/`, stored files (objects, in an S3 store) whose report was never written, and in
// an S3 store the parts of a multipart upload never completed (unlisted, but kept until aborted). A
// live upload leaves such files too: each photo is stored as it arrives, and the report row that names
// it is written only once the whole request is in. So a row-less stored file, or a multipart upload, is
// removed only once it is older than the longest request the server lets run (the whole-request
// timeout, then a remux, then a margin): then no live upload, on this instance or another with the same
// settings, can still be writing it. At start-up and then periodically, on every instance (removing
// twice is harmless). As a last guard, a report is saved only after its files are checked to be there
// (reports/routes.ts), so a row never points at a missing file. A killed process's stored files need not
// wait for the window: each was marked as unconfirmed before it was stored (MediaBatch.confirm), and the
// next start removes those that no row names.

export const ORPHAN_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** Room beyond the longest request: the answer, the database write, a busy disk, clocks apart. */
export const ORPHAN_MARGIN_MS = 15 * 60 * 1000;

/**
 * How old a row-less stored file must be before the sweep removes it: longer than any request can last.
 * Node's whole-request timeout covers receiving the body; a video's remux (with its own limit) and the
 * report's write come after it.
 */
export function orphanAgeMs(settings: { requestMs: number; videoRemuxTimeoutMs: number }): number {
  return settings.requestMs + settings.videoRemuxTimeoutMs + ORPHAN_MARGIN_MS;
}

export interface SweepResult {
  abandonedUploads: number;
  orphanFiles: number;
  /** Why abandoned uploads could not be cleared (e.g. a bucket policy without the multipart permissions). */
  abandonedUploadsFailure?: unknown;
}

/** Removes abandoned uploads, and stored files that no report, photo variant or document names and are older than `olderThanMs`. */
export async function sweepOrphanMedia(
  storage: MediaStore,
  db: Database,
  now: Date,
  olderThanMs: number,
): Promise<SweepResult> {
  // Abandoned uploads failing to clear never stops the sweep of orphan files, which matter more.
  let abandonedUploads = 0;
  let abandonedUploadsFailure: unknown;
  try {
    abandonedUploads = await storage.removeAbandonedUploads(now, olderThanMs);
  } catch (error) {
    abandonedUploadsFailure = error;
  }
  let orphanFiles = 0;
  // What killed processes stored without confirming (their folders set aside at start-up, or just
  // above): each removed now, unless a row names it (a kill between the commit and the confirmation).
  // No live request can still be writing these.
  for (const unconfirmed of await storage.unconfirmedFilesOfEndedProcesses()) {
    const named = await namedKeys(db, unconfirmed.keys);
    const orphans = unconfirmed.keys.filter((key) => !named.has(key));
    await storage.remove(orphans);
    orphanFiles += orphans.length;
    await unconfirmed.clear();
  }
  for await (const files of storage.storedFiles()) {
    const old = files.filter((file) => now.getTime() - file.modifiedMs > olderThanMs);
    if (old.length === 0) continue;
    const keys = old.map((file) => file.key);
    const kept = await namedKeys(db, keys);
    const orphans = keys.filter((key) => !kept.has(key));
    await storage.remove(orphans);
    orphanFiles += orphans.length;
  }
  return abandonedUploadsFailure === undefined
    ? { abandonedUploads, orphanFiles }
    : { abandonedUploads, orphanFiles, abandonedUploadsFailure };
}

/**
 * The keys among `keys` that a report's media row (its file or blurred copy), a variant row or an
 * uploaded document (data desk) names.
 */
async function namedKeys(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const named = await db
    .select({ storageKey: reportMedia.storageKey })
    .from(reportMedia)
    .where(inArray(reportMedia.storageKey, keys))
    .union(
      db
        .select({ storageKey: reportMediaVariants.storageKey })
        .from(reportMediaVariants)
        .where(inArray(reportMediaVariants.storageKey, keys)),
    )
    .union(
      db
        .select({ storageKey: sql<string>`${reportMedia.publicStorageKey}` })
        .from(reportMedia)
        .where(inArray(reportMedia.publicStorageKey, keys)),
    )
    .union(
      db
        .select({ storageKey: dataDocuments.storageKey })
        .from(dataDocuments)
        .where(inArray(dataDocuments.storageKey, keys)),
    );
  return new Set(named.map((row) => row.storageKey));
}

export interface SweepSchedule {
  /** Row-less stored files older than this are removed (orphanAgeMs of the configuration). */
  olderThanMs: number;
  intervalMs?: number;
}

/** Sweeps now and every `intervalMs`; returns a function that stops it. A failed sweep is logged. */
export function startOrphanSweep(
  storage: MediaStore,
  db: Database,
  log: FastifyBaseLogger,
  now: () => Date,
  { olderThanMs, intervalMs = ORPHAN_SWEEP_INTERVAL_MS }: SweepSchedule,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepOrphanMedia(storage, db, now(), olderThanMs).then(
      ({ abandonedUploadsFailure, ...result }) => {
        if (abandonedUploadsFailure !== undefined) {
          log.warn(
            { err: abandonedUploadsFailure },
            "abandoned uploads could not be cleared (the rest of the sweep ran); see docs/operating.md, Media storage",
          );
        }
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
