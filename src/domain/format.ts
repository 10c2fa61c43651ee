// One formatter for every number the product shows: en-US grouping, negatives in brackets.

/**
 * What `Intl.NumberFormat("en-US", { maximumFractionDigits: 2 })` writes, without Intl: a browser's first
 * NumberFormat loads its locale data, 30 to 80 ms on this machine's Chromium (four times that on the phone
 * Lighthouse simulates), inside the home page's hydration. Like Intl, it rounds the number's shortest
 * decimal form (what `String` writes: 0.015, not 0.01499…), half away from zero.
 */
function grouped(value: number): string {
  if (!Number.isFinite(value) || value >= 1e21) return new Intl.NumberFormat("en-US").format(value);
  // Below this, String() writes an exponent, and two decimals make the number 0.
  if (value < 1e-6) return "0";
  const [whole = "0", fraction = ""] = String(value).split(".");
  const roundsUp = (fraction[2] ?? "0") >= "5";
  const hundredths = BigInt(whole + fraction.slice(0, 2).padEnd(2, "0")) + (roundsUp ? 1n : 0n);
  const digits = (hundredths % 100n).toString().padStart(2, "0").replace(/0+$/, "");
  const withCommas = (hundredths / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return digits ? `${withCommas}.${digits}` : withCommas;
}

export function formatNumber(value: number): string {
  const text = grouped(Math.abs(value));
  return value < 0 ? `(${text})` : text;
}

export function formatPercent(value: number): string {
  return `${formatNumber(value)}%`;
}

// English month names, as en-GB writes them. Not Intl.DateTimeFormat: a browser's first date formatter loads
// its locale data inside the hydration of every page that shows a dataset's date (/states, a state, a
// school), the largest part of the script those pages ran on hydrating (measured on 1 December 2026).
const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2026-11" (or "2026-11-28") → "November 2026": the datasets' as_of dates, in English on every page. */
export function formatAsOf(asOf: string): string {
  const match = /^(\d{4})-(\d{1,2})(?:-|$)/.exec(asOf);
  const month = monthNames[Number(match?.[2]) - 1];
  return match && month ? `${month} ${match[1]}` : asOf;
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

/**
 * The day a source was read, in a page's language: "30 November 2026", or "November 2026" for a source of
 * data/*.json that only knows its month. Made on the server, like formatDay.
 */
export function formatReadDate(read: string, language: string): string {
  const [year, month] = read.split("-").map(Number);
  if (/^\d{4}-\d{2}$/.test(read) && year && month) {
    return new Intl.DateTimeFormat(language === "en" ? "en-GB" : language, {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(Date.UTC(year, month - 1, 1)));
  }
  return formatDay(`${read}T12:00:00Z`, language);
}
