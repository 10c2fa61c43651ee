import { useQuery } from "@tanstack/react-query";
import { Link, useT } from "../../i18n";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import { useSessionUser } from "../../lib/session";
import type { RecordField } from "./datadesk-api";
import { RecordForm } from "./RecordForm";
import styles from "./DataDesk.module.css";

/**
 * A school's fields as the edit form renders them, with no values: from the one description of the fields
 * (src/domain/datadesk/fields.ts), imported on this page only since it carries the rules' library. The
 * contract gives a record's fields only with a record (GET /records/:kind/:id).
 */
async function newSchoolFields(): Promise<RecordField[]> {
  const { editablePaths, fieldAt, translationOf } = await import("../../../domain/datadesk/fields");
  return editablePaths("school").flatMap((path) => {
    const field = fieldAt("school", path);
    if (!field) return [];
    return [
      {
        path,
        type: field.type,
        label: field.label,
        language: translationOf("school", path)?.language ?? null,
        value: null,
        options: field.options ? [...field.options] : null,
        maxLength: field.maxLength ?? null,
        maxItems: field.maxItems ?? null,
        column: field.column,
        filters: field.filters,
        requiredOnAdd: field.requiredOnAdd ?? false,
      },
    ];
  });
}

/** `/dashboard/data/new-school`: the form of a school with no values; sent, it is a proposed addition. */
export function NewSchoolPage() {
  const t = useT();
  const user = useSessionUser();
  const fields = useQuery({
    queryKey: ["datadesk.newSchoolFields"],
    queryFn: newSchoolFields,
    staleTime: Infinity,
  });
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
