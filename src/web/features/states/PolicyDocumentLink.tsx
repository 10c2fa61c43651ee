import { ExternalLink } from "../../ui/ExternalLink";
import styles from "./StateOverview.module.css";

/** The policy download when a document url exists; an honest note otherwise, never a broken link. */
export function PolicyDocumentLink({
  url,
  label = "download disability policy",
}: {
  url: string;
  label?: string;
}) {
  if (!url) return <p className={styles.muted}>Policy document not available</p>;
  return (
    <ExternalLink href={url} className="button">
      {label}
    </ExternalLink>
  );
}

/**
 * The federal Act's full text. The only copy found is DREDF's unofficial one (country-ng.json's
 * `policy.urlNote`), so the link says it is unofficial and whose copy it is, never "download the policy".
 */
export function NationalActLink({ url, note }: { url: string; note?: string }) {
  if (!url) return <p className={styles.muted}>Policy document not available</p>;
  if (!note) return <PolicyDocumentLink url={url} />;
  return (
    <div className={styles.unofficial}>
      <ExternalLink href={url} className="button button--secondary">
        Read the Act (unofficial copy, DREDF)
      </ExternalLink>
      <p className={styles.muted}>
        Unofficial full text published by the Disability Rights Education &amp; Defense Fund (DREDF), which
        makes no claim to its accuracy. No official government copy was found.
      </p>
    </div>
  );
}
