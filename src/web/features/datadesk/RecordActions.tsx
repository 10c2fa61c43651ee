import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { useFailureText, useT } from "../../i18n";
import type { EditableKind } from "../../../domain/datadesk/fields";
import { useApiMutation } from "../../lib/use-api";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, type FormProblem } from "../../ui/form/form-problem";
import formStyles from "../../ui/form/form.module.css";
import { deskQueries, fetchRecords, proposeChange, type RecordSummary } from "./datadesk-api";
import { useDeskText } from "./desk-text";
import { formProblemOf, mayRetry, problemsOf } from "./proposal";
import { missingSourceOrNote, SourceAndNote, sourceOfChange, type SourceAndNoteValue } from "./SourceAndNote";
import { sourceDetailErrors, sourceDetailInputId } from "./source-details";
import styles from "./DataDesk.module.css";

type Action = "checked" | "close" | "reopen" | "merge";

/**
 * The changes that touch no field: "Checked, nothing changed" (the record's check date moves on
 * publication), and for a school "Close this school" or "Reopen", and "Merge into…" another school (the
 * duplicate's address then leads to it). Each opens a small form with the source and the note it needs
 * (and, to merge, a search for the school to keep); sent, it is a proposed change like any other.
 */
export function RecordActions({ record }: { record: RecordSummary }) {
  const t = useT();
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState("");
  const opener = useRef<HTMLButtonElement | null>(null);
  const actions: Action[] = [
    "checked",
    ...(record.kind === "school" && record.status === "open" ? (["close", "merge"] as const) : []),
    ...(record.kind === "school" && record.status === "closed" ? (["reopen"] as const) : []),
  ];
  return (
    <section aria-labelledby="datadesk-actions" className={styles.panel}>
      <h2 id="datadesk-actions">{t("datadesk.actions.title")}</h2>
      <p className={styles.actions}>
        {actions.map((option) => (
          <button
            key={option}
            type="button"
            className="button button--secondary"
            aria-expanded={action === option}
            onClick={(event) => {
              opener.current = event.currentTarget;
              setNotice("");
              setAction(action === option ? null : option);
            }}
          >
            {t(`datadesk.actions.${option}`)}
          </button>
        ))}
      </p>
      <p role="status">{notice}</p>
      {action ? (
        <ActionForm
          key={action}
          action={action}
          record={record}
          onCancel={() => {
            setAction(null);
            opener.current?.focus();
          }}
          onSent={() => {
            setAction(null);
            setNotice(t("datadesk.message.proposed"));
            opener.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}

function ActionForm({
  action,
  record,
  onCancel,
  onSent,
}: {
  action: Action;
  record: RecordSummary;
  onCancel: () => void;
  onSent: () => void;
}) {
  const t = useT();
  const text = useDeskText();
  const failureText = useFailureText("datadesk");
  const formId = useId().replace(/:/g, "");
  const queryClient = useQueryClient();
  const [source, setSource] = useState<SourceAndNoteValue>({ sourceUrl: "", note: "" });
  const [mergeInto, setMergeInto] = useState("");
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const sourceId = `${formId}-source`;
  const noteId = `${formId}-note`;
  const mergeId = `${formId}-merge`;

  useLayoutEffect(() => heading.current?.focus(), []);

  const send = useApiMutation({
    mutationFn: () =>
      proposeChange({
        kind: record.kind as EditableKind,
        recordId: record.id,
        changeKind: action,
        ...sourceOfChange(source),
        note: source.note,
        ...(action === "merge" ? { mergeInto } : {}),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deskQueries.allRecordViews });
      void queryClient.invalidateQueries({ queryKey: deskQueries.allChanges });
      onSent();
    },
    onError: (error) => {
      const problems = problemsOf(error);
      setProblem(
        problems.length > 0
          ? formProblemOf(
              problems,
              (found) =>
                found.field === "sourceUrl" || found.field === "sourceDocumentId"
                  ? sourceId
                  : found.field === "note"
                    ? noteId
                    : found.field === "mergeInto"
                      ? mergeId
                      : sourceDetailInputId(formId, found.field),
              (found) => text.problemText(found),
              t("datadesk.message.problems"),
            )
          : { message: mayRetry(error) ? t("datadesk.form.notSent") : failureText(error), fields: [] },
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingSourceOrNote(source);
    const fields: FormProblem["fields"] = [];
    if (action === "merge" && mergeInto === "") {
      fields.push({ fieldId: mergeId, message: t("datadesk.problem.mergeIntoMissing") });
    }
    if (missing.sourceUrl) fields.push({ fieldId: sourceId, message: t("datadesk.problem.sourceMissing") });
    if (missing.note) fields.push({ fieldId: noteId, message: t("datadesk.problem.noteMissing") });
    if (fields.length > 0) {
      setProblem({ fields });
      return;
    }
    setProblem(null);
    send.mutate();
  };

  const failedToSend = send.error && problemsOf(send.error).length === 0 && mayRetry(send.error);
  return (
    <form noValidate onSubmit={submit} className={styles.form} aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`} ref={heading} tabIndex={-1} className={styles.cardTitle}>
        {t(`datadesk.actions.${action}Title`, { name: record.name })}
      </h3>
      {problem ? <ErrorSummary problem={problem} /> : null}
      {action === "merge" ? (
        <MergeTarget
          id={mergeId}
          record={record}
          value={mergeInto}
          onChange={setMergeInto}
          error={fieldError(problem, mergeId)}
        />
      ) : null}
      <SourceAndNote
        idPrefix={formId}
        value={source}
        onChange={setSource}
        errors={{
          sourceUrl: fieldError(problem, sourceId),
          note: fieldError(problem, noteId),
          ...sourceDetailErrors(problem, formId),
        }}
      />
      <p className={styles.actions}>
        <button type="submit" className="button" disabled={send.isPending}>
          {failedToSend ? t("datadesk.form.retry") : t("datadesk.form.send")}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t("datadesk.cancel")}
        </button>
      </p>
    </form>
  );
}

/** A search among the open schools, and the one to keep chosen with a radio button. */
function MergeTarget({
  id,
  record,
  value,
  onChange,
  error,
}: {
  id: string;
  record: RecordSummary;
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const t = useT();
  const [typed, setTyped] = useState("");
  const [found, setFound] = useState<RecordSummary[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);

  const search = async () => {
    setSearching(true);
    setFailed(false);
    try {
      const answer = await fetchRecords({ kind: "school", q: typed.trim(), limit: 20 });
      setFound(answer.records.filter((school) => school.id !== record.id && school.status === "open"));
    } catch {
      setFailed(true);
    } finally {
      setSearching(false);
    }
  };

  return (
    <fieldset className={error ? `${styles.fieldset} ${formStyles.fieldInError}` : styles.fieldset}>
      <legend className={styles.legend}>{t("datadesk.merge.legend")}</legend>
      {error ? (
        <p id={`${id}-error`} className={formStyles.error}>
          <span className="visually-hidden">{t("common.fieldErrorPrefix")} </span>
          {error}
        </p>
      ) : null}
      <div className={styles.search}>
        <div className={formStyles.field}>
          <label htmlFor={id} className={formStyles.label}>
            {t("datadesk.merge.search")}
          </label>
          <input
            id={id}
            type="search"
            className={formStyles.input}
            value={typed}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                void search();
              }
            }}
          />
        </div>
        <button type="button" className="button button--secondary" onClick={() => void search()}>
          {t("datadesk.search.button")}
        </button>
      </div>
      <p role="status">
        {searching
          ? t("datadesk.search.loading")
          : failed
            ? t("datadesk.merge.failed")
            : found
              ? t("datadesk.merge.found", { count: found.length })
              : ""}
      </p>
      {found && found.length > 0 ? (
        <ul className={styles.checkboxes}>
          {found.map((school) => (
            <li key={school.id}>
              <label className={styles.checkbox}>
                <input
                  type="radio"
                  name={`${id}-school`}
                  value={school.id}
                  checked={value === school.id}
                  onChange={() => onChange(school.id)}
                />
                {school.name}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
