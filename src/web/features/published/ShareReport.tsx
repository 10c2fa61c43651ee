import { useState } from "react";
import { useT } from "../../i18n";
import { ExternalLink } from "../../ui/ExternalLink";
import { useHydrated } from "../../ui/useHydrated";
import styles from "./ShareReport.module.css";

/** https://wa.me/?text=… with the title and the address, for phones and browsers without Web Share. */
export function whatsAppLink(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
}

type Copy = "idle" | "copied" | "refused";

/**
 * Share a verified report: the phone's own share sheet (Web Share API) where there is one; otherwise, or
 * when it fails for another reason than the visitor closing it, a WhatsApp link and a "Copy link" button.
 * Whether the link was copied is said in a polite status line; when the browser refuses, the address is
 * shown so it can be copied by hand.
 */
export function ShareReport({ title, url }: { title: string; url: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [shareFailed, setShareFailed] = useState(false);
  const [copy, setCopy] = useState<Copy>("idle");
  const canShare = hydrated && !shareFailed && typeof navigator.share === "function";

  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // The visitor closed the share sheet: nothing went wrong.
      if (error instanceof DOMException && error.name === "AbortError") return;
      setShareFailed(true);
    }
  };

  const copyLink = async () => {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(url);
      setCopy("copied");
    } catch {
      setCopy("refused");
    }
  };

  return (
    <section className={styles.share} aria-labelledby="share-report">
      <h2 id="share-report" className={styles.title}>
        {t("published.share.title")}
      </h2>
      {canShare ? (
        <button type="button" className="button" onClick={share}>
          {t("published.share.share")}
        </button>
      ) : (
        <div className={styles.actions}>
          <ExternalLink href={whatsAppLink(title, url)} className="button">
            {t("published.share.whatsApp")}
          </ExternalLink>
          <button type="button" className="button button--secondary" onClick={copyLink}>
            {t("published.share.copy")}
          </button>
        </div>
      )}
      <p role="status" className={styles.status}>
        {copy === "copied"
          ? t("published.share.copied")
          : copy === "refused"
            ? t("published.share.copyRefused")
            : null}
      </p>
      {copy === "refused" ? (
        <p className={styles.address}>
          <a href={url}>{url}</a>
        </p>
      ) : null}
    </section>
  );
}
