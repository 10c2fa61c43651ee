import {
  documentLink,
  type DocumentLinkSource,
  type DocumentPurpose,
} from "../../../domain/datadesk/documents";
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

/** An uploaded PDF, from this site: "Download the law (PDF, 1.2 MB)" (needs the `documents` namespace). */
export function UploadedDocumentLink({
  document,
  purpose,
}: {
  document: DocumentLinkSource;
  purpose: DocumentPurpose;
}) {
  const t = useT();
  const link = documentLink(document, purpose, t);
  return (
    <p>
      <a href={link.href} className="button" download>
        {link.label}
      </a>
    </p>
  );
}

/**
 * The federal Act's full text: the PDF the editors uploaded as the national policy's, when they set one.
 * Otherwise the only copy found is DREDF's unofficial one (country-ng.json's `policy.urlNote`), so the link says it is unofficial and whose copy it is, never "download the policy".
 */
export function NationalActLink({
  url,
  note,
  document = null,
}: {
  url: string;
  note?: string;
  document?: DocumentLinkSource | null;
}) {
  const t = useT();
  if (document) return <UploadedDocumentLink document={document} purpose="policy" />;
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
