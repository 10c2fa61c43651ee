// CSV as RFC 4180 writes it: CRLF between records, a field quoted when it holds a comma, a double quote,
// a CR or an LF (quotes inside doubled), so no value can break a row. UTF-8 without a byte-order mark:
// every CSV reader takes it, and a BOM would become part of the first column's name in many of them.

export type CsvValue = string | number | boolean | null | undefined;

export const CSV_LINE_END = "\r\n";
/** Lists (key findings, sources, school types) share one cell, joined so. */
export const CSV_LIST_SEPARATOR = "; ";

const needsQuotes = /[",\r\n]/;
/** What a spreadsheet would run as a formula if a cell started with it (OWASP "CSV injection"). */
const formulaStart = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvField).join(",") + CSV_LINE_END;
}

/**
 * Text written by the public (report comments, names) opened in a spreadsheet must never run as a
 * formula: a leading = + - @ gets an apostrophe, which spreadsheets show as "text", as OWASP advises.
 */
export function spreadsheetSafe(text: string | null): string | null {
  return text !== null && formulaStart.test(text) ? `'${text}` : text;
}

/** A list in one cell; an empty list is an empty cell. */
export function csvList(values: readonly string[]): string {
  return values.join(CSV_LIST_SEPARATOR);
}
