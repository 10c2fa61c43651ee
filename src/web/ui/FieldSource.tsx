import type { ShownFieldSource } from "../../domain/field-sources";
import { useLanguage, useT } from "../i18n/language-context";
import { ExternalLink } from "./ExternalLink";
import styles from "./FieldSource.module.css";

/**
 * "Source: Punch (punchng.com article)" under a fact, when the latest change to it gave a source of its own
 * (a change may give one per field). A web address opens in a new tab and says so; an uploaded document is a link of this site.
 */
export function FieldSource({ source }: { source: ShownFieldSource | null | undefined }) {
  const t = useT();
  const language = useLanguage();
  if (!source) return null;
  const { text, href } = source;
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
    </span>
  );
}
