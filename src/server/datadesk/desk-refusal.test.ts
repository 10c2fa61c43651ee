import { describe, expect, it } from "vitest";
import { SOURCE_TEXT_MAX, sourceTextProblem } from "./desk-refusal";

describe("a source's title and publisher", () => {
  // Each book is one character and two UTF-16 units.
  const books = (count: number) => "📚".repeat(count);

  it("are counted in characters: 300 emoji fit, though they are 600 UTF-16 units", () => {
    expect(books(SOURCE_TEXT_MAX).length).toBe(2 * SOURCE_TEXT_MAX);
    expect(sourceTextProblem("sourceTitle", books(SOURCE_TEXT_MAX))).toBeNull();
    expect(sourceTextProblem("sourcePublisher", books(SOURCE_TEXT_MAX))).toBeNull();
    expect(sourceTextProblem("sourceTitle", `Kano ${books(SOURCE_TEXT_MAX - 5)}`)).toBeNull();
  });

  it("are refused past 300 characters, whatever their letters", () => {
    expect(sourceTextProblem("sourceTitle", books(SOURCE_TEXT_MAX + 1))).toEqual({
      field: "sourceTitle",
      key: "sourceTitleTooLong",
      values: { max: SOURCE_TEXT_MAX },
    });
    expect(sourceTextProblem("sourceTitle", "x".repeat(SOURCE_TEXT_MAX))).toBeNull();
    expect(sourceTextProblem("sourcePublisher", "x".repeat(SOURCE_TEXT_MAX + 1))).toMatchObject({
      key: "sourcePublisherTooLong",
    });
  });

  it("are required, and plain text", () => {
    expect(sourceTextProblem("sourceTitle", "")).toEqual({ field: "sourceTitle", key: "sourceTitleMissing" });
    expect(sourceTextProblem("sourcePublisher", "<b>Punch</b>")).toEqual({
      field: "sourcePublisher",
      key: "html",
    });
  });
});
