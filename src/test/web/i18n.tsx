import type { ReactNode } from "react";
import { LanguageProvider } from "../../web/i18n/language-context";
import { loadMessages } from "../../web/i18n/runtime";

/**
 * Renders a component in another language: `render(await inLanguage("ha", ["reports"], <Form />))`.
 * English needs nothing (the web test setup loads every English catalogue).
 */
export async function inLanguage(language: string, namespaces: string[], ui: ReactNode): Promise<ReactNode> {
  await loadMessages(language, namespaces);
  return <LanguageProvider language={language}>{ui}</LanguageProvider>;
}
