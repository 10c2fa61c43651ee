// How old a published record's last check may be before its public page says it may be out of date
// (18 months). The data desk flags records for a check sooner, after 12 months
// (src/web/features/datadesk/field-values.ts), so editors see a record well before the public does.

export const OUT_OF_DATE_AFTER_MONTHS = 18;

/** True when `checkedAt` (ISO date-time) is more than 18 months before `now`; false when unknown. */
export function isOutOfDate(checkedAt: string | null, now: Date): boolean {
  if (checkedAt === null) return false;
  const checked = new Date(checkedAt);
  if (Number.isNaN(checked.getTime())) return false;
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - OUT_OF_DATE_AFTER_MONTHS);
  return checked.getTime() < limit.getTime();
}
