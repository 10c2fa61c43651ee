import { lgasByState, stateLgas } from "../../domain/reports/report-lgas";
import { phoneOccurredWhen, type PhoneOccurredWhen } from "../../domain/reports/report-channels";
import { commentTypes, type CommentType } from "../../domain/reports/report-rules";
import { readLanguages } from "../../i18n/catalogue-files";
import type { Translate } from "../i18n/server-messages";
import { channelText, phoneLanguages, typeLabel, whenLabel, type PhoneLanguage } from "./replies";
import type { PhoneReportContent } from "./intake";

// The USSD report, one screen at a time: language → state → LGA → type → when → how public → a short
// description → confirmation. Pure: the provider's adapter keeps the state between screens (by session
// id) and makes the report when the flow says it is confirmed. Every screen fits USSD's 182 characters in
// every language (ussd-flow.test.ts renders them all); long lists are paged, at most 7 to a screen.

/** The most characters one USSD screen may hold. */
export const USSD_SCREEN_MAX = 182;
/** The longest description taken: it must fit the confirmation screen's excerpt, and a phone keypad. */
export const USSD_DESCRIPTION_MAX = 140;
const PAGE_SIZE = 7;
const MORE = "8";
const BACK = "0";

type Step = "language" | "state" | "lga" | "type" | "when" | "precision" | "describe" | "confirm";

export interface UssdState {
  step: Step;
  language: PhoneLanguage;
  /** The page of the state or LGA list shown, from 0. */
  page: number;
  stateId?: number;
  lga?: string;
  commentType?: CommentType;
  when?: PhoneOccurredWhen;
  precision?: "state" | "lga";
  description?: string;
}

export type UssdResult =
  | { kind: "continue"; state: UssdState; screen: string }
  | { kind: "end"; screen: string }
  /** The reporter confirmed: make the report, then end with `sent` (its reference). */
  | { kind: "confirmed"; content: PhoneReportContent; language: PhoneLanguage };

/** Why a session ends before its report: the provider's share is spent, the number's, or a failure. */
export type UssdNotice = "busy" | "limited" | "error";

/**
 * The screen that ends a session for a notice: in the reporter's language when it is known (chosen in
 * this session, or their last report's), else a short line in each of the five languages.
 */
export function noticeScreen(notice: UssdNotice, language: PhoneLanguage | null): string {
  if (language) return channelText(language)(`ussd.${notice}`);
  return phoneLanguages.map((code) => channelText(code)(`ussd.${notice}Short`)).join("\n");
}

export const initialUssdState: UssdState = { step: "language", language: "en", page: 0 };

const numbered = (labels: readonly string[], start = 1) =>
  labels.map((label, index) => `${index + start} ${label}`).join("\n");

let languageNames: string[] | undefined;
function languageList(): string[] {
  if (!languageNames) {
    const names = new Map(readLanguages().map((language) => [language.code, language.name]));
    languageNames = phoneLanguages.map((code) => names.get(code) ?? code);
  }
  return languageNames;
}

