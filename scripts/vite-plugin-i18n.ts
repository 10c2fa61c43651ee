import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import { catalogueFile, readLanguages, readMessages, readNamespaces } from "../src/i18n/catalogue-files.ts";

// Serves the message catalogues to the web app as compiled ICU messages (the browser never parses ICU).
// `virtual:i18n` exports the languages (from the catalogue folders), the namespaces and `loadCatalogue`,
// which brings one namespace of one language:
// - in the browser build, as a JSON file emitted beside the other assets
//   (`/assets/i18n-<hash>/<language>/<namespace>.json`, immutable: the hash covers every catalogue), so
//   the page's code holds one path, not an import per language and namespace;
// - prerendering, in tests and in development, by a dynamic import of
//   `virtual:i18n-catalogue/<language>/<namespace>`.
// A message that does not compile stops the build with the file and key.

export const I18N_MODULE_ID = "virtual:i18n";
const CATALOGUE_PREFIX = "virtual:i18n-catalogue/";

function compileNamespace(language: string, namespace: string): Record<string, unknown> {
  const { messages } = readMessages(language, namespace);
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(
        `${catalogueFile(language, namespace)}: "${id}" is not a valid ICU message: ${(error as Error).message}`,
      );
    }
  }
  return compiled;
}

interface CompiledCatalogues {
  /** "<language>/<namespace>" → the compiled messages as JSON text. */
  files: Map<string, string>;
  /** A hash of all of them: the folder name, so a changed message is a new URL. */
  hash: string;
}

function compileAll(): CompiledCatalogues {
  const files = new Map<string, string>();
  const hash = createHash("sha256");
  for (const language of readLanguages()) {
    for (const namespace of readNamespaces()) {
      const json = JSON.stringify(compileNamespace(language.code, namespace));
      files.set(`${language.code}/${namespace}`, json);
      hash.update(`${language.code}/${namespace}\n${json}\n`);
    }
  }
  return { files, hash: hash.digest("hex").slice(0, 10) };
}

export function i18nCatalogues(): Plugin {
  let building = false;
  let emitted: CompiledCatalogues | null = null;
  return {
    name: "inclusion-atlas:i18n",
    configResolved(config) {
      building = config.command === "build";
    },
    resolveId(id) {
      if (id === I18N_MODULE_ID || id.startsWith(CATALOGUE_PREFIX)) return `\0${id}`;
      return undefined;
    },
    load(id, options) {
      if (!id.startsWith("\0")) return undefined;
      const moduleId = id.slice(1);
      if (moduleId === I18N_MODULE_ID) {
        const languages = readLanguages();
        const namespaces = readNamespaces();
        for (const language of languages) this.addWatchFile(catalogueFile(language.code, "language"));
        const head = [
          `export const languages = ${JSON.stringify(languages)};`,
          `export const namespaces = ${JSON.stringify(namespaces)};`,
        ];
        if (building && !options?.ssr) {
          emitted = compileAll();
          const base = `/assets/i18n-${emitted.hash}/`;
          return [
            ...head,
            `const loaded = new Map();`,
            `export function loadCatalogue(language, namespace) {`,
            `  const key = language + "/" + namespace;`,
            `  let answer = loaded.get(key);`,
            `  if (!answer) {`,
            `    answer = fetch(${JSON.stringify(base)} + key + ".json").then((response) => {`,
            `      if (!response.ok) throw new Error("Catalogue " + key + ": HTTP " + response.status);`,
            `      return response.json();`,
            `    });`,
            // A failed fetch (a dropped connection) may be tried again by the next caller.
            `    answer.catch(() => loaded.delete(key));`,
            `    loaded.set(key, answer);`,
            `  }`,
            `  return answer;`,
            `}`,
          ].join("\n");
        }
        const loaders = languages.flatMap((language) =>
          namespaces.map((namespace) => {
            const key = `${language.code}/${namespace}`;
            return `  ${JSON.stringify(key)}: () => import(${JSON.stringify(CATALOGUE_PREFIX + key)}),`;
          }),
        );
        return [
          ...head,
          `const loaders = {\n${loaders.join("\n")}\n};`,
          `export function loadCatalogue(language, namespace) {`,
          `  const load = loaders[language + "/" + namespace];`,
          `  if (!load) return Promise.reject(new Error("No catalogue " + language + "/" + namespace));`,
          `  return load().then((module) => module.default);`,
          `}`,
        ].join("\n");
      }
      if (moduleId.startsWith(CATALOGUE_PREFIX)) {
        const [language = "", namespace = ""] = moduleId.slice(CATALOGUE_PREFIX.length).split("/");
        // Watched when they exist (a language may not have this namespace yet; Vite resolves watched files).
        for (const file of [catalogueFile("en", namespace), catalogueFile(language, namespace)]) {
          if (existsSync(file)) this.addWatchFile(file);
        }
        return `export default ${JSON.stringify(compileNamespace(language, namespace))};\n`;
      }
      return undefined;
    },
    generateBundle() {
      if (!emitted) return;
      for (const [key, json] of emitted.files) {
        this.emitFile({ type: "asset", fileName: `assets/i18n-${emitted.hash}/${key}.json`, source: json });
      }
      emitted = null;
    },
  };
}
