import { useT } from "../../i18n";
import { ExternalLink } from "../../ui/ExternalLink";
import styles from "./StateOverview.module.css";

/** The policy download when a document url exists; an honest note otherwise, never a broken link. */
export function PolicyDocumentLink({ url, label }: { url: string; label?: string }) {
  const t = useT();
  if (!url) return <p className={styles.muted}>{t("states.document.notAvailable")}</p>;
  return (
    <ExternalLink href={url} className="button">
      {label ?? t("states.document.download")}
    </ExternalLink>
  );
}

/**
 * The federal Act's full text. The only copy found is DREDF's unofficial one (country-ng.json's
 * `policy.urlNote`), so the link says it is unofficial and whose copy it is, never "download the policy".
 */
export function NationalActLink({ url, note }: { url: string; note?: string }) {
  const t = useT();
  if (!url) return <p className={styles.muted}>{t("states.document.notAvailable")}</p>;
  if (!note) return <PolicyDocumentLink url={url} />;
  return (
    <div className={styles.unofficial}>
      <ExternalLink href={url} className="button button--secondary">
        {t("states.document.readAct")}
      </ExternalLink>
      <p className={styles.muted}>{t("states.document.actNote")}</p>
    </div>
  );
}
