import { formatAsOf } from "../../domain/format";
import type { DescribedSource } from "../../domain/source-titles";
import { ExternalLink } from "./ExternalLink";
import styles from "./SourceList.module.css";

/**
 * A record's sources, each a link named by its title (when the address carries one) and publisher, and
 * the date the record was checked against them (`as_of`). Titles are worked out at build time
 * (`describeSources` in a loader), so the publishers' names never ship as JavaScript.
 */
export function SourceList({ sources, asOf }: { sources: readonly DescribedSource[]; asOf?: string }) {
  if (sources.length === 0) return <p className={styles.none}>Not available</p>;
  return (
    <ol className={styles.sources}>
      {sources.map(({ url, title, publisher }) => (
        <li key={url}>
          <ExternalLink href={url}>{title ? `${title} (${publisher})` : publisher}</ExternalLink>
          {asOf ? <span className={styles.checked}> Checked {formatAsOf(asOf)}.</span> : null}
        </li>
      ))}
    </ol>
  );
}
