import type { ShownFieldSource } from "../../domain/field-sources";
import { useT } from "../i18n/language-context";
import { ExternalLink } from "./ExternalLink";
import styles from "./FieldSource.module.css";

/**
 * "Source: Punch (punchng.com article)" under a fact, when the latest change to it gave a source of its own
 * (issue 28). A web address opens in a new tab and says so; an uploaded document is a link of this site.
 */
export function FieldSource({ source }: { source: ShownFieldSource | null | undefined }) {
  const t = useT();
  if (!source) return null;
  const { text, href } = source;
  return (
    <span className={styles.source}>
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
