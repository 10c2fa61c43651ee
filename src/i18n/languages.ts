// The languages of the product and where a page's language lives: in the first segment of its path
// (`/ha/states/25`), English without a prefix. Pure functions: the web app, the server and the build use them.
// The list of languages itself comes from the catalogue folders (src/i18n/catalogues/<code>/), so adding a
// language is adding a folder.

export const DEFAULT_LANGUAGE = "en";

export type TranslationStatus = "draft" | "reviewed";

export interface LanguageInfo {
  /** BCP 47 tag, also the URL prefix and the catalogue folder's name: "ha", "pcm". */
  code: string;
  /** The language's name in itself, as the language switch shows it: "Yorùbá". */
  name: string;
  englishName: string;
  /** Draft catalogues carry a notice on every page until a fluent reviewer has checked them. */
  status: TranslationStatus;
}

/** The language a path is in: its first segment when that is a language's code, else English. */
export function languageOfPath(pathname: string, codes: readonly string[]): string {
  const first = pathname.split("/")[1] ?? "";
  return first !== DEFAULT_LANGUAGE && codes.includes(first) ? first : DEFAULT_LANGUAGE;
}

/** The path without its language prefix: "/ha/states/25" → "/states/25", "/ha" → "/". */
export function withoutLanguage(pathname: string, codes: readonly string[]): string {
  const language = languageOfPath(pathname, codes);
  if (language === DEFAULT_LANGUAGE) return pathname;
  const rest = pathname.slice(language.length + 1);
  return rest === "" ? "/" : rest;
}

/**
 * An app path (from `paths`, maybe with a query or hash) in a language: "/states/25" → "/ha/states/25",
 * "/" → "/ha", "/?state=kano" → "/ha?state=kano" (the router's form of a prefix's home; "/ha/" opens the same
 * page). English paths are unchanged.
 */
export function localizePath(path: string, language: string): string {
  if (language === DEFAULT_LANGUAGE || !path.startsWith("/")) return path;
  const rest = /^\/(?=[?#]|$)/.test(path) ? path.slice(1) : path;
  return `/${language}${rest}`;
}

/** A catalogue message's id: the namespace (the catalogue file's name) and the key within it. */
export function messageId(namespace: string, key: string): string {
  return `${namespace}.${key}`;
}
