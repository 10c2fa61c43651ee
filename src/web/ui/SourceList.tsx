import { sourceName, type DescribedSource } from "../../domain/source-titles";
import { useEnglishContentLang, useT } from "../i18n/language-context";
import { ExternalLink } from "./ExternalLink";
import styles from "./SourceList.module.css";

/**
 * A record's sources, each a link named by its title and publisher, then the day it was read. The words
 * are made by the loader on the server (`sourcesToShow`), so the publishers' names and the dates' formats
 * never ship as JavaScript. An uploaded document's address is this site's own, opened in place.
 */
export function SourceList({ sources }: { sources: readonly DescribedSource[] }) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  if (sources.length === 0) return <p className={styles.none}>{t("common.notAvailable")}</p>;
  return (
    <ol className={styles.sources}>
      {sources.map(({ url, title, publisher, read }) => {
        // A title and a publisher are the source's own words (English): a screen reader reads them so.
        const words = <span lang={contentLang}>{sourceName(title, publisher) ?? url}</span>;
        return (
          <li key={url}>
            {url.startsWith("/") ? (
              <a href={url}>{words}</a>
            ) : (
              <ExternalLink href={url}>{words}</ExternalLink>
            )}
            {read ? <span className={styles.checked}> {t("common.sourceRead", { date: read })}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
