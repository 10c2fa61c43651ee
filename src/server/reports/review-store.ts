import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  sql,
  type SQL,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { publishedPlace, type PlacePrecision } from "../../domain/reports/report-place";
import { lgasByState } from "../../domain/reports/report-lgas";
import type { CommentType, ReportStatus } from "../../domain/reports/report-rules";
import {
  ANONYMOUS_REPORTER,
  type BlurRectangle,
  type PublishedReportView,
  type ReviewCounts,
  type ReviewReportView,
} from "../../domain/reports/review-rules";
import { unconfirmedFindings, type TextFinding } from "../../domain/reports/report-findings";
import {
  phoneReporterTag,
  reportReference,
  type PhoneOccurredWhen,
  type ReportChannel,
} from "../../domain/reports/report-channels";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { eyewitnessReports, reportMedia, users } from "../db/schema";
import type { OutgoingMail } from "../mail/compose";
import { enqueueMail } from "../mail/outbox";
import type { MediaLinkSigner } from "../media/media-links";
import type { Page } from "../http/paging";
import { findingColumns, findingsOf } from "./text-findings";
import {
  findMediaOf,
  moderatedMediaCounts,
  placeColumns,
  reportPlaceOf,
  toMediaView,
  type MediaRow,
  type PlaceRow,
} from "./report-store";

// Review and publication of eyewitness reports (docs/api.md): the reviewers' lists, a decision
// (with its audit row and the reporter's e-mail, in one transaction), and the public list of verified
// reports, which reads only the columns the public may see.

const reviewer = alias(users, "reviewer");

const reviewColumns = {
  id: eyewitnessReports.id,
  commentType: eyewitnessReports.commentType,
  comment: eyewitnessReports.comment,
  publicComment: eyewitnessReports.publicComment,
  withdrawnAt: eyewitnessReports.withdrawnAt,
  status: eyewitnessReports.status,
  createdAt: eyewitnessReports.createdAt,
  videoUrl: eyewitnessReports.videoUrl,
  firstName: eyewitnessReports.firstName,
  lastName: eyewitnessReports.lastName,
  email: eyewitnessReports.email,
  showFirstName: eyewitnessReports.showFirstName,
  reviewNote: eyewitnessReports.reviewNote,
  reviewedAt: eyewitnessReports.reviewedAt,
  reviewedBy: { id: reviewer.id, firstname: reviewer.firstname, lastname: reviewer.lastname },
  peopleConsent: eyewitnessReports.peopleConsent,
  channel: eyewitnessReports.channel,
  phoneHash: eyewitnessReports.phoneHash,
  detailsDue: eyewitnessReports.detailsDue,
  occurredWhen: eyewitnessReports.occurredWhen,
  transcript: eyewitnessReports.transcript,
  ...placeColumns,
};

export interface ReviewRow extends PlaceRow {
  id: string;
  commentType: CommentType;
  comment: string;
  publicComment: string;
  withdrawnAt: Date | null;
  status: ReportStatus;
  createdAt: Date;
  videoUrl: string | null;
  firstName: string;
  lastName: string;
  email: string;
  showFirstName: boolean;
  reviewNote: string | null;
  reviewedAt: Date | null;
  reviewedBy: { id: number; firstname: string; lastname: string } | null;
  peopleConsent: boolean;
  channel: ReportChannel;
  /** A phone report's keyed hash of the number; moderators see only its first characters. */
  phoneHash: string | null;
  detailsDue: boolean;
  occurredWhen: PhoneOccurredWhen | null;
  transcript: string | null;
  media: MediaRow[];
}

export interface ReviewFilter {
  status: ReportStatus;
  commentType: CommentType | null;
  /** One state's reports (data/states.json id), or all. */
  stateId: number | null;
}

/**
 * A page of reports with one status for reviewers: the pending queue oldest first (first come, first
 * reviewed); verified and rejected reports by their latest decision, newest first.
 */
