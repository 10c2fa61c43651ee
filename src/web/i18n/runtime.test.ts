import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nFor, prepareFormatters } from "./runtime";

afterEach(() => vi.restoreAllMocks());

describe("prepareFormatters", () => {
  it("makes the number format a message's count is written with, so hydration does not", () => {
    // Pidgin: no other test here writes a count in it, so its formatter is not made yet.
    const i18n = i18nFor("pcm");
    i18n.load("pcm", {
      "test.schools": [["count", "plural", { one: ["#", " school"], other: ["#", " schools"] }]],
    });
    prepareFormatters("pcm");
    const made = vi.spyOn(Intl, "NumberFormat");

    expect(i18n._("test.schools", { count: 1200 })).toBe("1,200 schools");
    expect(made).not.toHaveBeenCalled();
  });
});
