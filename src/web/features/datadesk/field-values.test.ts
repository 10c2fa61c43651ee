import { describe, expect, it } from "vitest";
import { kano, recordFieldsOf } from "../../../test/web/datadesk";
import { draftOf, editsOf, draftsOf, needsCheck, notANumber, valueOf } from "./field-values";

describe("the edit form's values", () => {
  it("keeps what is typed as text, and sends numbers as numbers, lists without their empty items", () => {
    expect(draftOf("year", 2018)).toBe("2018");
    expect(draftOf("year", null)).toBe("");
    expect(valueOf("year", " 2019 ")).toBe(2019);
    expect(valueOf("year", "")).toBeNull();
    // Not a number: the form says so itself, as the API takes only a number (or null) for a year.
    expect(valueOf("year", "two thousand")).toBe(notANumber);
    expect(valueOf("latitude", "12,5")).toBe(12.5);
    expect(valueOf("phoneList", ["0803 123 4567", " "])).toEqual(["0803 123 4567"]);
    // The five key findings are sent all five, so the server can say which is missing.
    expect(valueOf("textList", ["a", "", "c", "d", "e"])).toEqual(["a", "", "c", "d", "e"]);
    expect(draftOf("phoneList", "+2348031234567")).toEqual(["+2348031234567"]);
  });

  it("finds only the fields whose value says something else (empty and absent say the same)", () => {
    const fields = recordFieldsOf("state", kano);
    const drafts = draftsOf(fields);
    expect(editsOf(fields, drafts)).toEqual([]);
    // Kano's agency is "" and its law document absent: clearing them changes nothing.
    expect(editsOf(fields, { ...drafts, agency: "", "law.document_id": "" })).toEqual([]);
    const edits = editsOf(fields, {
      ...drafts,
      status: "Pending",
      "law.year": "2019",
      phone: ["0803 123 4567"],
    });
    expect(edits.map(({ field, from, to }) => [field.path, from, to])).toEqual([
      ["status", "Passed", "Pending"],
      ["law.year", 2018, 2019],
      ["phone", [], ["0803 123 4567"]],
    ]);
  });

  it("flags a record nobody checked for 12 months", () => {
    const now = new Date("2026-11-29T12:00:00.000Z");
    expect(needsCheck("2025-11-28T12:00:00.000Z", now)).toBe(true);
    expect(needsCheck("2025-11-30T12:00:00.000Z", now)).toBe(false);
  });
});
