import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import { type ReportPlace } from "../../domain/reports/report-place";
import { stateLgas } from "../../domain/reports/report-lgas";
import type { OwnReportView, PublicChangesView, ReportMediaView } from "../../domain/reports/report-rules";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { eyewitnessReports, reportMedia, reportMediaVariants } from "../db/schema";
import type { MediaLinkSigner } from "../media/media-links";
import type { ReportFields } from "./report-fields";
import type { StoredMedia } from "./report-upload";

// Reports and their media rows in the database, and the view of them a reporter gets.

/** Where and when, as stored; all null in reports sent before places were asked. */
export const placeColumns = {
  stateId: eyewitnessReports.stateId,
  lga: eyewitnessReports.lga,
  placeName: eyewitnessReports.placeName,
  occurredOn: eyewitnessReports.occurredOn,
  placePrecision: eyewitnessReports.placePrecision,
};
export type PlaceRow = Pick<typeof eyewitnessReports.$inferSelect, keyof typeof placeColumns>;

/** The whole place, as the reporter and moderators see it; null when the report has none. */
export function reportPlaceOf(row: PlaceRow): ReportPlace | null {
  const state = row.stateId === null ? undefined : stateLgas(row.stateId);
  if (!state || row.lga === null || row.occurredOn === null) return null;
  return {
    stateId: state.stateId,
    state: state.state,
    lga: row.lga,
    place: row.placeName,
    occurredOn: row.occurredOn,
    precision: row.placePrecision,
  };
}

const ownReportColumns = {
  id: eyewitnessReports.id,
  commentType: eyewitnessReports.commentType,
  comment: eyewitnessReports.comment,
  status: eyewitnessReports.status,
  createdAt: eyewitnessReports.createdAt,
  videoUrl: eyewitnessReports.videoUrl,
  showFirstName: eyewitnessReports.showFirstName,
  reviewNote: eyewitnessReports.reviewNote,
  reviewedAt: eyewitnessReports.reviewedAt,
  peopleConsent: eyewitnessReports.peopleConsent,
  withdrawnAt: eyewitnessReports.withdrawnAt,
  idempotencyKey: eyewitnessReports.idempotencyKey,
  publicComment: eyewitnessReports.publicComment,
  ...placeColumns,
};
type OwnReportRow = Pick<typeof eyewitnessReports.$inferSelect, keyof typeof ownReportColumns>;

export const mediaColumns = {
  id: reportMedia.id,
  reportId: reportMedia.reportId,
  kind: reportMedia.kind,
  contentType: reportMedia.contentType,
  bytes: reportMedia.bytes,
  description: reportMedia.description,
  width: reportMedia.width,
  height: reportMedia.height,
  hidden: reportMedia.hidden,
  blurs: reportMedia.blurs,
};
export interface MediaVariantRow {
  size: number;
  width: number;
  height: number;
}
export type MediaRow = Pick<typeof reportMedia.$inferSelect, keyof typeof mediaColumns> & {
  /** Smallest first. */
  variants: MediaVariantRow[];
};

export interface NewReport {
  reporterId: number;
  fields: ReportFields;
  /** Files already stored, in the order they were attached. */
  media: (StoredMedia & { description: string | null })[];
  at: Date;
  /** The device's key for this submission (Idempotency-Key), when it sent one. */
  idempotencyKey?: string;
}

export type OwnReportWithMedia = OwnReportRow & { media: MediaRow[] };

/**
 * Writes the report and its media rows in one transaction: all of them or none. Null, with nothing
 * written, when the reporter already has a report with the same idempotency key (a retry that raced its
 * first try): the caller answers with that one.
 */
export async function saveReport(db: Database, report: NewReport): Promise<OwnReportWithMedia | null> {
  const { fields, media, at } = report;
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(eyewitnessReports)
      .values({
        idempotencyKey: report.idempotencyKey ?? null,
        reporterId: report.reporterId,
        firstName: fields.firstName,
        lastName: fields.lastName,
        email: fields.email,
        commentType: fields.commentType,
        comment: fields.comment,
        publicComment: fields.comment,
        videoUrl: fields.videoUrl,
        showFirstName: fields.showFirstName,
        stateId: fields.place.stateId,
        lga: fields.place.lga,
        placeName: fields.place.place,
        occurredOn: fields.place.occurredOn,
        placePrecision: fields.place.precision,
        peopleConsent: fields.peopleConsent,
        createdAt: at,
      })
      .onConflictDoNothing({ target: [eyewitnessReports.reporterId, eyewitnessReports.idempotencyKey] })
      .returning(ownReportColumns);
    if (!saved) return null;
    if (media.length > 0) {
      await tx.insert(reportMedia).values(
        media.map((file, position) => ({
          id: file.id,
          reportId: saved.id,
          position,
          kind: file.kind,
          storageKey: file.storageKey,
          contentType: file.contentType,
          bytes: file.bytes,
          sha256: file.sha256,
          description: file.description,
          width: file.width,
          height: file.height,
          // A photo's variants are made after the answer (media/photo-variants.ts).
          variantsDueAt: file.kind === "photo" ? at : null,
          createdAt: at,
        })),
      );
    }
    await recordAudit(tx, {
      actorId: report.reporterId,
      action: "report.submitted",
      subjectType: "eyewitness_report",
      subjectId: saved.id,
      details: {
        photos: media.filter((file) => file.kind === "photo").length,
        video: media.some((file) => file.kind === "video"),
      },
      at,
    });
    return {
      ...saved,
      media: media.map((file) => ({
        id: file.id,
        reportId: saved.id,
        kind: file.kind,
        contentType: file.contentType,
        bytes: file.bytes,
        description: file.description,
        width: file.width,
        height: file.height,
        hidden: false,
        blurs: null,
        // None yet: the lists show the full photo until they are made.
        variants: [],
      })),
    };
  });
}

