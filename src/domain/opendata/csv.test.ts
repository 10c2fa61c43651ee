import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import {
  CsvReadError,
  csvField,
  csvList,
  csvRecord,
  fromSpreadsheetSafe,
  readCsv,
  spreadsheetSafe,
} from "./csv";

describe("CSV writing (RFC 4180)", () => {
  it("quotes a field only when it holds a comma, a quote or a line break, doubling the quotes", () => {
    expect(csvField("Lagos")).toBe("Lagos");
    expect(csvField("Ikeja, Lagos")).toBe('"Ikeja, Lagos"');
    expect(csvField('the "special" school')).toBe('"the ""special"" school"');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("carriage\rreturn")).toBe('"carriage\rreturn"');
    expect(csvField(null)).toBe("");
    expect(csvField(56)).toBe("56");
    expect(csvField(false)).toBe("false");
  });

  it("writes records a real CSV parser reads back exactly, however awkward the text", () => {
    const awkward = [
      'He said "no", then left,\r\nand the ramp ends in a step',
      "",
      "Yobe; Kebbi",
      "naïve — ọ̀rọ̀",
    ];
    const text = csvRecord(["a", "b", "c", "d"]) + csvRecord(awkward) + csvRecord([1, null, true, "x"]);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parse(text)).toEqual([["a", "b", "c", "d"], awkward, ["1", "", "true", "x"]]);
  });

  it("joins lists with a semicolon and keeps spreadsheet formulas from running", () => {
    expect(csvList(["primary", "special"])).toBe("primary; special");
    expect(csvList([])).toBe("");
    expect(spreadsheetSafe('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(spreadsheetSafe("@SUM(1)")).toBe("'@SUM(1)");
    expect(spreadsheetSafe("A ramp")).toBe("A ramp");
    expect(spreadsheetSafe(null)).toBeNull();
  });
});

describe("CSV reading (RFC 4180, as spreadsheets save it)", () => {
  it("reads back what the writer writes, however awkward the text", () => {
    const awkward = [
      'He said "no", then left,\r\nand the ramp ends in a step',
      "",
      "Yobe; Kebbi",
      "naïve — ọ̀rọ̀",
    ];
    const text = csvRecord(["a", "b", "c", "d"]) + csvRecord(awkward);
    expect(readCsv(text)).toEqual([["a", "b", "c", "d"], awkward]);
    expect(readCsv(text)).toEqual(parse(text));
  });

  it("drops a byte-order mark and takes CRLF, LF or CR between records, with or without a last line end", () => {
    expect(readCsv("\uFEFFid,name\r\n1,Ikeja\n2,Kano\r3,Jos")).toEqual([
      ["id", "name"],
      ["1", "Ikeja"],
      ["2", "Kano"],
      ["3", "Jos"],
    ]);
    expect(readCsv("id,name\n1,Ikeja\n")).toEqual([
      ["id", "name"],
      ["1", "Ikeja"],
    ]);
    expect(readCsv("")).toEqual([]);
  });

  it("keeps empty cells, a comma or a line break inside quotes, and a quote typed inside an unquoted cell", () => {
    expect(readCsv(',,\n"a,b","line\nbreak",5" tall')).toEqual([
      ["", "", ""],
      ["a,b", "line\nbreak", '5" tall'],
    ]);
  });

  it("refuses a quoted cell that never closes, naming the row it opened in", () => {
    expect(() => readCsv('id,name\n1,"Ikeja\n2,Kano')).toThrow(CsvReadError);
    try {
      readCsv('id,name\n1,Ikeja\n2,"Kano');
    } catch (error) {
      expect((error as CsvReadError).row).toBe(3);
    }
  });

  it("reverses spreadsheetSafe: a formula marked as text loses its apostrophe, other text is kept", () => {
    for (const text of ["=SUM(1)", "+234 803", "-1", "@home", "A ramp", "'quoted'"]) {
      expect(fromSpreadsheetSafe(spreadsheetSafe(text) ?? "")).toBe(text);
    }
    expect(fromSpreadsheetSafe("'Ikeja")).toBe("'Ikeja");
  });
});
