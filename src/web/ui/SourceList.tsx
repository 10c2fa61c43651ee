import { formatAsOf } from "../../domain/format";
import type { DescribedSource } from "../../domain/source-titles";
import { useT } from "../i18n/language-context";
import { ExternalLink } from "./ExternalLink";
import styles from "./SourceList.module.css";

/**
 * A record's sources, each a link named by its title (when the address carries one) and publisher, and
 * the date the record was checked against them (`as_of`). Titles are worked out at build time
 * (`describeSources` in a loader), so the publishers' names never ship as JavaScript.
 */
export function SourceList({ sources, asOf }: { sources: readonly DescribedSource[]; asOf?: string }) {
  const t = useT();
  if (sources.length === 0) return <p className={styles.none}>{t("common.notAvailable")}</p>;
  return (
    <ol className={styles.sources}>
      {sources.map(({ url, title, publisher }) => (
        <li key={url}>
          <ExternalLink href={url}>{title ? `${title} (${publisher})` : publisher}</ExternalLink>
          {asOf ? (
            <span className={styles.checked}> {t("common.sourceChecked", { date: formatAsOf(asOf) })}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
