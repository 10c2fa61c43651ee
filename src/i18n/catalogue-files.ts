import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_LANGUAGE, type LanguageInfo, type TranslationStatus } from "./languages.ts";

// Node-side access to the message catalogues: src/i18n/catalogues/<language>/<namespace>.json, each a flat
// object of ICU messages, and <language>/language.json naming the language and its review status. The build
// (scripts/vite-plugin-i18n.ts), the server's e-mails and the catalogue checks read them through here.

export const cataloguesDir = fileURLToPath(new URL("./catalogues/", import.meta.url));
const LANGUAGE_FILE = "language.json";

export type Catalogue = Record<string, string>;

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as unknown;
  } catch (error) {
    throw new Error(`${path.relative(process.cwd(), file)} is not valid JSON: ${(error as Error).message}`);
  }
}

function readLanguage(code: string): LanguageInfo {
  const file = path.join(cataloguesDir, code, LANGUAGE_FILE);
  const info = readJson(file) as Partial<LanguageInfo>;
  const status: TranslationStatus | undefined =
    info.status === "draft" || info.status === "reviewed" ? info.status : undefined;
  if (typeof info.name !== "string" || typeof info.englishName !== "string" || !status) {
    throw new Error(`${file} needs "name", "englishName" and "status" ("draft" or "reviewed")`);
  }
  return { code, name: info.name, englishName: info.englishName, status };
}

/** Every language with a catalogue folder: English first, then by English name. */
export function readLanguages(): LanguageInfo[] {
  const codes = readdirSync(cataloguesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  if (!codes.includes(DEFAULT_LANGUAGE))
    throw new Error(`${cataloguesDir} has no ${DEFAULT_LANGUAGE} folder`);
  return codes
    .map(readLanguage)
    .sort((a, b) =>
      a.code === DEFAULT_LANGUAGE
        ? -1
        : b.code === DEFAULT_LANGUAGE
          ? 1
          : a.englishName.localeCompare(b.englishName),
    );
}

/** The namespaces: the English catalogue files, English being the source every language translates. */
export function readNamespaces(): string[] {
  return readdirSync(path.join(cataloguesDir, DEFAULT_LANGUAGE))
    .filter((file) => file.endsWith(".json") && file !== LANGUAGE_FILE)
    .map((file) => file.slice(0, -".json".length))
    .sort();
}

export function catalogueFile(language: string, namespace: string): string {
  return path.join(cataloguesDir, language, `${namespace}.json`);
}

/** One catalogue as written; a language without the file has none of its messages yet (an empty catalogue). */
export function readCatalogue(language: string, namespace: string): Catalogue {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(catalogueFile(language, namespace), "utf8")) as unknown;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new Error(`${catalogueFile(language, namespace)}: ${(error as Error).message}`);
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new Error(`${catalogueFile(language, namespace)} must be an object of messages`);
  }
  const catalogue: Catalogue = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== "string") {
      throw new Error(`${catalogueFile(language, namespace)}: "${key}" must be a string`);
    }
    catalogue[key] = value;
  }
  return catalogue;
}

/**
 * A namespace's messages in a language, English where the language has no translation yet (so a page never
 * shows a message id), keyed by full message id ("namespace.key"), and which keys fell back to English.
 */
export function readMessages(
  language: string,
  namespace: string,
): { messages: Catalogue; fallbacks: string[] } {
  const english = readCatalogue(DEFAULT_LANGUAGE, namespace);
  const translated = language === DEFAULT_LANGUAGE ? english : readCatalogue(language, namespace);
  const messages: Catalogue = {};
  const fallbacks: string[] = [];
  for (const [key, source] of Object.entries(english)) {
    const text = translated[key];
    if (text === undefined || text.trim() === "") fallbacks.push(key);
    messages[`${namespace}.${key}`] = text === undefined || text.trim() === "" ? source : text;
  }
  return { messages, fallbacks };
}
