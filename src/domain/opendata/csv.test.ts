import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvField, csvList, csvRecord, spreadsheetSafe } from "./csv";

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
