import { formatAsOf } from "../../domain/format";
import { describeSource } from "../../domain/source-titles";
import { ExternalLink } from "./ExternalLink";
import styles from "./SourceList.module.css";

/**
 * A record's sources, each a link named by its title (when the address carries one) and publisher, and
 * the date the record was checked against them (`as_of`).
 */
export function SourceList({ sources, asOf }: { sources: readonly string[]; asOf?: string }) {
  return (
    <>
      {sources.length > 0 ? (
        <ol className={styles.sources}>
          {sources.map((source) => {
            const { title, publisher } = describeSource(source);
            return (
              <li key={source}>
                <ExternalLink href={source}>{title ? `${title} (${publisher})` : publisher}</ExternalLink>
                {asOf ? <span className={styles.checked}> Checked {formatAsOf(asOf)}.</span> : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className={styles.none}>Not available</p>
      )}
    </>
  );
}
