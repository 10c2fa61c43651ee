// One formatter for every number the product shows: en-US grouping, negatives in brackets.

const grouping = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  const text = grouping.format(Math.abs(value));
  return value < 0 ? `(${text})` : text;
}

export function formatPercent(value: number): string {
  return `${formatNumber(value)}%`;
}

const monthYear = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11" → "November 2026" (the datasets' as_of dates). */
export function formatAsOf(asOf: string): string {
  const [year, month] = asOf.split("-").map(Number);
  if (!year || !month) return asOf;
  return monthYear.format(new Date(Date.UTC(year, month - 1, 1)));
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/**
 * "1 December 2026" in a page's language, the day as it is in Lagos. Made once, on the server (a loader),
 * and sent as words: Node's and the browsers' locale data differ for ha, yo, ig and pcm, so a date
 * formatted again in the browser would not match the server's and break hydration.
 */
export function formatDay(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : language, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Africa/Lagos",
  }).format(date);
}
