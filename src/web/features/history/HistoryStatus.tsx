import { useRevalidator } from "react-router";
import { paths } from "../../../domain/routes";
import { Link, NamespacesLoadFailed, useNamespaces, useT } from "../../i18n";
import { Spinner } from "../../ui/Spinner";
import styles from "./HistoryPage.module.css";

// The history pages' states besides their list: loading (a polite status), not found, and a failure with
// "Try again" (an alert). They render outside the route's loader, so they ask for their messages themselves.

const namespaces = ["history"];

export function HistoryLoading() {
  const t = useT();
  const messages = useNamespaces(namespaces);
  return (
    <div className={`container ${styles.page}`}>
      {messages === "failed" ? (
        <NamespacesLoadFailed />
      ) : (
        <Spinner label={messages === "ready" ? t("history.loading") : undefined} />
      )}
    </div>
  );
}

export function HistoryLoadFailed({ notFound }: { notFound: boolean }) {
  const t = useT();
  const messages = useNamespaces(namespaces, { turnsPage: true });
  const revalidator = useRevalidator();
  if (messages === "loading") return <Spinner />;
  if (messages === "failed") return <NamespacesLoadFailed />;
  const title = t(notFound ? "history.notFound.title" : "history.failed.title");
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>{title}</h1>
      {notFound ? (
        <p>{t("history.notFound.text")}</p>
      ) : (
        <div role="alert">
          <p>{t("history.failed.text")}</p>
          <button
            type="button"
            className="button"
            onClick={() => void revalidator.revalidate()}
            disabled={revalidator.state === "loading"}
          >
            {t("history.failed.retry")}
          </button>
        </div>
      )}
      <p>
        <Link to={paths.changes()}>{t("history.record.allChanges")}</Link>
      </p>
    </div>
  );
}
