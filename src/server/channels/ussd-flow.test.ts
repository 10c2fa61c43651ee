import { describe, expect, it } from "vitest";
import { lgasByState } from "../../domain/reports/report-lgas";
import { phoneOccurredWhen } from "../../domain/reports/report-channels";
import { commentTypes } from "../../domain/reports/report-rules";
import { channelText, phoneLanguages } from "./replies";
import {
  USSD_DESCRIPTION_MAX,
  USSD_SCREEN_MAX,
  initialUssdState,
  noticeScreen,
  screenOf,
  ussdStep,
  type UssdState,
} from "./ussd-flow";

/** Every screen a reporter can meet in one language, with and without the retry line. */
function everyScreen(language: (typeof phoneLanguages)[number]): string[] {
  const screens: string[] = [];
  const both = (state: UssdState) => {
    screens.push(screenOf(state), screenOf(state, "choice"), screenOf(state, "text"));
  };
  const base: UssdState = { ...initialUssdState, language };
  both(base);
  // Every page of the states, and every page of every state's LGAs.
  const pagesOf = (state: UssdState) => {
    let current = state;
    for (;;) {
      both(current);
      const next = ussdStep(current, "8");
      if (next.kind !== "continue" || next.state.page === current.page) break;
      current = next.state;
    }
  };
  pagesOf({ ...base, step: "state" });
  for (const { stateId } of lgasByState) pagesOf({ ...base, step: "lga", stateId, page: 0 });
  for (const step of ["type", "when", "precision", "describe"] as const) both({ ...base, step });
  // The confirmation with the longest answers: the longest LGA's name, a full description in wide letters.
  const longest = lgasByState
    .flatMap((entry) => entry.lgas.map((lga) => ({ stateId: entry.stateId, lga })))
    .sort((a, b) => b.lga.length - a.lga.length)[0]!;
  for (const commentType of commentTypes) {
    for (const when of phoneOccurredWhen) {
      both({
        ...base,
        step: "confirm",
        stateId: longest.stateId,
        lga: longest.lga,
        commentType,
        when,
        precision: "lga",
        description: "Ẹ".repeat(USSD_DESCRIPTION_MAX),
      });
    }
  }
  const t = channelText(language);
  screens.push(
    t("ussd.sent", { reference: "IA-1A2B3C4D" }),
    t("ussd.cancelled"),
    noticeScreen("busy", language),
    noticeScreen("limited", language),
    noticeScreen("error", language),
  );
  return screens;
}

describe("USSD screens", () => {
  for (const language of phoneLanguages) {
    it(`every screen fits 182 characters in ${language}`, () => {
      const screens = everyScreen(language);
      expect(screens.length).toBeGreaterThan(100);
      // "CON " or "END " comes before each screen; the limit is the screen the phone shows.
      const tooLong = screens.filter((screen) => Array.from(screen).length > USSD_SCREEN_MAX);
      expect(tooLong).toEqual([]);
    });
  }

  it("a busy, limited or error screen before a language is chosen fits too, with a line in each language", () => {
    for (const notice of ["busy", "limited", "error"] as const) {
      const screen = noticeScreen(notice, null);
      expect(screen.split("\n")).toHaveLength(phoneLanguages.length);
      expect(Array.from(screen).length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    }
  });

  it("gives the busy, limited and error screens in each language's own words", () => {
    for (const notice of ["busy", "limited", "error"] as const) {
      const screens = phoneLanguages.map((language) => noticeScreen(notice, language));
      expect(new Set(screens).size).toBe(phoneLanguages.length);
    }
  });

  it("lists at most 7 choices on a screen, with More while there are more", () => {
    const screen = screenOf({ ...initialUssdState, step: "state" });
    expect(screen.split("\n").filter((line) => /^[1-7] /.test(line))).toHaveLength(7);
    expect(screen).toContain("8 More");
    expect(screen).not.toContain("0 Back");
  });

  it("asks again, saying why, when an answer is not on the list", () => {
    const result = ussdStep({ ...initialUssdState, step: "type" }, "9");
    expect(result.kind).toBe("continue");
    if (result.kind === "continue") {
      expect(result.state.step).toBe("type");
      expect(result.screen.startsWith("Please answer with a number from the list.")).toBe(true);
    }
  });

  it("refuses an empty or too long description", () => {
    const state: UssdState = { ...initialUssdState, step: "describe" };
    for (const text of ["", "x".repeat(USSD_DESCRIPTION_MAX + 1)]) {
      const result = ussdStep(state, text);
      expect(result.kind === "continue" && result.state.step).toBe("describe");
    }
  });
});
