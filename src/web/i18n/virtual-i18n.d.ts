// The modules scripts/vite-plugin-i18n.ts generates from src/i18n/catalogues at build time.
declare module "virtual:i18n" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- a relative import is not allowed here
  type LanguageInfo = import("../../i18n/languages").LanguageInfo;
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- as above
  type Messages = import("@lingui/core").Messages;
  export const languages: LanguageInfo[];
  export const namespaces: string[];
  /** One namespace of one language, compiled, English where the language has no translation yet. */
  export function loadCatalogue(language: string, namespace: string): Promise<Messages>;
}
