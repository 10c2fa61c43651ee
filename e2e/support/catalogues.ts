import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { readCatalogue, readNamespaces } from "../../src/i18n/catalogue-files";

// The words a page shows in a language, read from the catalogues themselves, so a test says "the Hausa
// for 'Send report'" instead of repeating a translation that a reviewer may improve.

/** The message `namespace.key` in `language`, English where the language lacks it (as the site shows). */
export function message(language: string, id: string): string {
  const [namespace = "", ...rest] = id.split(".");
  const key = rest.join(".");
  const english = readCatalogue("en", namespace)[key];
  if (english === undefined) throw new Error(`The English catalogue has no message ${id}`);
  const translated = readCatalogue(language, namespace)[key];
  return translated && translated.trim() !== "" ? translated : english;
}

/** The id of the English message whose text is exactly `english` (in `namespace`, or in any). */
export function idOf(english: string, namespace?: string): string {
  for (const candidate of namespace ? [namespace] : readNamespaces()) {
    for (const [key, text] of Object.entries(readCatalogue("en", candidate))) {
      if (text === english) return `${candidate}.${key}`;
    }
  }
  throw new Error(`No English message reads "${english}"${namespace ? ` in ${namespace}` : ""}`);
}

/** What `english` (a plain message, no placeholders) reads in `language`. */
export function inLanguage(language: string, english: string, namespace?: string): string {
  return message(language, idOf(english, namespace));
}

/** A message with its tags taken out, as a person reads it on the page. */
export function plain(text: string): string {
  return text.replace(/<\/?[a-zA-Z0-9]+\s*\/?>/g, "");
}

/** Message ids ("report.titleLabel") of every namespace: none may ever show on a page. */
export function messageIdPattern(): RegExp {
  return new RegExp(`\\b(${readNamespaces().join("|")})\\.[a-z][a-zA-Z0-9]*(\\.[a-zA-Z0-9]+)*\\b`);
}

/** The message `namespace.key` in `language` with its values filled in, as a page shows it (no tags). */
export function formatted(language: string, id: string, values: Record<string, unknown> = {}): string {
  const i18n = setupI18n({
    locale: language,
    messages: { [language]: { [id]: compileMessage(message(language, id)) } },
  });
  return plain(i18n._(id, values));
}
