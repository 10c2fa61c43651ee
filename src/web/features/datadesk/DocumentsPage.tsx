import { useId } from "react";
import { Link, useFailureText, useT } from "../../i18n";
import { documentSizeText } from "../../../domain/datadesk/documents";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import { useSessionUser } from "../../lib/session";
import { type DocumentView, useDocuments } from "./documents-api";
import { DocumentUploadForm } from "./DocumentUploadForm";
import styles from "./DataDesk.module.css";

/**
 * `/dashboard/data/documents`: the uploaded documents (title, publisher, date, size, a link to the public
 * address) and the upload form. Editors and admins only.
 */
export function DocumentsPage() {
  const t = useT();
  const user = useSessionUser();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t("datadesk.documents.title")}</h1>
      {user && can(user.role, "data:propose") ? <Documents /> : <p>{t("datadesk.denied")}</p>}
    </div>
  );
}

function Documents() {
  const t = useT();
  const formId = useId().replace(/:/g, "");
  const problemText = useFailureText("datadesk");
  const documents = useDocuments();
  const list = documents.data;
  return (
    <>
      <p className={styles.intro}>{t("datadesk.documents.intro")}</p>
      <p>
        <Link to={paths.dataDesk()}>{t("datadesk.documents.backToDesk")}</Link>
      </p>
      <DocumentUploadForm
        idPrefix={`${formId}-upload`}
        as="form"
        heading={t("datadesk.documents.uploadTitle")}
      />
      <section aria-labelledby={`${formId}-list`}>
        <h2 id={`${formId}-list`}>{t("datadesk.documents.listTitle")}</h2>
        <p role="status">
          {documents.isFetching && !list
            ? t("datadesk.documents.loading")
            : list
              ? t("datadesk.documents.count", { count: list.length })
              : ""}
        </p>
        {documents.failure && !list ? (
          <div role="alert" className={styles.failed}>
            <p>{problemText(documents.failure)}</p>
            <button type="button" className="button" onClick={() => void documents.refetch()}>
              {t("datadesk.retry")}
            </button>
          </div>
        ) : null}
        {list && list.length > 0 ? (
          <ul className={styles.documents}>
            {list.map((document) => (
              <DocumentLine key={document.id} document={document} />
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}

function DocumentLine({ document }: { document: DocumentView }) {
  const t = useT();
  return (
    <li>
      <a href={document.address} className={styles.breakable}>
        {document.title}
      </a>
      <span className={styles.documentFacts}>
        {[
          document.publisher,
          document.publishedOn ?? t("datadesk.documents.noDate"),
          t("datadesk.documents.size", { size: documentSizeText(document.bytes) }),
        ].join(" · ")}
      </span>
    </li>
  );
}
