import { type MouseEvent, useEffect } from "react";
import { useLocation } from "react-router";
import { localizePath, withoutLanguage } from "../../i18n/languages";
import { useLanguage, useT } from "./language-context";
import { rememberLanguage, saveChosenLanguage } from "./remember-language";
import { languageCodes, languages } from "./runtime";
import styles from "./LanguageSwitch.module.css";

// The same page in every language, each named in itself ("Yorùbá", "Naijá") and marked with its language so
// a screen reader pronounces it. Plain links: a full load of the prerendered page in that language, which
// works before the JavaScript has arrived. The choice is remembered for the next visit and, signed in, on the
// account: the header's switch saves it once the page in that language has loaded.

export function LanguageLinks({ className }: { className?: string }) {
  const { pathname, search, hash } = useLocation();
  const current = useLanguage();
  const page = withoutLanguage(pathname, languageCodes);
  return (
    <ul className={className ?? styles.list}>
      {languages.map((language) => (
        <li key={language.code}>
          <a
            href={localizePath(page, language.code) + search + hash}
            hrefLang={language.code}
            lang={language.code}
            aria-current={language.code === current ? "true" : undefined}
            onClick={() => rememberLanguage(language.code)}
          >
            {language.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * For a list of language links whose own handlers are not attached (the footer, served and not hydrated,
 * src/web/ui/StaticPart.tsx): remembers the language of the link clicked, as the link's handler would.
 */
export function rememberLanguageOfLink(event: MouseEvent<HTMLElement>): void {
  const link = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
  const code = link?.getAttribute("hreflang");
  if (code && event.currentTarget.contains(link)) rememberLanguage(code);
}

/** The header's switch: a disclosure showing the page's language, opening the list of languages. */
export function LanguageSwitch() {
  const t = useT();
  const current = useLanguage();
  const name = languages.find((language) => language.code === current)?.name ?? current;
  useEffect(() => void saveChosenLanguage(), []);
  return (
    <details className={styles.switch}>
      <summary className={styles.summary}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className={styles.icon}>
          <path
            fill="currentColor"
            d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.3-3.9A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8 8 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3c.3 1.4.8 2.7 1.3 3.9A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.3-3.9C8.9 5.3 8.4 6.6 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.9c.5-1.2 1-2.5 1.3-3.9h3a8 8 0 0 1-4.3 3.9Zm1.7-5.9a16.5 16.5 0 0 0 0-4h3.4a8 8 0 0 1 0 4h-3.4Z"
          />
        </svg>
        <span className="visually-hidden">{t("common.language")}: </span>
        <span lang={current} className={styles.currentName}>
          {name}
        </span>
      </summary>
      <nav aria-label={t("common.language")} className={styles.menu}>
        <LanguageLinks />
      </nav>
    </details>
  );
}
