import type { I18n } from "@lingui/core";
import { createContext, type ReactNode, useCallback, useContext, useMemo } from "react";
import { DEFAULT_LANGUAGE, localizePath } from "../../i18n/languages";
import { i18nFor, type Translate } from "./runtime";

// The page's language for every component below the root. Without a provider (a component test) the
// language is English, whose messages the test setup loads.

interface LanguageContextValue {
  language: string;
  i18n: I18n;
  /** Tells the layout that messages arrived outside a route's loader (see useNamespaces' `turnsPage`). */
  messagesArrived: () => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);
const nothingToTell = () => undefined;

export function LanguageProvider({
  language,
  messagesArrived = nothingToTell,
  children,
}: {
  language: string;
  messagesArrived?: () => void;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ language, i18n: i18nFor(language), messagesArrived }),
    [language, messagesArrived],
  );
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

function useLanguageContext(): LanguageContextValue {
  return (
    useContext(LanguageContext) ?? {
      language: DEFAULT_LANGUAGE,
      i18n: i18nFor(DEFAULT_LANGUAGE),
      messagesArrived: nothingToTell,
    }
  );
}

/** For useNamespaces: makes the layout look again at which language the page can speak. */
export function useMessagesArrived(): () => void {
  return useLanguageContext().messagesArrived;
}

/** The page's Lingui instance (its messages), for code that must check whether a message exists. */
export function useI18n(): I18n {
  return useLanguageContext().i18n;
}

/** The page's language code ("en", "ha", …). */
export function useLanguage(): string {
  return useLanguageContext().language;
}

/** `t("report.titleLabel")`, `t("report.count", { count })`: a message of the page's language. */
export function useT(): Translate {
  const { i18n } = useLanguageContext();
  return useCallback<Translate>((id, values) => i18n._(id, values), [i18n]);
}

/** An app path (from `paths`) in the page's language: "/states/25" → "/ha/states/25" on a Hausa page. */
export function useLocalizePath(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => localizePath(path, language), [language]);
}

/**
 * For content that exists only in English (key findings, school descriptions, reports, data): `lang="en"`
 * on its element inside a page of another language, so screen readers pronounce it as English.
 */
export function useEnglishContentLang(): "en" | undefined {
  return useLanguage() === DEFAULT_LANGUAGE ? undefined : DEFAULT_LANGUAGE;
}
