import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { Link, useFailureText, useT } from "../../i18n";
import type { EditableKind } from "../../../domain/datadesk/fields";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import { useSessionUser } from "../../lib/session";
import { useApiQuery } from "../../lib/use-api";
import { deskQueries, type RecordAnswer } from "./datadesk-api";
import { ChangeCard } from "./ChangeCard";
import { needsCheck } from "./field-values";
import { FromCorrection, isAbout, sourceFromCorrection, useStartedFromCorrection } from "./FromCorrection";
import { RecordActions } from "./RecordActions";
import { RecordForm } from "./RecordForm";
import styles from "./DataDesk.module.css";

const checkedDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/**
 * `/dashboard/data/:kind/:id`: one record. Its name, status and last check (flagged after 12 months), a
 * link to its public page, the changes proposed to it (each with Publish, Reject or Withdraw), its edit form
 * and the changes that touch no field (checked, close, reopen, merge).
 */
export function RecordPage() {
  const t = useT();
  const user = useSessionUser();
  const { kind = "", id = "" } = useParams();
  if (!user || !can(user.role, "data:propose")) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t("datadesk.title")}</h1>
        <p>{t("datadesk.denied")}</p>
      </div>
    );
  }
  return <Record kind={kind} id={id} />;
}

function Record({ kind, id }: { kind: string; id: string }) {
  const t = useT();
  const problemText = useFailureText("datadesk");
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState("");
  const record = useApiQuery({
    ...deskQueries.record(kind, id),
  });
  const answer: RecordAnswer | undefined = record.data;
  const started = useStartedFromCorrection();

  if (!answer) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t("datadesk.title")}</h1>
        <p role="status">{record.isFetching ? t("datadesk.record.loading") : ""}</p>
        {record.failure && !record.isFetching ? (
          <div role="alert" className={styles.failed}>
            <p>{problemText(record.failure)}</p>
            <button type="button" className="button" onClick={() => void record.refetch()}>
              {t("datadesk.retry")}
            </button>
          </div>
        ) : null}
        <p>
          <Link to={paths.dataDesk()}>{t("datadesk.changes.backToDesk")}</Link>
        </p>
      </div>
    );
  }

  const { record: summary, changes } = answer;
  const publicPath =
    summary.kind === "state"
      ? paths.state(Number(summary.id))
      : summary.kind === "school"
        ? paths.school(Number(summary.id))
        : summary.kind === "country"
          ? paths.home()
          : paths.estimates();
  const stale = needsCheck(summary.checkedAt, new Date());
  const correction =
    started.correction && isAbout(started.correction, summary.kind, summary.id) ? started.correction : null;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{summary.name || summary.id}</h1>
      <p>
        <Link to={paths.dataDesk()}>{t("datadesk.changes.backToDesk")}</Link>
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t("datadesk.record.kind")}</dt>
          <dd>{t(`datadesk.kind.${summary.kind}One`)}</dd>
        </div>
        <div>
          <dt>{t("datadesk.record.status")}</dt>
          <dd>{t(`datadesk.status.${summary.status}`)}</dd>
        </div>
        <div>
          <dt>{t("datadesk.record.checked")}</dt>
          <dd>
            {checkedDate.format(new Date(summary.checkedAt))}
            {stale ? <span className={styles.flag}>{t("datadesk.record.stale")}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t("datadesk.record.publicPage")}</dt>
          <dd>
            <Link to={publicPath}>{t("datadesk.record.publicLink", { name: summary.name })}</Link>
          </dd>
        </div>
      </dl>
      <section aria-labelledby="datadesk-proposed" className={styles.panel}>
        <h2 id="datadesk-proposed">{t("datadesk.record.proposed", { count: changes.length })}</h2>
        <p role="status">{notice}</p>
        {changes.length === 0 ? <p>{t("datadesk.record.noneProposed")}</p> : null}
        <ol className={styles.list}>
          {changes.map((change) => (
            <li key={change.id}>
              <ChangeCard change={change} onDecided={setNotice} />
            </li>
          ))}
        </ol>
      </section>
      <FromCorrection started={started} kind={summary.kind} id={summary.id} />
      {/* From a correction, the form waits for it: it starts with the correction's source and note. */}
      {started.settled ? (
        <RecordForm
          key={`${summary.kind}-${summary.id}-${summary.version}-${correction?.id ?? ""}`}
          kind={summary.kind as EditableKind}
          recordId={summary.id}
          fields={summary.fields}
          proposed={changes}
          onSent={() =>
            void queryClient.invalidateQueries({ queryKey: deskQueries.record(kind, id).queryKey })
          }
          {...(correction
            ? {
                correctionId: correction.id,
                initialSource: sourceFromCorrection(correction, (values) =>
                  t("datadesk.fromCorrection.note", values),
                ),
              }
            : {})}
        />
      ) : null}
      <RecordActions record={summary} />
    </div>
  );
}
