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

// Reading -------------------------------------------------------------------------------------------------

/** Where a CSV text cannot be read: the row (as a spreadsheet numbers them) whose quoted cell never closes. */
export class CsvReadError extends Error {
  constructor(readonly row: number) {
    super(`unclosed quote in row ${row}`);
  }
}

/**
 * The records of a CSV text as RFC 4180 writes them, and as spreadsheets save them: a UTF-8 byte-order
 * mark is dropped, records end with CRLF, LF or CR, a quoted cell may hold commas, line breaks and doubled
 * quotes. A quote inside an unquoted cell is kept as typed; a quoted cell that never closes is refused
 * (CsvReadError), because everything after it would land in the wrong cells.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  let quoteOpenedIn = 0;
  let index = text.startsWith("\uFEFF") ? 1 : 0;
  const endRecord = () => {
    record.push(cell);
    records.push(record);
    record = [];
    cell = "";
  };
  while (index < text.length) {
    const character = text[index] as string;
    if (quoted) {
      if (character === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        cell += character;
      }
      index += 1;
      continue;
    }
    if (character === '"' && cell === "") {
      quoted = true;
      quoteOpenedIn = records.length + 1;
    } else if (character === ",") {
      record.push(cell);
      cell = "";
    } else if (character === "\r" || character === "\n") {
      endRecord();
      if (character === "\r" && text[index + 1] === "\n") index += 1;
    } else {
      cell += character;
    }
    index += 1;
  }
  if (quoted) throw new CsvReadError(quoteOpenedIn);
  // The last record needs no line end; a final line end starts no record.
  if (cell !== "" || record.length > 0) endRecord();
  return records;
}

/** The reverse of spreadsheetSafe: "'=SUM(1)" (marked as text) → "=SUM(1)". */
export function fromSpreadsheetSafe(text: string): string {
  return text.startsWith("'") && formulaStart.test(text.slice(1)) ? text.slice(1) : text;
}
