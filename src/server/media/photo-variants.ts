import { randomUUID } from "node:crypto";
import { asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { databaseFault } from "../db/database-faults";
import { reportMedia, reportMediaVariants } from "../db/schema";
import type { MediaStore } from "./media-store";
import { isPhotoContentType } from "./media-types";
import { makePhotoVariants, PhotoProblem } from "./photos";

// A photo's WebP variants are made after its report is answered, not before: they are most of a photo's
// cost, and a new report waits for a moderator before any public page shows them. Meanwhile
// every list and page shows the full photo (report-store.ts lists no variants; media/routes.ts serves
// the photo for a size not made yet).
//
// Durable like the mail outbox (mail/outbox.ts): a photo row is written with `variants_due_at` set; a
// maker on any instance claims one due row at a time (SKIP LOCKED, so two instances never make the same
// variants; PGlite has a single process anyway), moves its due time forward by a lease (a maker that dies
// mid-work leaves it to be claimed again), makes and stores the variants, and clears it. The maker runs
// right after each report with photos, at start-up and periodically, one photo at a time per instance, in
// the photo worker pool behind any re-encode a reporter is waiting for. A failure is logged and retried
// later, a few times, then given up: the full photo is then shown for good.

export interface VariantLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface VariantMakerOptions {
  db: Database;
  storage: MediaStore;
  now: () => Date;
  log: VariantLog;
  /** After this many failed attempts a photo keeps no variants. */
  maxAttempts?: number;
  /** Delay before the first retry, doubling with each failure. */
  retryDelayMs?: number;
  /** How long a claimed photo is hidden from other makers. */
  leaseMs?: number;
}

export const variantMakerDefaults = {
  maxAttempts: 4,
  retryDelayMs: 60 * 1000,
  leaseMs: 10 * 60 * 1000,
  intervalMs: 60 * 1000,
};

/**
 * Claims one photo whose variants are due, makes and records them; false when none was due. A failure
 * to make them is logged and scheduled for retry, not thrown; a database failure is thrown.
 */
export async function makeDueVariants(options: VariantMakerOptions): Promise<boolean> {
  const { db, storage, log } = options;
  const maxAttempts = options.maxAttempts ?? variantMakerDefaults.maxAttempts;
  const now = options.now();
  const due = db
    .select({ id: reportMedia.id })
    .from(reportMedia)
    .where(lte(reportMedia.variantsDueAt, now))
    .orderBy(asc(reportMedia.variantsDueAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [photo] = await db
    .update(reportMedia)
    .set({
      variantAttempts: sql`${reportMedia.variantAttempts} + 1`,
      variantsDueAt: new Date(now.getTime() + (options.leaseMs ?? variantMakerDefaults.leaseMs)),
    })
    .where(inArray(reportMedia.id, due))
    .returning({
      id: reportMedia.id,
      storageKey: reportMedia.storageKey,
      contentType: reportMedia.contentType,
      attempts: reportMedia.variantAttempts,
    });
  if (!photo) return false;

  const batch = storage.startBatch();
  try {
    if (!isPhotoContentType(photo.contentType)) throw new PhotoProblem("unreadable");
    const stored = await storage.read(photo.storageKey);
    if (!stored) throw new Error(`the photo ${photo.storageKey} is missing from ${storage.description}`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    const variants = await makePhotoVariants(Buffer.concat(chunks), photo.contentType);
    const rows: (typeof reportMediaVariants.$inferInsert)[] = [];
    for (const variant of variants) {
      rows.push({
        mediaId: photo.id,
        size: variant.size,
        width: variant.width,
        height: variant.height,
        storageKey: await batch.store(randomUUID(), variant.data, "image/webp"),
        bytes: variant.data.length,
      });
    }
    await db.transaction(async (tx) => {
      // Made twice only if a lease ran out mid-work: the first rows stay; the orphan sweep removes the
      // files no row names.
      if (rows.length > 0) await tx.insert(reportMediaVariants).values(rows).onConflictDoNothing();
      await tx.update(reportMedia).set({ variantsDueAt: null }).where(eq(reportMedia.id, photo.id));
    });
    // Named by their rows now; a mark left behind only makes the next start check them against the rows.
    await batch.confirm().catch(() => undefined);
  } catch (error) {
    // The database cut off mid-write may have committed the rows: their files stay for the sweep.
    await (databaseFault(error) === "unavailable" ? batch.abandon() : batch.discard()).catch(() => undefined);
    // An unreadable photo (it was read once already) is not tried again.
    const givingUp = photo.attempts >= maxAttempts || error instanceof PhotoProblem;
    const delay = (options.retryDelayMs ?? variantMakerDefaults.retryDelayMs) * 2 ** (photo.attempts - 1);
    await db
      .update(reportMedia)
      .set({ variantsDueAt: givingUp ? null : new Date(options.now().getTime() + delay) })
      .where(eq(reportMedia.id, photo.id));
    log[givingUp ? "error" : "warn"](
      { mediaId: photo.id, attempts: photo.attempts, err: error },
      givingUp
        ? "the WebP variants of a photo could not be made; giving up, the full photo is shown"
        : "the WebP variants of a photo could not be made; will retry",
    );
  }
  return true;
}

export interface VariantMaker {
  /** Makes every due photo's variants soon (after a report with photos is saved). */
  wake(): void;
  /** Resolves once no work is running or asked for (tests). */
  settled(): Promise<void>;
  /** Finishes the photo in progress, then stops. */
  stop(): Promise<void>;
}

/** Makes due variants now, whenever woken, and every intervalMs, one photo at a time, until stopped. */
export function startVariantMaker(options: VariantMakerOptions & { intervalMs?: number }): VariantMaker {
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;

  const pass = async () => {
    do {
      again = false;
      try {
        while (!stopped && (await makeDueVariants(options)));
      } catch (error) {
        options.log.error({ err: error }, "the pass making photo variants failed");
      }
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = undefined;
    });
  };
  wake();
  const timer = setInterval(wake, options.intervalMs ?? variantMakerDefaults.intervalMs);
  timer.unref();
  return {
    wake,
    async settled() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
