import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { languages, loadCatalogue } from "virtual:i18n";
import { DEFAULT_LANGUAGE, languageOfPath } from "../../i18n/languages";
import type { MessageKey } from "../../i18n/message-keys";

// The messages this page has, per language: one Lingui instance per language, filled namespace by
// namespace from two sources: the loader data of prerendered pages (the HTML carries the messages the page
// uses) and, for pages rendered in the browser, the catalogue chunks loaded by their clientLoader.

/** `t("report.titleLabel")`, `t("report.count", { count })`: an id English has (the type check refuses others). */
export type Translate = (id: MessageKey, values?: Record<string, unknown>) => string;

export const languageCodes: readonly string[] = languages.map((language) => language.code);

/**
 * Compiled messages of some namespaces in one language, as loaders return them: each namespace's catalogue
 * as JSON text. The router's data format rebuilds objects value by value in script; the messages, as
 * objects, were most of a page's values and the largest part of decoding its data in the browser, where a
 * string is one value and JSON.parse is the browser's own (measured on 1 December 2026). The same
 * namespace's text in two loaders (the root's and the page's) is written once in the page.
 */
export interface MessageBundle {
  language: string;
  catalogues: Record<string, string>;
}

const instances = new Map<string, I18n>();
const loaded = new Map<string, Set<string>>();

export function i18nFor(language: string): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = setupI18n({
      locale: language,
      messages: { [language]: {} },
      // Never shown as a message id: a missing message is a defect (a page that did not load a namespace).
      missing: (_locale, id) => {
        console.error(`Missing message "${id}" in language "${language}"`);
        return id;
      },
    });
    instances.set(language, instance);
  }
  return instance;
}

/**
 * Makes, for a language, the number format and plural rules Lingui makes on the first message with a count
 * ("3 schools"; both made as Lingui asks for them: the language, then English), so the first such message
 * does not pay for them. In the browser's build the number format is the product's own, made at once
 * (scripts/vite-plugin-lingui-numbers.ts: Intl's first NumberFormat was a long task of its own); the plural
 * rules load the language's plural data. The browser's entry calls this in a task of its own before it
 * hydrates.
 */
export function prepareFormatters(language: string): void {
  // Lingui keeps the formatter it writes a plural's "#" with under the same key as this one's.
  i18nFor(language).number(0);
  // Lingui's own plural rules are made on first use; this loads the language's plural data beforehand.
  new Intl.PluralRules([language, DEFAULT_LANGUAGE]).select(0);
}

/** Adds a loader's messages; the same bundle twice (each render of the page) costs a set lookup a namespace. */
export function addMessages(bundle: MessageBundle): void {
  addCatalogues(
    bundle.language,
    Object.keys(bundle.catalogues),
    (namespace) => JSON.parse(bundle.catalogues[namespace]!) as Messages,
  );
}

/** Adds the messages a route's loader data carries (`{ i18n }`), if it carries any. */
export function addCarriedMessages(loaderData: unknown): void {
  if (typeof loaderData === "object" && loaderData !== null && "i18n" in loaderData) {
    addMessages(loaderData.i18n as MessageBundle);
  }
}

function addCatalogues(language: string, namespaces: string[], catalogueOf: (namespace: string) => Messages) {
  const have = loaded.get(language) ?? new Set<string>();
  const missing = namespaces.filter((namespace) => !have.has(namespace));
  if (missing.length === 0) return;
  // One load: Lingui copies the language's messages on each.
  i18nFor(language).load(language, Object.assign({}, ...missing.map(catalogueOf)) as Messages);
  for (const namespace of missing) have.add(namespace);
  loaded.set(language, have);
}

// A catalogue's module object is the same for every request: its text is written once.
const catalogueTexts = new WeakMap<Messages, string>();

function catalogueText(catalogue: Messages): string {
  let text = catalogueTexts.get(catalogue);
  if (text === undefined) {
    text = JSON.stringify(catalogue);
    catalogueTexts.set(catalogue, text);
  }
  return text;
}

export function hasNamespaces(language: string, namespaces: readonly string[]): boolean {
  const have = loaded.get(language);
  return have !== undefined && namespaces.every((namespace) => have.has(namespace));
}

/**
 * The messages of some namespaces in a language ("common" and "errors" always among them): loaded once, then kept.
 * Loaders return the bundle so prerendered HTML carries it; clientLoaders just await it.
 */
export async function loadMessages(language: string, namespaces: readonly string[]): Promise<MessageBundle> {
  // "common" (the shell) and "errors" (failures by their code, which any page may show) are always there.
  const wanted = [...new Set(["common", "errors", ...namespaces])];
  const catalogues = new Map(
    await Promise.all(
      wanted.map(async (namespace) => [namespace, await loadCatalogue(language, namespace)] as const),
    ),
  );
  addCatalogues(language, wanted, (namespace) => catalogues.get(namespace)!);
  return {
    language,
    catalogues: Object.fromEntries(
      [...catalogues].map(([namespace, catalogue]) => [namespace, catalogueText(catalogue)]),
    ),
  };
}

/** The language of a path of this app ("/ha/states" is Hausa; a path without a language's prefix, English). */
export function languageOfPathname(pathname: string): string {
  return languageOfPath(pathname, languageCodes);
}

/** The language of a request's URL (a loader's or clientLoader's `request`). */
export function languageOfRequest(request: Request): string {
  return languageOfPathname(new URL(request.url).pathname);
}

/** For loaders and clientLoaders: the messages of the page's language. */
export function pageMessages(request: Request, namespaces: readonly string[]): Promise<MessageBundle> {
  return loadMessages(languageOfRequest(request), namespaces);
}

export function languageInfo(code: string) {
  return languages.find((language) => language.code === code) ?? languages[0];
}

export { DEFAULT_LANGUAGE, languages };

/**
 * A translate function for code outside components (a route's `meta`, which gets the location): the
 * messages of the path's language, which the page's loader has already brought.
 */
export function translatorFor(pathname: string): Translate {
  const instance = i18nFor(languageOfPathname(pathname));
  return (id, values) => instance._(id, values);
}

/**
 * The language a page is shown in: its path's once that language's shell messages ("common") are here
 * (always, on a page the server rendered, whose loaders carry them); before that the app shell's English,
 * which a page rendered in the browser starts from, so its first render matches the shell's HTML.
 */
export function shownLanguageOf(pathname: string): string {
  const language = languageOfPathname(pathname);
  return hasNamespaces(language, ["common"]) ? language : DEFAULT_LANGUAGE;
}

/** translatorFor, in the language the page is shown in (shownLanguageOf): a title that matches the page. */
export function shownTranslatorFor(pathname: string): Translate {
  const instance = i18nFor(shownLanguageOf(pathname));
  return (id, values) => instance._(id, values);
}

/** Whether the path's language has the message yet (a route's `meta` may run before its messages arrive). */
export function hasMessage(pathname: string, id: MessageKey): boolean {
  return id in i18nFor(languageOfPathname(pathname)).messages;
}
