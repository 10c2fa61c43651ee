import { translator } from "../../i18n/server-messages";
import { firstWord, phoneLanguages, reportKeywordLanguage, type PhoneLanguage } from "../replies";

// The WhatsApp help message and keywords ("whatsapp" catalogue). WhatsApp has no menu before the first
// message, so a reporter chooses their language by the word a report starts with: each language's
// keyword here (Pidgin's is TORI, as its SMS keyword is English's REPORT), or its SMS keyword. The help
// message is in the reporter's language, then one line per language, each in its own, naming its keyword.

const words = (language: string) => translator(language, "whatsapp");

/** The "whatsapp" catalogue's words in a language. */
export const whatsAppWords = words;

export function whatsAppHelp(language: string): string {
  const lines = phoneLanguages.map((code) => words(code)("language"));
  return `${words(language)("help")}\n\n${lines.join("\n")}`;
}

let keywords: Map<string, PhoneLanguage> | undefined;

/** The language whose keyword starts the text, or undefined. */
export function whatsAppKeywordLanguage(text: string): PhoneLanguage | undefined {
  keywords ??= new Map(phoneLanguages.map((code) => [firstWord(words(code)("keyword")), code]));
  return keywords.get(firstWord(text)) ?? reportKeywordLanguage(text);
}
