import { useQuery } from "@tanstack/react-query";
import { Link, useT } from "../../i18n";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import { useSessionUser } from "../../lib/session";
import { deskQueries } from "./datadesk-api";
import { RecordForm } from "./RecordForm";
import styles from "./DataDesk.module.css";

/** `/dashboard/data/new-school`: the form of a school with no values; sent, it is a proposed addition. */
export function NewSchoolPage() {
  const t = useT();
  const user = useSessionUser();
  const fields = useQuery(deskQueries.newSchoolFields());
  const allowed = user && can(user.role, "data:propose");
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t("datadesk.addSchool")}</h1>
      <p>
        <Link to={paths.dataDesk()}>{t("datadesk.changes.backToDesk")}</Link>
      </p>
      {!allowed ? (
        <p>{t("datadesk.denied")}</p>
      ) : fields.data ? (
        <RecordForm kind="school" recordId={null} fields={fields.data} />
      ) : (
        <p role="status">{t("datadesk.record.loading")}</p>
      )}
    </div>
  );
}
