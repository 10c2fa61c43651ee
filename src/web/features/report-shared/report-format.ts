import { formatNumber } from "../../../domain/format";
import type { Translate } from "../../i18n";

// How reports show sizes and dates: en-US grouping for numbers, dates in British English as
// the product writes them ("21 November 2026, 14:05"), in the reader's own time zone.

const KB = 1024;
const MB = 1024 * 1024;

function unitOf(bytes: number): { size: number; unit: "bytes" | "KB" | "MB" } {
  if (bytes >= MB) return { size: MB, unit: "MB" };
  if (bytes >= KB) return { size: KB, unit: "KB" };
  return { size: 1, unit: "bytes" };
}

function inUnit(bytes: number, size: number): string {
  return formatNumber(Math.round((bytes / size) * 10) / 10);
}

/** "4.5 MB", "320 KB", "12 bytes". */
export function formatFileSize(bytes: number): string {
  const { size, unit } = unitOf(bytes);
  return `${inUnit(bytes, size)} ${unit}`;
}

/**
 * "4.5 of 10 MB": both amounts in the unit of the total. With a page's `t`, in its language
 * (`report.upload.amount`).
 */
export function formatUploadAmount(loaded: number, total: number, t?: Translate): string {
  const { size, unit } = unitOf(total);
  const values = { loaded: inUnit(Math.min(loaded, total), size), total: inUnit(total, size), unit };
  return t ? t("report.upload.amount", values) : `${values.loaded} of ${values.total} ${unit}`;
}

/** The whole percentage sent, never 100 before the last byte. */
export function uploadPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  if (loaded >= total) return 100;
  return Math.min(99, Math.floor((loaded / total) * 100));
}

function dayFormat(timeZone?: string) {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone });
}

function timeFormat(timeZone?: string) {
  return new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone });
}

/** "21 November 2026". */
export function formatReportDay(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayFormat(timeZone).format(date);
}

/** "21 November 2026, 14:05". */
export function formatReportDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${dayFormat(timeZone).format(date)}, ${timeFormat(timeZone).format(date)}`;
}

/** "20 November 2026" for a day it happened (YYYY-MM-DD): a calendar day, the same in every time zone. */
export function formatOccurredOn(day: string): string {
  return formatReportDay(`${day}T00:00:00Z`, "UTC");
}
