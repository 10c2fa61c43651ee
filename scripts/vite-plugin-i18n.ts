import { existsSync } from "node:fs";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import {
  catalogueFile,
  readLanguages,
  readMessages,
  readNamespaces,
} from "../src/i18n/catalogue-files.ts";

// Serves the message catalogues to the web app as compiled ICU messages (the browser never parses ICU):
// - `virtual:i18n`: the languages (from the catalogue folders), the namespaces and `loadCatalogue`, which
//   imports one namespace of one language;
// - `virtual:i18n-catalogue/<language>/<namespace>`: that namespace's compiled messages, one small chunk
//   each, so a page loads only its language and only the namespaces it uses.
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

export function i18nCatalogues(): Plugin {
  return {
    name: "inclusion-atlas:i18n",
    resolveId(id) {
      if (id === I18N_MODULE_ID || id.startsWith(CATALOGUE_PREFIX)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith("\0")) return undefined;
      const moduleId = id.slice(1);
      if (moduleId === I18N_MODULE_ID) {
        const languages = readLanguages();
        const namespaces = readNamespaces();
        for (const language of languages) this.addWatchFile(catalogueFile(language.code, "language"));
        const loaders = languages.flatMap((language) =>
          namespaces.map((namespace) => {
            const key = `${language.code}/${namespace}`;
            return `  ${JSON.stringify(key)}: () => import(${JSON.stringify(CATALOGUE_PREFIX + key)}),`;
          }),
        );
        return [
          `export const languages = ${JSON.stringify(languages)};`,
          `export const namespaces = ${JSON.stringify(namespaces)};`,
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
  };
}