/** Items in pages of at most 7 whose screens fit, whatever the header and the retry line take. */
export function pagesOf(items: readonly string[], fixed: number): string[][] {
  const pages: string[][] = [];
  let page: string[] = [];
  let used = fixed;
  for (const item of items) {
    const line = `${page.length + 1} ${item}\n`.length;
    if (page.length === PAGE_SIZE || (page.length > 0 && used + line > USSD_SCREEN_MAX)) {
      pages.push(page);
      page = [];
      used = fixed;
    }
    page.push(item);
    used += line;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}

const stateNames = () => lgasByState.map((entry) => entry.state);

function headerOf(t: Translate, state: UssdState) {
  if (state.step === "state") return (page: number, pages: number) => t("ussd.chooseState", { page, pages });
  const name = stateLgas(state.stateId ?? 0)?.state ?? "";
  return (page: number, pages: number) => t("ussd.chooseLga", { state: name, page, pages });
}

/** The state or LGA list in pages, each leaving room for the longest header, the navigation and a retry line. */
function listPages(t: Translate, state: UssdState): string[][] {
  const items = state.step === "state" ? stateNames() : (stateLgas(state.stateId ?? 0)?.lgas ?? []);
  const navigation = `\n${MORE} ${t("ussd.more")}\n${BACK} ${t("ussd.back")}`;
  const retry = Math.max(
    t("ussd.retryChoice").length,
    t("ussd.retryText", { max: USSD_DESCRIPTION_MAX }).length,
  );
  const fixed = headerOf(t, state)(99, 99).length + 1 + navigation.length + retry + 1;
  return pagesOf(items, fixed);
}

function listScreen(t: Translate, state: UssdState, retry: string | null): string {
  const pages = listPages(t, state);
  return [
    ...(retry ? [retry] : []),
    headerOf(t, state)(state.page + 1, pages.length),
    numbered(pages[state.page] ?? []),
    ...(state.page + 1 < pages.length ? [`${MORE} ${t("ussd.more")}`] : []),
    ...(state.page > 0 ? [`${BACK} ${t("ussd.back")}`] : []),
  ].join("\n");
}

/** Cuts to at most `max` characters, ending with "…" when cut. */
function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, Math.max(0, max - 1)).join("")}…`;
}

/** The screen of the state's step; `retry` names what was wrong with the last answer. */
export function screenOf(state: UssdState, retry: "choice" | "text" | null = null): string {
  const t = channelText(state.language);
  const retryLine =
    retry === "choice"
      ? t("ussd.retryChoice")
      : retry === "text"
        ? t("ussd.retryText", { max: USSD_DESCRIPTION_MAX })
        : null;
  const withRetry = (screen: string) => (retryLine ? `${retryLine}\n${screen}` : screen);
  switch (state.step) {
    case "language":
      return withRetry(`${t("ussd.chooseLanguage")}\n${numbered(languageList())}`);
    case "state":
    case "lga":
      return listScreen(t, state, retryLine);
    case "type":
      return withRetry(
        `${t("ussd.chooseType")}\n${numbered(commentTypes.map((type) => typeLabel(t, type)))}`,
      );
    case "when":
      return withRetry(
        `${t("ussd.chooseWhen")}\n${numbered(phoneOccurredWhen.map((when) => whenLabel(t, when)))}`,
      );
    case "precision":
      return withRetry(
        `${t("ussd.choosePrecision")}\n${numbered([t("ussd.precision.state"), t("ussd.precision.lga")])}`,
      );
    case "describe":
      return withRetry(t("ussd.describe", { max: USSD_DESCRIPTION_MAX }));
    case "confirm": {
      const stateName = stateLgas(state.stateId ?? 0)?.state ?? "";
      const head = [
        ...(retryLine ? [retryLine] : []),
        t("ussd.confirm"),
        `${typeLabel(t, state.commentType ?? "barrier")}, ${whenLabel(t, state.when ?? "today")}`,
        `${state.lga ?? ""}, ${stateName}`,
      ].join("\n");
      const tail = `1 ${t("ussd.send")}\n2 ${t("ussd.cancel")}`;
      // The description gets what room is left, in quotes.
      const room = USSD_SCREEN_MAX - head.length - tail.length - 4;
      return `${head}\n"${cut(state.description ?? "", room)}"\n${tail}`;
    }
  }
}

const choice = (input: string, count: number): number | null => {
  if (!/^\d{1,2}$/.test(input.trim())) return null;
  const value = Number(input.trim());
  return value >= 1 && value <= count ? value : null;
};

/** The flow's next screen for the reporter's answer on the current one. */
export function ussdStep(state: UssdState, input: string): UssdResult {
  const t = channelText(state.language);
  const again = (retry: "choice" | "text"): UssdResult => ({
    kind: "continue",
    state,
    screen: screenOf(state, retry),
  });
  const next = (changes: Partial<UssdState>): UssdResult => {
    const moved = { ...state, ...changes };
    return { kind: "continue", state: moved, screen: screenOf(moved) };
  };
  const answer = input.trim();
  switch (state.step) {
    case "language": {
      const picked = choice(answer, phoneLanguages.length);
      if (picked === null) return again("choice");
      return next({ step: "state", language: phoneLanguages[picked - 1], page: 0 });
    }
    case "state":
    case "lga": {
      const pages = listPages(t, state);
      if (answer === MORE && state.page + 1 < pages.length) return next({ page: state.page + 1 });
      if (answer === BACK && state.page > 0) return next({ page: state.page - 1 });
      const items = pages[state.page] ?? [];
      const picked = choice(answer, items.length);
      if (picked === null) return again("choice");
      const item = items[picked - 1] ?? "";
      if (state.step === "state") {
        const stateId = lgasByState.find((entry) => entry.state === item)?.stateId;
        return next({ step: "lga", stateId, page: 0 });
      }
      return next({ step: "type", lga: item, page: 0 });
    }
    case "type": {
      const picked = choice(answer, commentTypes.length);
      return picked === null
        ? again("choice")
        : next({ step: "when", commentType: commentTypes[picked - 1] });
    }
    case "when": {
      const picked = choice(answer, phoneOccurredWhen.length);
      return picked === null
        ? again("choice")
        : next({ step: "precision", when: phoneOccurredWhen[picked - 1] });
    }
    case "precision": {
      const picked = choice(answer, 2);
      return picked === null
        ? again("choice")
        : next({ step: "describe", precision: picked === 1 ? "state" : "lga" });
    }
    case "describe": {
      const text = answer.replace(/\s+/g, " ");
      if (Array.from(text).length < 3 || Array.from(text).length > USSD_DESCRIPTION_MAX) return again("text");
      return next({ step: "confirm", description: text });
    }
    case "confirm": {
      const picked = choice(answer, 2);
      if (picked === null) return again("choice");
      if (picked === 2) return { kind: "end", screen: t("ussd.cancelled") };
      return {
        kind: "confirmed",
        language: state.language,
        content: {
          language: state.language,
          comment: state.description ?? "",
          commentType: state.commentType ?? null,
          place:
            state.stateId !== undefined && state.lga !== undefined
              ? { stateId: state.stateId, lga: state.lga, precision: state.precision ?? "state" }
              : null,
          occurredWhen: state.when ?? null,
        },
      };
    }
  }
}
