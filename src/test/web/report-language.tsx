import type { ReactNode } from "react";
import { loadCatalogue } from "virtual:i18n";
import { LanguageProvider } from "../../web/i18n/language-context";
import { addMessages, i18nFor } from "../../web/i18n/runtime";

/**
 * For the tests of the report pages: `inLanguage(language, namespaces, ui)` (src/test/web/i18n.tsx), except
 * that the shell's namespaces ("common", "errors") stay English. Until their translations exist, the
 * catalogue plugin cannot load them in another language (it watches a file that is not there); once they do,
 * inLanguage can replace this.
 */
export async function inLanguageWithEnglishShell(
  language: string,
  namespaces: string[],
  ui: ReactNode,
): Promise<ReactNode> {
  const shell = Object.fromEntries(
    Object.entries(i18nFor("en").messages).filter(
      ([id]) => id.startsWith("common.") || id.startsWith("errors."),
    ),
  );
  addMessages({ language, catalogues: { common: JSON.stringify(shell), errors: "{}" } });
  for (const namespace of namespaces) {
    const catalogue = await loadCatalogue(language, namespace);
    addMessages({ language, catalogues: { [namespace]: JSON.stringify(catalogue) } });
  }
  return <LanguageProvider language={language}>{ui}</LanguageProvider>;
}
