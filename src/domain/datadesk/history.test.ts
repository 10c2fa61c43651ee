import { describe, expect, it } from "vitest";
import { describeValue, optionKey } from "./value-words";
import { choiceAt, optionLabelOf } from "./history";

describe("a published value in words", () => {
  it("names a choice's message by its value", () => {
    expect(optionKey("Passed/awaiting Gov assent")).toBe("passed-awaiting-gov-assent");
    expect(optionKey("day and boarding")).toBe("day-and-boarding");
    expect(optionKey("")).toBe("none");
  });

  it("finds the label of a choice's value, and none for free text or a value no longer offered", () => {
    expect(optionLabelOf("state", "status", "Pending")).toBe("datadesk.option.status.pending");
    expect(optionLabelOf("school", "disability_groups", "hearing")).toBe(
      "datadesk.option.disability_groups.hearing",
    );
    expect(optionLabelOf("school", "boarding", "day and boarding")).toBe(
      "datadesk.option.boarding.day-and-boarding",
    );
    expect(optionLabelOf("state", "law.name", "Pending")).toBeNull();
    expect(optionLabelOf("state", "status", "Repealed")).toBeNull();
    expect(optionLabelOf("country", "status", "Pending")).toBeNull();
    expect(choiceAt("school", "type")?.path).toBe("type");
    expect(choiceAt("school", "name")).toBeNull();
  });

  it("says empty for nothing, joins a list without its blank items, and words each text", () => {
    const shout = (text: string) => text.toUpperCase();
    expect(describeValue(null, "(empty)")).toBe("(empty)");
    expect(describeValue(["", null], "(empty)")).toBe("(empty)");
    expect(describeValue(["hearing", "", "visual"], "(empty)", shout)).toBe("HEARING; VISUAL");
    expect(describeValue(2011, "(empty)", shout)).toBe("2011");
    expect(describeValue("Passed", "(empty)")).toBe("Passed");
  });
});
