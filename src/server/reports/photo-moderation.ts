import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { BlurRectangle } from "../../domain/reports/review-rules";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { reportMedia, reportMediaVariants } from "../db/schema";
import { blurPhoto } from "../media/photo-blur";
import type { MediaStore } from "../media/media-store";
import { isPhotoContentType } from "../media/media-types";
import { makePhotoVariants } from "../media/photos";
import { lockChangeable } from "./public-text";
import { findReportForReview, type ReviewRow } from "./review-store";

// A moderator hides a photo or video from the public, or blurs rectangles of a photo. A blurred photo gets
// a blurred copy, which the public is served instead of the photo (media/routes.ts), and its smaller
// copies are made again from the blurred one; the copies made from the unblurred photo are deleted.

export type MediaChangeOutcome =
  | { outcome: "changed"; report: ReviewRow }
  | { outcome: "unknown-report" }
  | { outcome: "unknown-media" }
  | { outcome: "not-a-photo" }
  | { outcome: "published" }
  | { outcome: "withdrawn" };

async function mediaOf(db: Database, reportId: string, mediaId: string) {
  const [media] = await db
    .select({
      id: reportMedia.id,
      kind: reportMedia.kind,
      storageKey: reportMedia.storageKey,
      contentType: reportMedia.contentType,
      publicStorageKey: reportMedia.publicStorageKey,
      hidden: reportMedia.hidden,
    })
    .from(reportMedia)
    .where(and(eq(reportMedia.id, mediaId), eq(reportMedia.reportId, reportId)));
  return media ?? null;
}

async function readBack(db: Database, reportId: string): Promise<MediaChangeOutcome> {
  const report = await findReportForReview(db, reportId);
  if (!report) throw new Error("the changed report could not be read back");
  return { outcome: "changed", report };
}

/** Hides a photo or video from the public, or shows it again. */
export async function setMediaHidden(
  db: Database,
  request: { reportId: string; mediaId: string; moderatorId: number; hidden: boolean; at: Date },
): Promise<MediaChangeOutcome> {
  const { reportId, mediaId, moderatorId, hidden, at } = request;
  return db.transaction(async (tx) => {
    const locked = await lockChangeable(tx, reportId);
    if ("outcome" in locked) return locked;
    const media = await mediaOf(tx, reportId, mediaId);
    if (!media) return { outcome: "unknown-media" };
    await tx.update(reportMedia).set({ hidden }).where(eq(reportMedia.id, mediaId));
    await recordAudit(tx, {
      actorId: moderatorId,
      action: hidden ? "report.media-hidden" : "report.media-shown",
      subjectType: "eyewitness_report",
      subjectId: reportId,
      details: { mediaId },
      at,
    });
    return readBack(tx, reportId);
  });
}

/**
 * Blurs `rectangles` of a photo for the public (none: the public sees the photo as sent again). The
 * work is done before the transaction; the transaction checks the report may still be changed, and the
 * rows then name the new files only. Throws PhotoProblem when the photo cannot be read.
 */
export async function blurReportPhoto(
  db: Database,
  storage: MediaStore,
  request: {
    reportId: string;
    mediaId: string;
    moderatorId: number;
    rectangles: readonly BlurRectangle[];
    at: Date;
  },
): Promise<MediaChangeOutcome> {
  const { reportId, mediaId, moderatorId, rectangles, at } = request;
  const before = await db.transaction(async (tx) => lockChangeable(tx, reportId));
  if ("outcome" in before) return before;
  const media = await mediaOf(db, reportId, mediaId);
  if (!media) return { outcome: "unknown-media" };
  const contentType = media.contentType;
  if (media.kind !== "photo" || !isPhotoContentType(contentType)) return { outcome: "not-a-photo" };

  const stored = await storage.read(media.storageKey);
  if (!stored) throw new Error(`the photo ${media.storageKey} is missing from ${storage.description}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored) chunks.push(chunk as Buffer);
  const original = Buffer.concat(chunks);
  const blurred = rectangles.length === 0 ? null : await blurPhoto(original, contentType, rectangles);
  const variants = await makePhotoVariants(blurred ?? original, contentType);

  const batch = storage.startBatch();
  try {
    const publicStorageKey = blurred ? await batch.store(randomUUID(), blurred, contentType) : null;
    const rows: (typeof reportMediaVariants.$inferInsert)[] = [];
    for (const variant of variants) {
      rows.push({
        mediaId,
        size: variant.size,
        width: variant.width,
        height: variant.height,
        storageKey: await batch.store(randomUUID(), variant.data, "image/webp"),
        bytes: variant.data.length,
      });
    }
    const outcome = await db.transaction(async (tx) => {
      const locked = await lockChangeable(tx, reportId);
      if ("outcome" in locked) return { result: locked, replaced: [] as string[] };
      const [current] = await tx
        .select({ publicStorageKey: reportMedia.publicStorageKey })
        .from(reportMedia)
        .where(eq(reportMedia.id, mediaId))
        .for("update");
      const oldVariants = await tx
        .delete(reportMediaVariants)
        .where(eq(reportMediaVariants.mediaId, mediaId))
        .returning({ storageKey: reportMediaVariants.storageKey });
      if (rows.length > 0) await tx.insert(reportMediaVariants).values(rows);
      await tx
        .update(reportMedia)
        .set({
          blurs: rectangles.length === 0 ? null : rectangles,
          publicStorageKey,
          // Made here: the background maker must not make them again from the unblurred photo.
          variantsDueAt: null,
        })
        .where(eq(reportMedia.id, mediaId));
      await recordAudit(tx, {
        actorId: moderatorId,
        action: "report.photo-blurred",
        subjectType: "eyewitness_report",
        subjectId: reportId,
        details: { mediaId, rectangles },
        at,
      });
      const replaced = [
        ...oldVariants.map((variant) => variant.storageKey),
        ...(current?.publicStorageKey ? [current.publicStorageKey] : []),
      ];
      return { result: await readBack(tx, reportId), replaced };
    });
    if (outcome.result.outcome !== "changed") {
      await batch.discard();
      return outcome.result;
    }
    await batch.confirm().catch(() => undefined);
    // No row names them any more; the orphan sweep removes any left by a failure here.
    await storage.remove(outcome.replaced).catch(() => undefined);
    return outcome.result;
  } catch (error) {
    await batch.discard().catch(() => undefined);
    throw error;
  }
}