/** The reporter's report sent with this idempotency key, with its media; null when there is none. */
export async function findReportByKey(
  db: Database,
  reporterId: number,
  idempotencyKey: string,
): Promise<OwnReportWithMedia | null> {
  const [report] = await db
    .select(ownReportColumns)
    .from(eyewitnessReports)
    .where(
      and(eq(eyewitnessReports.reporterId, reporterId), eq(eyewitnessReports.idempotencyKey, idempotencyKey)),
    );
  if (!report) return null;
  return { ...report, media: await findMediaOf(db, [report.id]) };
}

/** One page of a reporter's own reports, newest first, with their media; and how many there are. */
export async function findOwnReports(
  db: Database,
  reporterId: number,
  page: { number: number; size: number },
): Promise<{ total: number; reports: (OwnReportRow & { media: MediaRow[] })[] }> {
  const mine = eq(eyewitnessReports.reporterId, reporterId);
  const [counted] = await db.select({ total: count() }).from(eyewitnessReports).where(mine);
  const reports = await db
    .select(ownReportColumns)
    .from(eyewitnessReports)
    .where(mine)
    .orderBy(desc(eyewitnessReports.createdAt), desc(eyewitnessReports.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  const media = await findMediaOf(
    db,
    reports.map((report) => report.id),
  );
  return {
    total: counted?.total ?? 0,
    reports: reports.map((report) => ({
      ...report,
      media: media.filter((file) => file.reportId === report.id),
    })),
  };
}

/** A report as its reporter sees it; media addresses are signed links (media-links.ts). */
export function toOwnReportView(
  report: OwnReportRow & { media: MediaRow[] },
  links: MediaLinkSigner,
): OwnReportView {
  return {
    id: report.id,
    commentType: report.commentType,
    comment: report.comment,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    videoUrl: report.videoUrl,
    media: report.media.map((file) => toMediaView(file, links.urlFor(file.id))),
    showFirstName: report.showFirstName,
    reviewNote: report.reviewNote,
    reviewedAt: report.reviewedAt?.toISOString() ?? null,
    place: reportPlaceOf(report),
    peopleConsent: report.peopleConsent,
    withdrawnAt: report.withdrawnAt?.toISOString() ?? null,
    idempotencyKey: report.idempotencyKey,
    publicChanges: publicChangesOf(report),
  };
}

/** How many of a report's photos the public gets blurred, and how many files it does not get at all. */
export function moderatedMediaCounts(media: readonly Pick<MediaRow, "hidden" | "blurs">[]) {
  return {
    blurredPhotos: media.filter((file) => !file.hidden && file.blurs !== null).length,
    hiddenMedia: media.filter((file) => file.hidden).length,
  };
}

/** What the public is shown differently from what the reporter sent, once the report is public. */
function publicChangesOf(report: OwnReportWithMedia): PublicChangesView | null {
  if (report.status !== "verified" || report.withdrawnAt !== null) return null;
  const text =
    report.publicComment !== "" && report.publicComment !== report.comment ? report.publicComment : null;
  const { blurredPhotos, hiddenMedia } = moderatedMediaCounts(report.media);
  return text === null && blurredPhotos === 0 && hiddenMedia === 0
    ? null
    : { text, blurredPhotos, hiddenMedia };
}

/** One media file as the lists show it, at `url` (signed, or plain for a published report's). */
export function toMediaView(file: MediaRow, url: string): ReportMediaView {
  return {
    id: file.id,
    kind: file.kind,
    contentType: file.contentType,
    bytes: file.bytes,
    url,
    description: file.description,
    width: file.width,
    height: file.height,
    variants: file.variants.map((variant) => ({
      width: variant.width,
      height: variant.height,
      url: variantUrl(url, variant.size),
    })),
  };
}

/** A variant's address: the photo's own (signed or plain) with `w={bound}` added. */
export function variantUrl(photoUrl: string, size: number): string {
  return `${photoUrl}${photoUrl.includes("?") ? "&" : "?"}w=${size}`;
}

/**
 * The media rows of the given reports, each report's in the order they were attached; `publicOnly`
 * leaves out those a moderator hid from the public.
 */
export async function findMediaOf(
  db: Database,
  reportIds: string[],
  { publicOnly = false }: { publicOnly?: boolean } = {},
): Promise<MediaRow[]> {
  if (reportIds.length === 0) return [];
  const rows = await db
    .select(mediaColumns)
    .from(reportMedia)
    .where(
      and(
        inArray(reportMedia.reportId, reportIds),
        // A voice note is never public: its transcript is published instead.
        publicOnly ? and(eq(reportMedia.hidden, false), ne(reportMedia.kind, "audio")) : undefined,
      ),
    )
    .orderBy(asc(reportMedia.reportId), asc(reportMedia.position));
  const photoIds = rows.filter((row) => row.kind === "photo").map((row) => row.id);
  const variants =
    photoIds.length === 0
      ? []
      : await db
          .select({
            mediaId: reportMediaVariants.mediaId,
            size: reportMediaVariants.size,
            width: reportMediaVariants.width,
            height: reportMediaVariants.height,
          })
          .from(reportMediaVariants)
          .where(inArray(reportMediaVariants.mediaId, photoIds))
          .orderBy(asc(reportMediaVariants.mediaId), asc(reportMediaVariants.size));
  return rows.map((row) => ({
    ...row,
    variants: variants
      .filter((variant) => variant.mediaId === row.id)
      .map(({ size, width, height }) => ({ size, width, height })),
  }));
}
