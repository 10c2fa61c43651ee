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