export async function findReportsForReview(
  db: Database,
  filter: ReviewFilter,
  page: Page,
): Promise<{ total: number; reports: ReviewRow[] }> {
  const where = and(
    eq(eyewitnessReports.status, filter.status),
    filter.commentType ? eq(eyewitnessReports.commentType, filter.commentType) : undefined,
    filter.stateId !== null ? eq(eyewitnessReports.stateId, filter.stateId) : undefined,
  );
  const order =
    filter.status === "pending"
      ? [asc(eyewitnessReports.createdAt), asc(eyewitnessReports.id)]
      : [sql`${eyewitnessReports.reviewedAt} desc nulls last`, desc(eyewitnessReports.id)];
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(eyewitnessReports).where(where),
    selectForReview(db, where)
      .orderBy(...order)
      .limit(page.size)
      .offset((page.number - 1) * page.size),
  ]);
  return { total: counted?.total ?? 0, reports: await withMedia(db, rows, { publicOnly: false }) };
}

/** How many reports have each status, over all reports. */
export async function countReportsByStatus(db: Database): Promise<ReviewCounts> {
  const rows = await db
    .select({ status: eyewitnessReports.status, total: count() })
    .from(eyewitnessReports)
    .groupBy(eyewitnessReports.status);
  const counts: ReviewCounts = { pending: 0, verified: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

export interface ReviewDecision {
  reportId: string;
  reviewerId: number;
  from: ReportStatus;
  to: ReportStatus;
  /** Trimmed; null when the reviewer wrote none. */
  note: string | null;
  /** The ids of the findings in the public text the reviewer confirmed are meant to be published. */
  acknowledgedFindings: readonly string[];
  at: Date;
}

/** The report as decided, and its reporter's account, for the e-mail that tells them. */
export interface DecidedReport {
  /** The reporter's account: its address, first name and the language of its e-mails. */
  reporter: { email: string; firstname: string; language: string };
  commentType: CommentType;
  comment: string;
  /** What the public reads, and how many photos are blurred or media hidden: the e-mail says what changed. */
  publicComment: string;
  blurredPhotos: number;
  hiddenMedia: number;
  createdAt: Date;
  showFirstName: boolean;
}

export type DecisionOutcome =
  | { outcome: "decided"; report: ReviewRow }
  /** The report's status is no longer the one the reviewer saw: someone else decided first. */
  | { outcome: "conflict" }
  /** Publishing with findings in the public text the reviewer has not confirmed. */
  | { outcome: "unconfirmed"; findings: TextFinding[] }
  /** The reporter withdrew it: it is never published again. */
  | { outcome: "withdrawn" }
  | { outcome: "unknown-report" }
  /** Reviewers never decide on a report they sent themselves. */
  | { outcome: "own-report" }
  /** A phone report whose state, LGA, type or date is still to be completed cannot be published. */
  | { outcome: "details-due" }
  /** A report with a voice note is published only with a moderator's transcript of it. */
  | { outcome: "transcript-due" };

/** What else a decision causes, in its transaction (the phone reporter's reply). */
export type AfterDecision = (
  db: Database,
  decision: { reportId: string; to: ReportStatus; note: string | null; at: Date },
) => Promise<void>;

/**
 * One reviewer's decision. The update only applies while the report still has the status the reviewer
 * saw (`from`), so of two reviewers deciding at once exactly one wins: PostgreSQL makes the second
 * update wait for the first, then finds the status changed and updates nothing. The audit row and the
 * reporter's e-mail commit with the decision or not at all.
 */
export async function decideOnReport(
  db: Database,
  decision: ReviewDecision,
  emailFor: (report: DecidedReport) => OutgoingMail,
  afterDecision?: AfterDecision,
): Promise<DecisionOutcome> {
  const { reportId, reviewerId, from, to, note, at } = decision;
  return db.transaction(async (tx) => {
    // Locked, so the public text cannot change between its check and the publication.
    const [target] = await tx
      .select({
        reporterId: eyewitnessReports.reporterId,
        detailsDue: eyewitnessReports.detailsDue,
        transcript: eyewitnessReports.transcript,
        ...findingColumns,
      })
      .from(eyewitnessReports)
      .where(eq(eyewitnessReports.id, reportId))
      .for("update");
    if (!target) return { outcome: "unknown-report" };
    if (target.reporterId === reviewerId) return { outcome: "own-report" };
    if (target.withdrawnAt !== null) return { outcome: "withdrawn" };
    if (to === "verified" && target.detailsDue) return { outcome: "details-due" };
    if (to === "verified" && (await transcriptDue(tx, reportId))) return { outcome: "transcript-due" };
    if (to === "verified") {
      // A voice note's transcript is published as its words: checked as the public text is.
      const findings = unconfirmedFindings(
        [...findingsOf(target), ...(target.transcript ? findingsOf(target, target.transcript) : [])],
        decision.acknowledgedFindings,
      );
      if (findings.length > 0) return { outcome: "unconfirmed", findings };
    }
    const [decided] = await tx
      .update(eyewitnessReports)
      .set({ status: to, reviewedBy: reviewerId, reviewedAt: at, reviewNote: note })
      .where(and(eq(eyewitnessReports.id, reportId), eq(eyewitnessReports.status, from)))
      .returning({
        reporterId: eyewitnessReports.reporterId,
        commentType: eyewitnessReports.commentType,
        comment: eyewitnessReports.comment,
        publicComment: eyewitnessReports.publicComment,
        createdAt: eyewitnessReports.createdAt,
        showFirstName: eyewitnessReports.showFirstName,
      });
    if (!decided) {
      const [exists] = await tx
        .select({ id: eyewitnessReports.id })
        .from(eyewitnessReports)
        .where(eq(eyewitnessReports.id, reportId));
      return exists ? { outcome: "conflict" } : { outcome: "unknown-report" };
    }

    await recordAudit(tx, {
      actorId: reviewerId,
      action: "report.reviewed",
      subjectType: "eyewitness_report",
      subjectId: reportId,
      // The findings the reviewer confirmed are meant to be public, when there were any.
      details: {
        from,
        to,
        note,
        ...(to === "verified" && decision.acknowledgedFindings.length > 0
          ? { confirmed: decision.acknowledgedFindings }
          : {}),
      },
      at,
    });
    // The account's address, which the reporter proved is theirs; the form's address was only typed.
    // A phone report has no account: its reporter is answered on their phone (afterDecision).
    const [reporter] =
      decided.reporterId === null
        ? []
        : await tx
            .select({ email: users.email, firstname: users.firstname, language: users.language })
            .from(users)
            .where(eq(users.id, decided.reporterId));
    const media = await tx
      .select({ hidden: reportMedia.hidden, blurs: reportMedia.blurs })
      .from(reportMedia)
      .where(eq(reportMedia.reportId, reportId));
    const { blurredPhotos, hiddenMedia } = moderatedMediaCounts(media);
    if (reporter) {
      await enqueueMail(tx, emailFor({ ...decided, blurredPhotos, hiddenMedia, reporter }), at);
    }

    await afterDecision?.(tx, { reportId, to, note, at });

    const report = await findReportForReview(tx, reportId);
    if (!report) throw new Error("the decided report could not be read back");
    return { outcome: "decided", report };
  });
}

/** A report as reviewers see it; media through signed links, since they are not all public. */
export function toReviewView(report: ReviewRow, links: MediaLinkSigner): ReviewReportView {
  return {
    id: report.id,
    commentType: report.commentType,
    comment: report.comment,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    videoUrl: report.videoUrl,
    media: report.media.map((file) => toMediaView(file, links.urlFor(file.id))),
    firstName: report.firstName,
    lastName: report.lastName,
    email: report.email,
    showFirstName: report.showFirstName,
    reviewNote: report.reviewNote,
    reviewedAt: report.reviewedAt?.toISOString() ?? null,
    reviewedBy: report.reviewedBy,
    place: reportPlaceOf(report),
    peopleConsent: report.peopleConsent,
    publicComment: report.publicComment,
    findings: findingsOf(report),
    withdrawnAt: report.withdrawnAt?.toISOString() ?? null,
    channel: report.channel,
    phoneReporter: report.phoneHash === null ? null : phoneReporterTag(report.phoneHash),
    reference: reportReference(report.id),
    detailsDue: report.detailsDue,
    occurredWhen: report.occurredWhen,
    // A voice note's report only: what it says, and whether that is still to be written.
    ...(report.media.some((file) => file.kind === "audio")
      ? {
          transcript: report.transcript,
          transcriptDue: needsTranscript(report),
          transcriptFindings: report.transcript ? findingsOf(report, report.transcript) : [],
        }
      : {}),
    mediaModeration: report.media.map((file) => ({
      id: file.id,
      hidden: file.hidden,
      blurs: (file.blurs ?? []) as BlurRectangle[],
    })),
  };
}

/**
 * The report as its public page would show it now: the public text, the place as precisely as the
 * reporter chose, the name as chosen, and the photos the public would get (not the hidden ones; the
 * blurred copy, through links that ask for what the public is served).
 */
export function toPublicPreview(
  report: ReviewRow,
  links: MediaLinkSigner,
): Omit<PublishedReportView, "publishedAt"> {
  return {
    id: report.id,
    commentType: report.commentType,
    comment: report.publicComment,
    createdAt: report.createdAt.toISOString(),
    reporterName: report.showFirstName ? report.firstName : ANONYMOUS_REPORTER,
    videoUrl: report.videoUrl,
    media: report.media
      .filter((file) => !file.hidden && file.kind !== "audio")
      .map((file) => toMediaView(file, `${links.urlFor(file.id)}&as=public`)),
    place: publishedPlaceOf(report),
    ...(report.transcript && report.media.some((file) => file.kind === "audio")
      ? { transcript: report.transcript }
      : {}),
  };
}

// Only what the public page shows is read: the reporter's first name leaves the database only when
// they chose to show it, and the e-mail, last name, reporter and review columns never do.
export const publishedColumns = {
  id: eyewitnessReports.id,
  commentType: eyewitnessReports.commentType,
  // The public text, as the moderator left it: what the reporter wrote is never read for the public.
  comment: eyewitnessReports.publicComment,
  createdAt: eyewitnessReports.createdAt,
  // A verified report's latest decision is its publication: verified → verified is no decision.
  publishedAt: eyewitnessReports.reviewedAt,
  reporterName: sql<string>`case when ${eyewitnessReports.showFirstName} then ${eyewitnessReports.firstName} else ${ANONYMOUS_REPORTER} end`,
  videoUrl: eyewitnessReports.videoUrl,
  transcript: eyewitnessReports.transcript,
  // All of the place is read, and publishedPlace (in toPublishedView) cuts it to what the reporter chose.
  ...placeColumns,
};

export type PublishedRow = PlaceRow & {
  id: string;
  commentType: CommentType;
  comment: string;
  createdAt: Date;
  publishedAt: Date | null;
  reporterName: string;
  videoUrl: string | null;
  transcript: string | null;
  media: MediaRow[];
};

/** Precisions at which a published report shows its LGA: only these may ever match an LGA filter. */
export const lgaShownAt: readonly PlacePrecision[] = ["lga", "place"];

export interface PublishedFilter {
  commentType: CommentType | null;
  stateId: number | null;
  /** As the registry spells it. */
  lga: string | null;
  /** On the date it happened, YYYY-MM-DD, both ends included. */
  from: string | null;
  to: string | null;
}

/**
 * The published-list filter as SQL. A filter may only test what the published report shows: the LGA
 * filter matches reports published with their LGA, never one the reporter chose to publish by state alone
 * (its matching would reveal the LGA they kept back).
 */
export function publishedWhere(filter: PublishedFilter): SQL | undefined {
  return and(
    eq(eyewitnessReports.status, "verified"),
    filter.commentType ? eq(eyewitnessReports.commentType, filter.commentType) : undefined,
    filter.stateId !== null ? eq(eyewitnessReports.stateId, filter.stateId) : undefined,
    filter.lga !== null
      ? and(eq(eyewitnessReports.lga, filter.lga), inArray(eyewitnessReports.placePrecision, lgaShownAt))
      : undefined,
    filter.from !== null ? gte(eyewitnessReports.occurredOn, filter.from) : undefined,
    filter.to !== null ? lte(eyewitnessReports.occurredOn, filter.to) : undefined,
  );
}

/** A page of verified reports, the latest published first. */
export async function findPublishedReports(
  db: Database,
  filter: PublishedFilter,
  page: Page,
): Promise<{ total: number; reports: PublishedRow[] }> {
  const where = publishedWhere(filter);
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(eyewitnessReports).where(where),
    db
      .select(publishedColumns)
      .from(eyewitnessReports)
      .where(where)
      .orderBy(sql`${eyewitnessReports.reviewedAt} desc nulls last`, desc(eyewitnessReports.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
  ]);
  return { total: counted?.total ?? 0, reports: await withMedia(db, rows, { publicOnly: true }) };
}

/** One verified report as anyone sees it, or null when there is none with that id (pending and rejected too). */
export async function findPublishedReport(db: Database, id: string): Promise<PublishedRow | null> {
  const rows = await db
    .select(publishedColumns)
    .from(eyewitnessReports)
    .where(and(eq(eyewitnessReports.status, "verified"), eq(eyewitnessReports.id, id)));
  const [report] = await withMedia(db, rows, { publicOnly: true });
  return report ?? null;
}

/** A verified report as anyone sees it; its media are public, so their addresses are plain. */
export function toPublishedView(report: PublishedRow): PublishedReportView {
  return {
    id: report.id,
    commentType: report.commentType,
    comment: report.comment,
    createdAt: report.createdAt.toISOString(),
    publishedAt: (report.publishedAt ?? report.createdAt).toISOString(),
    reporterName: report.reporterName,
    videoUrl: report.videoUrl,
    media: report.media.map((file) => toMediaView(file, `/media/${file.id}`)),
    place: publishedPlaceOf(report),
    // Only a report sent as a voice note has one; every other report's answer stays as it was.
    ...(report.transcript ? { transcript: report.transcript } : {}),
  };
}

/** What anyone may see of a report's place: only as precise as its reporter chose. */
export function publishedPlaceOf(report: PlaceRow) {
  const place = reportPlaceOf(report);
  return place ? publishedPlace(place) : null;
}

/** How many verified reports each of the 37 states has, 0 included, in the order of their ids. */
export async function countVerifiedByState(db: Database): Promise<{ stateId: number; verified: number }[]> {
  const rows = await db
    .select({ stateId: eyewitnessReports.stateId, verified: count() })
    .from(eyewitnessReports)
    .where(and(eq(eyewitnessReports.status, "verified"), isNotNull(eyewitnessReports.stateId)))
    .groupBy(eyewitnessReports.stateId);
  const counted = new Map(rows.map((row) => [row.stateId, row.verified]));
  return lgasByState.map(({ stateId }) => ({ stateId, verified: counted.get(stateId) ?? 0 }));
}

function selectForReview(db: Database, where: SQL | undefined) {
  return db
    .select(reviewColumns)
    .from(eyewitnessReports)
    .leftJoin(reviewer, eq(reviewer.id, eyewitnessReports.reviewedBy))
    .where(where)
    .$dynamic();
}

/** One report as reviewers see it, whatever its status; null when there is none. */
export async function findReportForReview(db: Database, reportId: string): Promise<ReviewRow | null> {
  const rows = await selectForReview(db, eq(eyewitnessReports.id, reportId));
  const [report] = await withMedia(db, rows, { publicOnly: false });
  return report ?? null;
}

async function withMedia<Row extends { id: string }>(
  db: Database,
  rows: Row[],
  { publicOnly }: { publicOnly: boolean },
): Promise<(Row & { media: MediaRow[] })[]> {
  const media = await findMediaOf(
    db,
    rows.map((row) => row.id),
    { publicOnly },
  );
  return rows.map((row) => ({ ...row, media: media.filter((file) => file.reportId === row.id) }));
}

export interface PhoneReportDetails {
  reportId: string;
  reviewerId: number;
  stateId: number;
  /** As the registry spells it. */
  lga: string;
  commentType: CommentType;
  occurredOn: string;
  precision: "state" | "lga";
  at: Date;
}

/**
 * A moderator completes what a phone report could not carry (an SMS's state, LGA and type; the date of
 * "this week" or "earlier"), so it can be published. Only a pending phone report; null when there is none.
 */
export async function completePhoneReport(
  db: Database,
  details: PhoneReportDetails,
): Promise<ReviewRow | null> {
  return db.transaction(async (tx) => {
    const [completed] = await tx
      .update(eyewitnessReports)
      .set({
        stateId: details.stateId,
        lga: details.lga,
        occurredOn: details.occurredOn,
        placePrecision: details.precision,
        commentType: details.commentType,
        detailsDue: false,
      })
      .where(
        and(
          eq(eyewitnessReports.id, details.reportId),
          eq(eyewitnessReports.status, "pending"),
          ne(eyewitnessReports.channel, "web"),
        ),
      )
      .returning({ id: eyewitnessReports.id });
    if (!completed) return null;
    await recordAudit(tx, {
      actorId: details.reviewerId,
      action: "report.completed",
      subjectType: "eyewitness_report",
      subjectId: details.reportId,
      details: {
        stateId: details.stateId,
        lga: details.lga,
        commentType: details.commentType,
        occurredOn: details.occurredOn,
        precision: details.precision,
      },
      at: details.at,
    });
    return findReportForReview(tx, details.reportId);
  });
}

/** A report with a voice note and no transcript of it cannot be published. */
export function needsTranscript(report: Pick<ReviewRow, "media" | "transcript">): boolean {
  return report.media.some((file) => file.kind === "audio") && !report.transcript?.trim();
}

async function transcriptDue(db: Database, reportId: string): Promise<boolean> {
  const [row] = await db
    .select({ transcript: eyewitnessReports.transcript })
    .from(eyewitnessReports)
    .innerJoin(reportMedia, eq(reportMedia.reportId, eyewitnessReports.id))
    .where(and(eq(eyewitnessReports.id, reportId), eq(reportMedia.kind, "audio")))
    .limit(1);
  return row !== undefined && !row.transcript?.trim();
}

/**
 * A moderator writes down what the report's voice notes say: the public page shows it instead of the
 * audio. Only a report that has a voice note and is not withdrawn; null when there is none such.
 */
export async function setTranscript(
  db: Database,
  change: { reportId: string; reviewerId: number; transcript: string; at: Date },
): Promise<ReviewRow | "missing" | "not-voiced"> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({ id: eyewitnessReports.id })
      .from(eyewitnessReports)
      .where(and(eq(eyewitnessReports.id, change.reportId), isNull(eyewitnessReports.withdrawnAt)))
      .limit(1);
    if (!report) return "missing";
    const [voiced] = await tx
      .select({ id: reportMedia.id })
      .from(reportMedia)
      .where(and(eq(reportMedia.reportId, change.reportId), eq(reportMedia.kind, "audio")))
      .limit(1);
    if (!voiced) return "not-voiced";
    await tx
      .update(eyewitnessReports)
      .set({ transcript: change.transcript })
      .where(eq(eyewitnessReports.id, change.reportId));
    await recordAudit(tx, {
      actorId: change.reviewerId,
      action: "report.transcribed",
      subjectType: "eyewitness_report",
      subjectId: change.reportId,
      details: { characters: Array.from(change.transcript).length },
      at: change.at,
    });
    return (await findReportForReview(tx, change.reportId)) ?? "missing";
  });
}
