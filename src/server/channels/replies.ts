import type { CommentType } from "../../domain/reports/report-rules";
import type { PhoneOccurredWhen } from "../../domain/reports/report-channels";
import type { KeysUnder } from "../../i18n/message-keys";
import { translator, type Translate } from "../i18n/server-messages";

// The words phone reporters get, USSD screens and SMS replies, from the "channels" catalogue
// (src/i18n/catalogues/<language>/channels.json) in the language the reporter chose.

export const CHANNELS_NAMESPACE = "channels";

/** The languages a phone reporter can choose, in the order the first USSD screen lists them. */
export const phoneLanguages = ["en", "ha", "yo", "ig", "pcm"] as const;
export type PhoneLanguage = (typeof phoneLanguages)[number];

export function channelText(language: string): Translate {
  return translator(language, CHANNELS_NAMESPACE);
}

export function typeLabel(t: Translate, type: CommentType): string {
  return t(`type.${type}`);
}

export function whenLabel(t: Translate, when: PhoneOccurredWhen): string {
  return t(`when.${when}`);
}

/** The first word of an SMS, folded: what the keywords are compared with. */
export function firstWord(text: string): string {
  return (text.trim().split(/\s+/)[0] ?? "").normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
}

function keywordsOf(key: KeysUnder<"channels.sms.keyword.">): Map<string, PhoneLanguage> {
  const words = new Map<string, PhoneLanguage>();
  for (const language of phoneLanguages) {
    for (const word of channelText(language)(`sms.keyword.${key}`).split(",")) {
      const folded = firstWord(word);
      if (folded && !words.has(folded)) words.set(folded, language);
    }
  }
  return words;
}

let reportKeywords: Map<string, PhoneLanguage> | undefined;
let stopKeywords: Map<string, PhoneLanguage> | undefined;
let startKeywords: Map<string, PhoneLanguage> | undefined;

/** The language whose report keyword starts the text (REPORT, RAHOTO …), or undefined. */
export function reportKeywordLanguage(text: string): PhoneLanguage | undefined {
  reportKeywords ??= keywordsOf("report");
  return reportKeywords.get(firstWord(text));
}

/** The text after the keyword: the report itself. */
export function afterKeyword(text: string): string {
  return text
    .trim()
    .replace(/^\S+\s*/u, "")
    .trim();
}

export function isStop(text: string): boolean {
  stopKeywords ??= keywordsOf("stop");
  return text.trim().split(/\s+/).length === 1 && stopKeywords.has(firstWord(text));
}

export function isStart(text: string): boolean {
  startKeywords ??= keywordsOf("start");
  return text.trim().split(/\s+/).length === 1 && startKeywords.has(firstWord(text));
}
