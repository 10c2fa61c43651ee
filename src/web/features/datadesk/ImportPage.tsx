import { type FormEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { Link, useFailureText, useT } from "../../i18n";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import { openDataPath } from "../../../domain/opendata/documents";
import { ApiError } from "../../lib/api-client";
import { useSessionUser } from "../../lib/session";
import { useApiMutation } from "../../lib/use-api";
import { describedBy, FieldFrame } from "../../ui/form/Field";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, type FormProblem } from "../../ui/form/form-problem";
import formStyles from "../../ui/form/form.module.css";
import { SpinnerIcon } from "../../ui/Spinner";
import { type DataChange, type ImportAnswer, type ImportFailure, importSchools } from "./datadesk-api";
import { useDeskText } from "./desk-text";
import { ImportRows } from "./ImportRows";
import { problemsOf } from "./proposal";
import { missingSourceOrNote, SourceAndNote, sourceOfChange, type SourceAndNoteValue } from "./SourceAndNote";
import { sourceDetailErrors, sourceDetailInputId } from "./source-details";
import styles from "./DataDesk.module.css";

/** What a dry run found: the rows' problems and what the file adds and changes. */
type Plan = Pick<ImportAnswer, "rows" | "problems" | "schools" | "unchanged" | "ignoredColumns">;

/**
 * `/dashboard/data/import`: schools from a CSV with schools.csv's columns. Choose the file, run the dry
 * run (the server's check: each row's problems as a table of row, column and message, and the schools it
 * would add and change, old → new), then propose it, with a source and a note, as one change another
 * editor reviews. Focus moves to the result's summary each time, which a screen reader then reads.
 */
export function ImportPage() {
  const t = useT();
  const user = useSessionUser();
  const allowed = user && can(user.role, "data:propose");
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t("datadesk.import.title")}</h1>
      <p>
        <Link to={paths.dataDesk()}>{t("datadesk.changes.backToDesk")}</Link>
      </p>
      {allowed ? <ImportForm /> : <p>{t("datadesk.denied")}</p>}
    </div>
  );
}

/** The file's text, as UTF-8 (FileReader: older phone browsers lack Blob.text()). */
function fileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsText(file, "utf-8");
  });
}

