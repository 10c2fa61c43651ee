import { useId } from "react";
import { Link, useT } from "../../i18n";
import { documentSizeText } from "../../../domain/datadesk/documents";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import { useSessionUser } from "../../lib/session";
import { useApiQuery } from "../../lib/use-api";
import { ListPage } from "../../ui/ListPage";
import { documentQueries, type DocumentView } from "./documents-api";
import { DocumentUploadForm } from "./DocumentUploadForm";
import styles from "./DataDesk.module.css";

/**
 * `/dashboard/data/documents`: the uploaded documents (title, publisher, date, size, a link to the public
 * address) below the upload form, in the list page's shell. Editors and admins only.
 */
export function DocumentsPage() {
  const t = useT();
  const user = useSessionUser();
  const allowed = user !== null && can(user.role, "data:propose");
  const formId = useId().replace(/:/g, "");
  const documents = useApiQuery({ ...documentQueries.list(), enabled: allowed });
  return (
    <ListPage
      className={styles.page}
      title={t("datadesk.documents.title")}
      query={documents}
      allowed={allowed}
      words={{
        loading: t("datadesk.documents.loading"),
        retry: t("datadesk.retry"),
        denied: t("datadesk.denied"),
      }}
      intro={
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
          <h2>{t("datadesk.documents.listTitle")}</h2>
        </>
      }
      summary={(list) => t("datadesk.documents.count", { count: list.length })}
    >
      {(list) =>
        list.length > 0 ? (
          <ul className={styles.documents}>
            {list.map((document) => (
              <DocumentLine key={document.id} document={document} />
            ))}
          </ul>
        ) : null
      }
    </ListPage>
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
