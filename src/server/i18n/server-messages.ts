import { setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { readLanguages, readMessages } from "../../i18n/catalogue-files";
import { DEFAULT_LANGUAGE } from "../../i18n/languages";
import type { KeysUnder, MessageKey, Namespace } from "../../i18n/message-keys";

// The server's side of the message catalogues (src/i18n/catalogues): which languages the site has (its
// catalogue folders) and the messages of a namespace in one of them, compiled with Lingui's runtime the
// first time that language and namespace is used, then kept. English fills any message a language lacks
// (readMessages), so a message id never reaches a person.

let codes: readonly string[] | undefined;

/** A message that is not valid ICU stops here, naming its file and key (npm run i18n:check finds it first). */
function compileOrExplain(code: string, namespace: string, id: string, message: string) {
  try {
    return compileMessageOrThrow(message);
  } catch (error) {
    throw new Error(`Invalid message "${id}" in src/i18n/catalogues/${code}/${namespace}.json`, {
      cause: error,
    });
  }
}

/** The codes of the site's languages, English first: read once from the catalogue folders. */
export function siteLanguages(): readonly string[] {
  codes ??= readLanguages().map((language) => language.code);
  return codes;
}

export function isSiteLanguage(code: string): boolean {
  return siteLanguages().includes(code);
}

/**
 * A message of the namespace by its key ("verification.subject"), with its placeholders' values: a key the
 * English file of the namespace has (the type check refuses others). Without its namespace, `Translate`
 * takes a key of any namespace; a method's parameters are compared both ways, so a namespace's translator
 * is also a `Translate`.
 */
export type Translate<N extends Namespace = Namespace> = {
  key(key: KeysUnder<`${N}.`>, values?: Record<string, string | number>): string;
}["key"];

const translators = new Map<string, Translate>();

/** The messages of a namespace in a language; a language the site does not have (any more) reads English. */
export function translator<N extends Namespace>(language: string, namespace: N): Translate<N> {
  const code = isSiteLanguage(language) ? language : DEFAULT_LANGUAGE;
  const cacheKey = `${code}/${namespace}`;
  let translate = translators.get(cacheKey);
  if (!translate) {
    const { messages } = readMessages(code, namespace);
    const compiled = Object.fromEntries(
      Object.entries(messages).map(([id, message]) => [id, compileOrExplain(code, namespace, id, message)]),
    );
    const i18n = setupI18n({
      locale: code,
      messages: { [code]: compiled },
      // A key the English catalogue does not have is a defect of the code, not something to send.
      missing: (_locale, id) => {
        throw new Error(`Missing message "${id}" (src/i18n/catalogues/en/${namespace}.json)`);
      },
    });
    translate = (key, values) => i18n._(`${namespace}.${key}`, values);
    translators.set(cacheKey, translate);
  }
  return translate;
}

/** A message by its full id ("states.socialCard.alt"), in a language: its namespace's translator. */
export function messageIn(
  language: string,
  id: MessageKey,
  values?: Record<string, string | number>,
): string {
  const dot = id.indexOf(".");
  // A MessageKey is "<namespace>.<key of that namespace>", which the split cannot tell TypeScript.
  const namespace = id.slice(0, dot) as Namespace;
  return translator(language, namespace)(id.slice(dot + 1) as KeysUnder<`${Namespace}.`>, values);
}