function ImportForm() {
  const t = useT();
  const text = useDeskText();
  const failureText = useFailureText("datadesk");
  // A file refused as a whole, in the page's language; no answer at all is "could not be checked".
  const refusalText = (error: unknown) =>
    failureText(error, { network: t("datadesk.import.failed"), other: t("datadesk.import.failed") });
  const ids = useId().replace(/:/g, "");
  const fileId = `${ids}-file`;
  const [csv, setCsv] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<FormProblem | null>(null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [summary, setSummary] = useState("");
  const [source, setSource] = useState<SourceAndNoteValue>({ sourceUrl: "", note: "" });
  const [sourceProblem, setSourceProblem] = useState<FormProblem | null>(null);
  const [sent, setSent] = useState<DataChange | null>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);
  const focusSummary = useRef(false);

  useLayoutEffect(() => {
    if (!focusSummary.current) return;
    focusSummary.current = false;
    (sent ? sentRef.current : summaryRef.current)?.focus();
  }, [summary, sent]);

  const showResult = (text: string, next: Plan | null) => {
    focusSummary.current = true;
    setPlan(next);
    setSummary(text);
  };

  /** A refusal of the file as a whole, beside the file input and in the error summary. */
  const refuseFile = (message: string) => {
    setPlan(null);
    setSummary("");
    setFileProblem({ fields: [{ fieldId: fileId, message }] });
  };

  const check = useApiMutation({
    mutationFn: (text: string) => importSchools({ csv: text }, true),
    onSuccess: (answer) => {
      setFileProblem(null);
      showResult(t("datadesk.import.checked", answer.counts), answer);
    },
    onError: (error) => refuseFile(refusalText(error)),
  });

  // Another page of the dry run's schools: the file is checked again (nothing is kept on the server
  // before it is proposed); focus stays on the page buttons, and the pager's live region says the page.
  const turnPage = useApiMutation({
    mutationFn: ({ text, page }: { text: string; page: number }) => importSchools({ csv: text }, true, page),
    onSuccess: (answer) => setPlan(answer),
    onError: (error) => refuseFile(refusalText(error)),
  });

  const propose = useApiMutation({
    mutationFn: (text: string) =>
      importSchools({ csv: text, ...sourceOfChange(source), note: source.note }, false),
    onSuccess: (answer) => {
      focusSummary.current = true;
      setSourceProblem(null);
      setSummary(t("datadesk.import.proposed", answer.counts));
      setSent(answer.change);
    },
    onError: (error) => {
      const body = error instanceof ApiError ? (error.body as ImportFailure | null) : null;
      const problems = problemsOf(error);
      if (body?.plan) {
        showResult(failureText(error), body.plan);
      } else if (problems.length > 0) {
        setSourceProblem({
          fields: problems.map((problem) => ({
            fieldId:
              problem.field === "note"
                ? `${ids}-source-note`
                : problem.field === "sourceDocumentId"
                  ? `${ids}-source-source-document`
                  : (sourceDetailInputId(`${ids}-source`, problem.field) ?? `${ids}-source-source`),
            message: text.problemText(problem),
          })),
        });
      } else {
        refuseFile(refusalText(error));
      }
    },
  });

  const runCheck = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
    const file = input?.files?.[0];
    if (!file) {
      refuseFile(t("datadesk.import.fileMissing"));
      return;
    }
    let text: string;
    try {
      text = await fileText(file);
    } catch {
      refuseFile(t("datadesk.import.fileUnreadable"));
      return;
    }
    setCsv(text);
    setSent(null);
    setSourceProblem(null);
    propose.reset();
    check.mutate(text);
  };

  const sendImport = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingSourceOrNote(source);
    const fields: FormProblem["fields"] = [];
    if (missing.sourceUrl) {
      fields.push({ fieldId: `${ids}-source-source`, message: t("datadesk.problem.sourceMissing") });
    }
    if (missing.note)
      fields.push({ fieldId: `${ids}-source-note`, message: t("datadesk.problem.noteMissing") });
    if (fields.length > 0) {
      setSourceProblem({ fields });
      return;
    }
    if (csv !== null) propose.mutate(csv);
  };

  if (sent) {
    return (
      <section className={styles.panel} aria-labelledby={`${ids}-sent`}>
        <h2 id={`${ids}-sent`} ref={sentRef} tabIndex={-1}>
          {t("datadesk.import.sentTitle")}
        </h2>
        <p>{summary}</p>
        <p className={styles.actions}>
          <Link to={paths.dataChanges()}>{t("datadesk.form.seeMyChanges")}</Link>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setSent(null);
              setPlan(null);
              setSummary("");
              setCsv(null);
              setSource({ sourceUrl: "", note: "" });
            }}
          >
            {t("datadesk.import.another")}
          </button>
        </p>
      </section>
    );
  }

  const fileError = fieldError(fileProblem, fileId);
  const proposable = plan !== null && plan.problems.length === 0 && plan.schools.total > 0;
  return (
    <>
      <p className={styles.intro}>{t("datadesk.import.intro")}</p>
      <p>
        <a href={openDataPath("schools", "csv")} download>
          {t("datadesk.import.download")}
        </a>
      </p>
      <p className={styles.hintText}>{t("datadesk.import.columns")}</p>
      {fileProblem ? <ErrorSummary problem={fileProblem} /> : null}
      <form className={styles.panel} onSubmit={(event) => void runCheck(event)} noValidate>
        <FieldFrame
          id={fileId}
          label={t("datadesk.import.file")}
          hint={t("datadesk.import.fileHint")}
          error={fileError}
        >
          <input
            id={fileId}
            name="file"
            type="file"
            accept=".csv,text/csv"
            className={formStyles.input}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={describedBy(fileId, { hint: true, error: fileError })}
            onChange={() => {
              setPlan(null);
              setSummary("");
            }}
          />
        </FieldFrame>
        <p className={styles.actions}>
          <button type="submit" className="button" disabled={check.isPending}>
            {check.isPending ? <SpinnerIcon /> : null}
            {t("datadesk.import.check")}
          </button>
        </p>
        <p role="status" className={styles.hintText}>
          {check.isPending
            ? t("datadesk.import.checking")
            : propose.isPending
              ? t("datadesk.import.proposing")
              : ""}
        </p>
      </form>

      {plan ? (
        <section className={styles.panel} aria-labelledby={`${ids}-result`}>
          <h2 id={`${ids}-result`}>{t("datadesk.import.resultTitle")}</h2>
          <p ref={summaryRef} tabIndex={-1} className={styles.legend}>
            {summary}
          </p>
          <PlanDetails
            plan={plan}
            loading={turnPage.isPending}
            onPage={(page) => {
              if (csv !== null) turnPage.mutate({ text: csv, page });
            }}
          />
          {proposable ? (
            <form onSubmit={sendImport} noValidate aria-labelledby={`${ids}-propose`}>
              <h3 id={`${ids}-propose`}>{t("datadesk.import.proposeTitle")}</h3>
              <p>{t("datadesk.import.proposeIntro")}</p>
              {sourceProblem ? <ErrorSummary problem={sourceProblem} /> : null}
              <SourceAndNote
                idPrefix={`${ids}-source`}
                value={source}
                onChange={setSource}
                errors={{
                  sourceUrl: fieldError(sourceProblem, `${ids}-source-source`),
                  sourceDocumentId: fieldError(sourceProblem, `${ids}-source-source-document`),
                  note: fieldError(sourceProblem, `${ids}-source-note`),
                  ...sourceDetailErrors(sourceProblem, `${ids}-source`),
                }}
              />
              <p className={styles.actions}>
                <button type="submit" className="button" disabled={propose.isPending}>
                  {propose.isPending ? <SpinnerIcon /> : null}
                  {t("datadesk.import.propose")}
                </button>
              </p>
            </form>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/** The rows' problems as a table, then the schools added and changed, as a dry run and the review show them. */
function PlanDetails({
  plan,
  onPage,
  loading,
}: {
  plan: Plan;
  onPage: (page: number) => void;
  loading: boolean;
}) {
  const t = useT();
  const text = useDeskText();
  return (
    <>
      {plan.problems.length > 0 ? (
        <>
          <h3>{t("datadesk.import.problemsTitle", { count: plan.problems.length })}</h3>
          <p>{t("datadesk.import.problemsIntro")}</p>
          <div className={styles.tableScroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">
                {t("datadesk.import.problemsTitle", { count: plan.problems.length })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("datadesk.import.row")}</th>
                  <th scope="col">{t("datadesk.import.column")}</th>
                  <th scope="col">{t("datadesk.import.problem")}</th>
                </tr>
              </thead>
              <tbody>
                {plan.problems.map((problem, index) => (
                  <tr key={`${problem.row}-${problem.column}-${index}`}>
                    <td>{problem.row}</td>
                    <td>{problem.column || t("datadesk.import.wholeRow")}</td>
                    <td>{text.problemText(problem)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <ImportRows schools={plan.schools} headingLevel={3} onPage={onPage} loading={loading} />
      {plan.unchanged > 0 ? <p>{t("datadesk.import.unchanged", { count: plan.unchanged })}</p> : null}
      {plan.ignoredColumns.length > 0 ? (
        <p className={styles.hintText}>
          {t("datadesk.import.ignored", { columns: plan.ignoredColumns.join(", ") })}
        </p>
      ) : null}
    </>
  );
}
