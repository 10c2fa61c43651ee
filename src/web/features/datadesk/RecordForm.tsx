import { sourceName } from "../../../domain/source-titles";
import { type FormEvent, Fragment, useId, useLayoutEffect, useRef, useState } from "react";
import { Link, useFailureText, useT } from "../../i18n";
import type { EditableKind } from "../../../domain/datadesk/fields";
import { paths } from "../../../domain/routes";
import { useApiMutation } from "../../lib/use-api";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, type FormProblem } from "../../ui/form/form-problem";
import { SpinnerIcon } from "../../ui/Spinner";
import { type DataChange, proposeChange, type RecordField } from "./datadesk-api";
import { useDeskText } from "./desk-text";
import {
  basePath,
  draftsOf,
  editsOf,
  isSendable,
  pathId,
  proposalOf,
  type Draft,
  type Drafts,
} from "./field-values";
import { FieldInput } from "./FieldInput";
import { formProblemOf, mayRetry, problemPath, problemsOf } from "./proposal";
import { useDocumentTitles } from "./DocumentSelect";
import { missingSourceOrNote, SourceAndNote, sourceOfChange, type SourceAndNoteValue } from "./SourceAndNote";
import { sourceDetailErrors, sourceDetailInputId } from "./source-details";
import styles from "./DataDesk.module.css";

export interface RecordFormProps {
  kind: EditableKind;
  /** The record changed; null to add a school. */
  recordId: string | null;
  fields: readonly RecordField[];
  /** Called once a change was sent (the page may refresh the record's list of proposed changes). */
  onSent?: (change: DataChange) => void;
  /** The source and note the form starts with (a visitor's correction's). */
  initialSource?: SourceAndNoteValue;
  /** The visitor's correction the change comes from, sent with it. */
  correctionId?: string;
  /** The record's proposed changes: a translation one of them changes is marked Draft in the form. */
  proposed?: readonly DataChange[];
}

type Step = "edit" | "review" | "sent";

/**
 * The edit form of a record, rendered from the fields the API describes. Three steps: edit (each field, then
 * the source and the note), review (each changed field as "old → new", with Back and Send) and sent (a
 * proposed change waiting for another editor). What is typed is kept through every failure: the server's
 * problems come back to the edit step, beside each field and summarised at the top (focus on the
 * summary); a request that got no answer stays on the review step with Retry.
 */
