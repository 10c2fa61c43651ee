import { and, asc, count, eq, gte, lt, max, or, sql, type SQL } from "drizzle-orm";
import { withoutEmailAddresses, type OpenObject, type OpenRecord } from "../../domain/opendata/datasets";
import { spreadsheetSafe } from "../../domain/opendata/csv";
import type { CommentType } from "../../domain/reports/report-rules";
import { reportStatuses } from "../../domain/reports/report-rules";
import type { PublishedReportView } from "../../domain/reports/review-rules";
import type { Database } from "../db/database";
import { eyewitnessReports } from "../db/schema";
import { findMediaOf } from "../reports/report-store";
import { publishedColumns, toPublishedView, type PublishedRow } from "../reports/review-store";
import type { Page } from "../http/paging";

// The verified reports as open data. They are read with the published page's own columns and go through
// its one projection (toPublishedView: the first name only where the reporter chose it, else
// "Anonymous reporter"; never a last name, an e-mail or review data; the place only as precisely as the reporter
// chose; media as public links), then only change shape here. Nothing else about a reporter is ever
// selected.

export interface ReportFilter {
  /** One state (data/states.json id and canonical name): the state is always published with a place. */
  state: { id: number; name: string } | null;
  type: CommentType | null;
  /** Reports sent on or after this instant (a UTC day's start). */
  from: Date | null;
  /** Reports sent before this instant (the day after `to`, UTC). */
  before: Date | null;
}

/** Rows read per query while a CSV streams: memory stays flat whatever the size of the export. */
export const EXPORT_BATCH = 500;

function whereOf(filter: ReportFilter): SQL | undefined {
  return and(
    eq(eyewitnessReports.status, "verified"),
    filter.type ? eq(eyewitnessReports.commentType, filter.type) : undefined,
    filter.from ? gte(eyewitnessReports.createdAt, filter.from) : undefined,
    filter.before ? lt(eyewitnessReports.createdAt, filter.before) : undefined,
    filter.state ? eq(eyewitnessReports.stateId, filter.state.id) : undefined,
  );
}

/**
 * What the export's content depends on, read cheaply: how many reports match, and the latest review
 * decision of any report. Every change to the set of verified reports is a decision (verify, unpublish,
 * reject) stamped with its time, so the latest decision moves whenever the export can change.
 */
export async function exportVersion(
  db: Database,
  filter: ReportFilter,
): Promise<{ total: number; lastDecision: Date | null }> {
  const latestOf = (status: (typeof reportStatuses)[number]) =>
    db
      .select({ at: max(eyewitnessReports.reviewedAt) })
      .from(eyewitnessReports)
      .where(eq(eyewitnessReports.status, status));
  const [[counted], ...latest] = await Promise.all([
    db.select({ total: count() }).from(eyewitnessReports).where(whereOf(filter)),
    ...reportStatuses.map(latestOf),
  ]);
  const times = latest
    .map(([row]) => row?.at)
    .filter((at): at is Date => at instanceof Date)
    .map((at) => at.getTime());
  return {
    total: counted?.total ?? 0,
    lastDecision: times.length > 0 ? new Date(Math.max(...times)) : null,
  };
}

/** Oldest report first: new reports are added at the end, so pages already read stay as they were. */
const exportOrder = [asc(eyewitnessReports.createdAt), asc(eyewitnessReports.id)];

async function withMedia(db: Database, rows: Omit<PublishedRow, "media">[]): Promise<PublishedRow[]> {
  const media = await findMediaOf(
    db,
    rows.map((row) => row.id),
    { publicOnly: true },
  );
  return rows.map((row) => ({ ...row, media: media.filter((file) => file.reportId === row.id) }));
}

/** One page of the JSON export. */
export async function findReportsPage(
  db: Database,
  filter: ReportFilter,
  page: Page,
): Promise<PublishedRow[]> {
  const rows = await db
    .select(publishedColumns)
    .from(eyewitnessReports)
    .where(whereOf(filter))
    .orderBy(...exportOrder)
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return withMedia(db, rows);
}

/** Every matching report, a batch at a time, each batch after the last one's key (no growing OFFSET). */
export async function* allReports(db: Database, filter: ReportFilter): AsyncGenerator<PublishedRow[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: Omit<PublishedRow, "media">[] = await db
      .select(publishedColumns)
      .from(eyewitnessReports)
      .where(
        and(
          whereOf(filter),
          after
            ? or(
                sql`${eyewitnessReports.createdAt} > ${after.createdAt.toISOString()}`,
                and(
                  sql`${eyewitnessReports.createdAt} = ${after.createdAt.toISOString()}`,
                  sql`${eyewitnessReports.id} > ${after.id}`,
                ),
              )
            : undefined,
        ),
      )
      .orderBy(...exportOrder)
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    yield await withMedia(db, rows);
    const last = rows[rows.length - 1];
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * The open record of a report: the published view in the download's shape, media as absolute links.
 * An e-mail address a reporter wrote in their text is shown as "name [at] domain" (datasets.ts says why),
 * and text a spreadsheet would run as a formula is kept as text.
 */
export function toOpenReport(row: PublishedRow, publicUrl: string, forSpreadsheet: boolean): OpenRecord {
  const view: PublishedReportView = toPublishedView(row);
  const safe = (text: string) => {
    const shown = withoutEmailAddresses(text);
    return forSpreadsheet ? (spreadsheetSafe(shown) ?? "") : shown;
  };
  const media: OpenObject[] = view.media.map((file) => ({
    url: `${publicUrl}${file.url}`,
    kind: file.kind,
    content_type: file.contentType,
    description: file.description === null ? null : safe(file.description),
  }));
  return {
    id: view.id,
    type: view.commentType,
    comment: safe(view.comment),
    reporter_name: safe(view.reporterName),
    state: view.place?.state ?? null,
    lga: view.place?.lga ?? null,
    place: view.place?.place ? safe(view.place.place) : null,
    occurred_on: view.place?.occurredOn ?? null,
    date_reported: view.createdAt,
    date_published: view.publishedAt,
    video_url: view.videoUrl,
    media: forSpreadsheet ? media.map((file) => String(file.url)) : media,
  };
}
