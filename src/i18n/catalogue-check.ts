import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LANGUAGE, type LanguageInfo } from "./languages.ts";

// What `npm run i18n:check` reports (docs/translating.md): per language, the keys English has and the
// language lacks (drafts may lack some here, the type check fails on them: src/i18n/message-keys.ts; a
// reviewed language may not), and, in every language, what is always wrong: an empty message, a message
// that is not valid ICU, text not in Unicode NFC (a decomposed "ẹ́" compares, sorts and renders
// differently), keys English does not have, and placeholders or tags that differ from English's (a
// translation must keep `{count}` and `<link>…</link>`).

export type CatalogueSet = Record<string, Record<string, string>>; // namespace → key → message

export interface LanguageReport {
  language: LanguageInfo;
  /** "namespace.key" of English messages this language has not translated. */
  missing: string[];
  /** Errors that fail the check whatever the language's status. */
  errors: string[];
}

const TAG = /<\/?([a-zA-Z0-9]+)\s*\/?>/g;

/** The placeholders (`{name}`, `{count, plural, …}`) and tags a message uses, as sorted lists. */
export function messageShape(message: string): { placeholders: string[]; tags: string[] } {
  const placeholders = new Set<string>();
  // A compiled message is a sequence of parts: text, or [name, type?, branches?] for a placeholder, whose
  // branches (plural, select) are sequences again.
  const collect = (sequence: unknown): void => {
    if (!Array.isArray(sequence)) return;
    for (const part of sequence) {
      if (!Array.isArray(part) || typeof part[0] !== "string") continue;
      placeholders.add(part[0]);
      const branches = part[2];
      if (branches && typeof branches === "object") Object.values(branches as object).forEach(collect);
    }
  };
  collect(compileMessageOrThrow(message));
  const tags = new Set([...message.matchAll(TAG)].map((match) => match[1] as string));
  return { placeholders: [...placeholders].sort(), tags: [...tags].sort() };
}

function same(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

export function checkLanguage(
  language: LanguageInfo,
  english: CatalogueSet,
  own: CatalogueSet,
): LanguageReport {
  const missing: string[] = [];
  const errors: string[] = [];
  for (const [namespace, messages] of Object.entries(own)) {
    for (const [key, message] of Object.entries(messages)) {
      const id = `${language.code}/${namespace}.${key}`;
      const source = english[namespace]?.[key];
      if (source === undefined) {
        errors.push(`${id}: not in the English catalogue (a key renamed or removed in English?)`);
        continue;
      }
      // The type check sees a key, not its text: an empty message would pass it and show English.
      if (message.trim() === "") errors.push(`${id}: empty (translate it, or the page shows English)`);
      if (message.normalize("NFC") !== message) errors.push(`${id}: not in Unicode NFC (normalize it)`);
      let shape;
      try {
        shape = messageShape(message);
      } catch (error) {
        errors.push(`${id}: not a valid ICU message: ${(error as Error).message}`);
        continue;
      }
      if (language.code === DEFAULT_LANGUAGE) continue;
      const sourceShape = messageShape(source);
      if (!same(shape.placeholders, sourceShape.placeholders)) {
        errors.push(
          `${id}: placeholders {${shape.placeholders.join("}, {")}} differ from English's {${sourceShape.placeholders.join("}, {")}}`,
        );
      }
      if (!same(shape.tags, sourceShape.tags)) {
        errors.push(
          `${id}: tags <${shape.tags.join(">, <")}> differ from English's <${sourceShape.tags.join(">, <")}>`,
        );
      }
    }
  }
  if (language.code !== DEFAULT_LANGUAGE) {
    for (const [namespace, messages] of Object.entries(english)) {
      for (const key of Object.keys(messages)) {
        const text = own[namespace]?.[key];
        if (text === undefined || text.trim() === "") missing.push(`${namespace}.${key}`);
      }
    }
  }
  if (language.status === "reviewed" && missing.length > 0) {
    errors.push(
      `${language.code} is marked "reviewed" but ${missing.length} English message(s) have no translation: ` +
        `translate them, or set its status back to "draft" in ${language.code}/language.json`,
    );
  }
  return { language, missing, errors };
}

/**
 * Errors for the API's problem keys (src/domain/api/problems.ts) that have no message `errors.<key>` in a
 * language: every failure the server sends is said from its key, so a missing one fails the check whatever
 * the language's status (a page would otherwise show a raw key, or English, for a failure).
 */
export function missingProblemMessages(
  language: LanguageInfo,
  own: CatalogueSet,
  problemKeys: readonly string[],
): string[] {
  const errors = own.errors ?? {};
  return problemKeys
    .filter((key) => (errors[key] ?? "").trim() === "")
    .map(
      (key) => `${language.code}/errors.${key}: the API's problem "${key}" has no message in this language`,
    );
}