export function RecordForm({
  kind,
  recordId,
  fields,
  onSent,
  initialSource,
  correctionId,
  proposed = [],
}: RecordFormProps) {
  const t = useT();
  const text = useDeskText();
  const failureText = useFailureText("datadesk");
  const formId = useId().replace(/:/g, "");
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(fields));
  const [source, setSource] = useState<SourceAndNoteValue>(
    () => initialSource ?? { sourceUrl: "", note: "" },
  );
  const [step, setStep] = useState<Step>("edit");
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [sent, setSent] = useState<DataChange | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const focusStep = useRef(false);
  const documentTitle = useDocumentTitles();
  // "old → new" of a document field reads the documents' titles, not their ids.
  const fromTo = (path: string, from: unknown, to: unknown) =>
    fields.find((field) => field.path === path)?.type === "document"
      ? text.fromTo(kind, path, documentTitle(from), documentTitle(to))
      : text.fromTo(kind, path, from, to);

  const inputId = (path: string) => `${formId}-${pathId(path)}`;
  const sourceId = `${formId}-source`;
  const noteId = `${formId}-note`;
  const edits = editsOf(fields, drafts);
  const changeKind = recordId === null ? "add" : "edit";

  useLayoutEffect(() => {
    if (!focusStep.current) return;
    focusStep.current = false;
    stepHeading.current?.focus();
  }, [step]);

  const goTo = (next: Step) => {
    focusStep.current = true;
    setStep(next);
  };

  const send = useApiMutation({
    mutationFn: () =>
      proposeChange(
        proposalOf(kind, edits.filter(isSendable), {
          recordId,
          changeKind,
          ...sourceOfChange(source),
          note: source.note,
          ...(correctionId ? { correctionId } : {}),
        }),
      ),
    onSuccess: (answer) => {
      setSent(answer.change);
      setProblem(null);
      goTo("sent");
      onSent?.(answer.change);
    },
    onError: (error) => {
      const problems = problemsOf(error);
      if (problems.length === 0) return; // shown on the review step, with Retry when it may help
      const fieldOf = (path: string | null) => fields.find((field) => field.path === path);
      setProblem(
        formProblemOf(
          problems,
          (found) => {
            const path = problemPath(found);
            if (path !== null) return fieldOf(path) ? inputId(path) : null;
            if (found.field === "sourceUrl") return sourceId;
            if (found.field === "sourceDocumentId") return `${sourceId}-document`;
            const detail = sourceDetailInputId(formId, found.field);
            if (detail) return detail;
            if (found.field === "note") return noteId;
            return null;
          },
          (found) => text.problemText(found),
          t("datadesk.message.problems"),
        ),
      );
      setStep("edit");
    },
  });

  const review = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingSourceOrNote(source);
    const found: FormProblem["fields"] = [];
    if (missing.sourceUrl) found.push({ fieldId: sourceId, message: t("datadesk.problem.sourceMissing") });
    if (missing.note) found.push({ fieldId: noteId, message: t("datadesk.problem.noteMissing") });
    for (const edit of edits.filter((candidate) => !isSendable(candidate))) {
      found.push({ fieldId: inputId(edit.field.path), message: t("datadesk.problem.number") });
    }
    if (edits.length === 0) {
      setProblem({ message: t("datadesk.form.nothingChanged"), fields: found });
      return;
    }
    if (found.length > 0) {
      setProblem({ fields: found });
      return;
    }
    setProblem(null);
    send.reset();
    goTo("review");
  };

  // The address as the review queue's card shows it: the words readers will see, then the day read.
  const addressText = (value: SourceAndNoteValue) => {
    const { sourceUrl, sourceTitle, sourcePublisher, sourceRead } = sourceOfChange(value);
    if (!sourceUrl) return "";
    const named = sourceTitle && sourcePublisher ? `${sourceName(sourceTitle, sourcePublisher)}, ` : "";
    const read = sourceRead ? ` ${t("common.sourceRead", { date: sourceRead })}` : "";
    return `${named}${sourceUrl}${read}`;
  };

  const setDraft = (path: string, draft: Draft) => setDrafts((current) => ({ ...current, [path]: draft }));

  if (step === "sent" && sent) {
    return (
      <section className={styles.panel} aria-labelledby={`${formId}-sent`}>
        <h2 id={`${formId}-sent`} ref={stepHeading} tabIndex={-1}>
          {t("datadesk.form.sentTitle")}
        </h2>
        <p role="status">{t("datadesk.message.proposed")}</p>
        <ul className={styles.edits}>
          {sent.fields.map((edit) => (
            <li key={edit.field}>{fromTo(edit.field, edit.from, edit.to)}</li>
          ))}
        </ul>
        <p className={styles.actions}>
          <Link to={paths.dataChanges()}>{t("datadesk.form.seeMyChanges")}</Link>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setDrafts(draftsOf(fields));
              setSource({ sourceUrl: "", note: "" });
              setSent(null);
              goTo("edit");
            }}
          >
            {t("datadesk.form.another")}
          </button>
        </p>
      </section>
    );
  }

  if (step === "review") {
    const failure = send.error;
    return (
      <section className={styles.panel} aria-labelledby={`${formId}-review`}>
        <h2 id={`${formId}-review`} ref={stepHeading} tabIndex={-1}>
          {t("datadesk.form.reviewTitle")}
        </h2>
        <p>{t("datadesk.form.reviewIntro", { count: edits.length })}</p>
        <ul className={styles.edits}>
          {edits.map((edit) => (
            <li key={edit.field.path}>{fromTo(edit.field.path, edit.from, edit.to)}</li>
          ))}
        </ul>
        <dl className={styles.facts}>
          <div>
            <dt>{t("datadesk.change.source")}</dt>
            <dd className={styles.breakable}>
              {[addressText(source), documentTitle(source.sourceDocumentId ?? "")]
                .filter((part) => typeof part === "string" && part !== "")
                .join(" · ")}
            </dd>
          </div>
          <div>
            <dt>{t("datadesk.change.note")}</dt>
            <dd className={styles.note}>{source.note}</dd>
          </div>
        </dl>
        {failure && problemsOf(failure).length === 0 ? (
          <div role="alert" className={styles.failed}>
            <p>{mayRetry(failure) ? t("datadesk.form.notSent") : failureText(failure)}</p>
          </div>
        ) : null}
        <p className={styles.actions}>
          <button type="button" className="button button--secondary" onClick={() => goTo("edit")}>
            {t("datadesk.form.back")}
          </button>
          <button type="button" className="button" disabled={send.isPending} onClick={() => send.mutate()}>
            {send.isPending ? <SpinnerIcon /> : null}
            {failure && mayRetry(failure) ? t("datadesk.form.retry") : t("datadesk.form.send")}
          </button>
        </p>
        <p role="status" className="visually-hidden">
          {send.isPending ? t("datadesk.form.sending") : ""}
        </p>
      </section>
    );
  }

  const groups = groupByLanguage(fields);
  // Translations waiting for review: drafts, never on the public pages until published.
  const drafted = new Set(proposed.flatMap((change) => change.fields.map((edit) => edit.field)));
  const draftBadge = <span className={styles.draftBadge}>{t("datadesk.draft")}</span>;
  return (
    <form noValidate onSubmit={review} className={styles.form} aria-labelledby={`${formId}-edit`}>
      <h2 id={`${formId}-edit`} ref={stepHeading} tabIndex={-1}>
        {recordId === null ? t("datadesk.form.addTitle") : t("datadesk.form.editTitle")}
      </h2>
      {problem ? <ErrorSummary problem={problem} /> : null}
      {groups.map(({ language, fields: shown }) => {
        const inputs = shown.map((field) => (
          <Fragment key={field.path}>
            {language !== null && drafted.has(field.path) ? (
              <p className={styles.draftNote}>
                {draftBadge} {text.fieldLabel(kind, field.path)}: {t("datadesk.form.draftWaiting")}
              </p>
            ) : null}
            <FieldInput
              kind={kind}
              field={field}
              id={inputId(field.path)}
              draft={drafts[field.path] ?? ""}
              onChange={(draft) => setDraft(field.path, draft)}
              error={fieldError(problem, inputId(field.path))}
              chosenState={stateOf(drafts)}
              english={
                language === null
                  ? undefined
                  : (fields.find((one) => one.path === basePath(field.path))?.value ?? "")
              }
            />
          </Fragment>
        ));
        return language === null ? (
          <fieldset key="fields" className={styles.fieldset}>
            <legend className={styles.legend}>{t("datadesk.form.fieldsLegend")}</legend>
            {inputs}
          </fieldset>
        ) : (
          <details
            key={language}
            className={styles.translations}
            open={shown.some((field) => fieldError(problem, inputId(field.path)))}
          >
            <summary>
              {t("datadesk.form.translationsIn", { language: t(`datadesk.language.${language}`) })}
              {shown.some((field) => drafted.has(field.path)) ? <> {draftBadge}</> : null}
            </summary>
            <fieldset className={styles.fieldset}>
              <legend className="visually-hidden">
                {t("datadesk.form.translationsIn", { language: t(`datadesk.language.${language}`) })}
              </legend>
              {inputs}
            </fieldset>
          </details>
        );
      })}
      <SourceAndNote
        idPrefix={formId}
        value={source}
        onChange={setSource}
        errors={{
          sourceUrl: fieldError(problem, sourceId),
          sourceDocumentId: fieldError(problem, `${sourceId}-document`),
          note: fieldError(problem, noteId),
          ...sourceDetailErrors(problem, formId),
        }}
      />
      <p className={styles.actions}>
        <button type="submit" className="button">
          {t("datadesk.form.reviewButton")}
        </button>
      </p>
    </form>
  );
}

/** The state the form says now (a school's), for its LGA select and the LGA problem's message. */
function stateOf(drafts: Drafts): string {
  const state = drafts.state;
  return typeof state === "string" ? state : "";
}

/** The record's own fields first, then each language's translations. */
function groupByLanguage(fields: readonly RecordField[]) {
  const groups: { language: RecordField["language"]; fields: RecordField[] }[] = [];
  for (const field of fields) {
    const { language } = field;
    let group = groups.find((candidate) => candidate.language === language);
    if (!group) {
      group = { language, fields: [] };
      groups.push(group);
    }
    group.fields.push(field);
  }
  return groups.sort((a, b) => (a.language === null ? -1 : b.language === null ? 1 : 0));
}
