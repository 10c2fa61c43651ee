// Days as the product counts them: in Nigeria (West Africa Time, UTC+1 all year, no summer time), written
// YYYY-MM-DD. An editor in Lagos just after midnight reads "today", and a publication at 23:30 UTC is
// published on the next day there.

const WEST_AFRICA_TIME_MS = 60 * 60 * 1000;

/** The day it is (or was) in Nigeria at `moment`, as YYYY-MM-DD. */
export function dayInNigeria(moment: Date): string {
  return new Date(moment.getTime() + WEST_AFRICA_TIME_MS).toISOString().slice(0, 10);
}

/** A real calendar day written YYYY-MM-DD: 2026-02-28 is one, 2026-02-30 and 2026-2-28 are not. */
export function isCalendarDay(text: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!parts) return false;
  const day = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return day.toISOString().slice(0, 10) === text;
}
