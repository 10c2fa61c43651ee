import type { ShownFieldSource } from "../../domain/field-sources";
import { useEnglishContentLang, useLanguage, useT } from "../i18n/language-context";
import { ExternalLink } from "./ExternalLink";
import styles from "./FieldSource.module.css";

/**
 * "Source: Special schools directory (Punch) Read 3 May 2026." under a fact: the source the latest change
 * to it gave (a change may give one per field), and the day it was read. A web address opens in a new tab and says so; an uploaded document is a link of this site.
 */
export function FieldSource({ source }: { source: ShownFieldSource | null | undefined }) {
  const t = useT();
  const language = useLanguage();
  const contentLang = useEnglishContentLang();
  if (!source) return null;
  const { href, read } = source;
  // The source's own words (its title and publisher) are English content, whatever the page's language.
  const text = <span lang={contentLang}>{source.text}</span>;
  // In the page's language, also inside a value marked as English content.
  return (
    <span className={styles.source} lang={language}>
      {`${t("common.fieldSource")} `}
      {href === null ? (
        text
      ) : href.startsWith("/") ? (
        <a href={href}>{text}</a>
      ) : (
        <ExternalLink href={href}>{text}</ExternalLink>
      )}
      {read ? ` ${t("common.sourceRead", { date: read })}` : null}
    </span>
  );
}
