import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useFailureText, useT, type MessageKey } from "../../i18n";
import { useI18n } from "../../i18n/language-context";
import {
  DOCUMENT_CONTENT_TYPE,
  DOCUMENT_MAX_BYTES,
  documentFieldNames,
  type DocumentFieldName,
} from "../../../domain/datadesk/documents";
import { ApiError } from "../../lib/api-client";
import { isAbortError, type UploadProgress } from "../../lib/upload";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { describedBy, FieldFrame } from "../../ui/form/Field";
import { fieldError, type FormProblem } from "../../ui/form/form-problem";
import formStyles from "../../ui/form/form.module.css";
import { TextField } from "../../ui/form/TextField";
import { SpinnerIcon } from "../../ui/Spinner";
import { type DocumentDetails, documentQueries, type DocumentView, uploadDocument } from "./documents-api";
import styles from "./DataDesk.module.css";

type UploadField = DocumentFieldName | "file";

const emptyDetails: DocumentDetails = { title: "", publisher: "", date: "", licence: "", sourceUrl: "" };

/**
 * The upload of a PDF with its title, publisher, date, licence and source address. The server's answers
 * (400 for a detail, 413 too large, 415 not a PDF, 422 a PDF it cannot clean) are shown beside their field
 * and in the summary at the top, in the page's language; a failure keeps every value and the chosen file.
 * While it uploads, a progress bar and a live region say how far it is, and Cancel stops it. `form`
 * renders a form of its own (the documents page); `group` renders a group with a plain button, for use
 * inside another form (the change form's source), since forms cannot nest.
 */
export function DocumentUploadForm({
  idPrefix,
  as,
  heading,
  onUploaded,
}: {
  idPrefix: string;
  as: "form" | "group";
  heading: ReactNode;
  onUploaded?: (document: DocumentView) => void;
}) {
  const t = useT();
  const i18n = useI18n();
  const problemText = useFailureText("datadesk");
  const queryClient = useQueryClient();
  const [details, setDetails] = useState<DocumentDetails>(emptyDetails);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [uploaded, setUploaded] = useState<DocumentView | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const cancel = useRef<AbortController | null>(null);

  useEffect(() => () => cancel.current?.abort(), []);

  const id = (field: UploadField) => `${idPrefix}-${field}`;
  const uploading = progress !== null;

  /** A refusal in the page's language: the form's own words for its field (the file's by status), if any. */
  const refusalText = (error: ApiError, field: UploadField | null): string => {
    const fieldText = (named: string) => {
      const id =
        named === "file"
          ? `datadesk.documents.problem.file${error.status}`
          : `datadesk.documents.problem.${named}`;
      return id in i18n.messages ? t(id as MessageKey) : undefined;
    };
    return problemText(error, { fieldText, ...(field ? { field } : {}) });
  };

  const check = (): FormProblem["fields"] => {
    const found: FormProblem["fields"] = [];
    for (const field of ["title", "publisher", "licence", "sourceUrl"] as const) {
      if (details[field].trim() === "")
        found.push({ fieldId: id(field), message: t(`datadesk.documents.problem.${field}`) });
    }
    if (!file) found.push({ fieldId: id("file"), message: t("datadesk.documents.problem.fileMissing") });
    else if (file.size > DOCUMENT_MAX_BYTES)
      found.push({ fieldId: id("file"), message: t("datadesk.documents.problem.file413") });
    return found;
  };

  const upload = async () => {
    if (uploading) return;
    const found = check();
    if (found.length > 0 || !file) {
      setProblem({ fields: found });
      return;
    }
    setProblem(null);
    setUploaded(null);
    const controller = new AbortController();
    cancel.current = controller;
    setProgress({ loaded: 0, total: file.size });
    try {
      const document = await uploadDocument(details, file, {
        signal: controller.signal,
        onProgress: setProgress,
      });
      setUploaded(document);
      setDetails(emptyDetails);
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      await queryClient.invalidateQueries({ queryKey: documentQueries.all });
      onUploaded?.(document);
    } catch (error) {
      if (isAbortError(error)) {
        setProblem({ message: t("datadesk.documents.cancelled"), fields: [] });
      } else if (error instanceof ApiError && [400, 413, 415, 422].includes(error.status)) {
        const named = (documentFieldNames as readonly string[]).includes(error.field ?? "")
          ? (error.field as DocumentFieldName)
          : null;
        // 413, 415 and 422 are about the file, whether or not the server named it.
        const field: UploadField | null =
          named ?? (error.status === 400 && error.field !== "file" ? null : "file");
        const message = refusalText(error, field);
        setProblem(field ? { fields: [{ fieldId: id(field), message }] } : { message, fields: [] });
      } else {
        setProblem({ message: `${problemText(error)} ${t("datadesk.documents.kept")}`, fields: [] });
      }
    } finally {
      cancel.current = null;
      setProgress(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void upload();
  };

  const set = (field: DocumentFieldName) => (value: string) =>
    setDetails((current) => ({ ...current, [field]: value }));
  const fileError = fieldError(problem, id("file"));
  const percent =
    progress?.total && progress.total > 0
      ? Math.min(100, Math.round((progress.loaded / progress.total) * 100))
      : null;
  // Announced in steps of a quarter, not at every event: a screen reader would say nothing else.
  const announcedPercent = percent === null ? null : Math.floor(percent / 25) * 25;

  // Inside another form, Enter in one of these inputs uploads (as in a form of its own) rather than
  // submitting the change.
  const enterUploads =
    as === "group"
      ? {
          onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            void upload();
          },
        }
      : {};

  const fields = (
    <>
      {problem ? <ErrorSummary problem={problem} /> : null}
      <TextField
        id={id("title")}
        label={t("datadesk.documents.field.title")}
        hint={t("datadesk.documents.hint.title")}
        value={details.title}
        onChange={set("title")}
        error={fieldError(problem, id("title"))}
        autoComplete="off"
        {...enterUploads}
        maxLength={300}
      />
      <TextField
        id={id("publisher")}
        label={t("datadesk.documents.field.publisher")}
        hint={t("datadesk.documents.hint.publisher")}
        value={details.publisher}
        onChange={set("publisher")}
        error={fieldError(problem, id("publisher"))}
        autoComplete="off"
        {...enterUploads}
        maxLength={200}
      />
      <FieldFrame
        id={id("date")}
        label={t("datadesk.documents.field.date")}
        hint={t("datadesk.documents.hint.date")}
        error={fieldError(problem, id("date"))}
      >
        <input
          id={id("date")}
          type="date"
          className={formStyles.input}
          value={details.date}
          aria-invalid={fieldError(problem, id("date")) ? true : undefined}
          aria-describedby={describedBy(id("date"), { hint: true, error: fieldError(problem, id("date")) })}
          onChange={(event) => set("date")(event.target.value)}
          {...enterUploads}
        />
      </FieldFrame>
      <TextField
        id={id("licence")}
        label={t("datadesk.documents.field.licence")}
        hint={t("datadesk.documents.hint.licence")}
        value={details.licence}
        onChange={set("licence")}
        error={fieldError(problem, id("licence"))}
        autoComplete="off"
        {...enterUploads}
        maxLength={200}
      />
      <TextField
        id={id("sourceUrl")}
        type="url"
        label={t("datadesk.documents.field.sourceUrl")}
        hint={t("datadesk.documents.hint.sourceUrl")}
        value={details.sourceUrl}
        onChange={set("sourceUrl")}
        error={fieldError(problem, id("sourceUrl"))}
        autoComplete="off"
        {...enterUploads}
        spellCheck={false}
      />
      <FieldFrame
        id={id("file")}
        label={t("datadesk.documents.field.file")}
        hint={t("datadesk.documents.hint.file", { max: String(DOCUMENT_MAX_BYTES / 1024 / 1024) })}
        error={fileError}
      >
        <input
          ref={fileInput}
          id={id("file")}
          type="file"
          accept={`${DOCUMENT_CONTENT_TYPE},.pdf`}
          className={formStyles.input}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={describedBy(id("file"), { hint: true, error: fileError })}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </FieldFrame>
      {uploading ? (
        <div className={styles.progress}>
          <label htmlFor={`${idPrefix}-progress`}>{t("datadesk.documents.uploading")}</label>
          <progress id={`${idPrefix}-progress`} max={100} value={percent ?? undefined}>
            {percent === null ? null : `${percent}%`}
          </progress>
        </div>
      ) : null}
      <p className={styles.actions}>
        <button
          type={as === "form" ? "submit" : "button"}
          className="button"
          disabled={uploading}
          onClick={as === "form" ? undefined : () => void upload()}
        >
          {uploading ? <SpinnerIcon /> : null}
          {t("datadesk.documents.upload")}
        </button>
        {uploading ? (
          <button type="button" className="button button--secondary" onClick={() => cancel.current?.abort()}>
            {t("datadesk.documents.cancel")}
          </button>
        ) : null}
      </p>
      <div role="status" className={styles.uploadStatus}>
        {uploading ? (
          <span className="visually-hidden">
            {announcedPercent === null
              ? t("datadesk.documents.uploading")
              : t("datadesk.documents.uploadingPercent", { percent: String(announcedPercent) })}
          </span>
        ) : uploaded ? (
          <p>
            {t("datadesk.documents.uploaded", { title: uploaded.title })}{" "}
            <a href={uploaded.address} className={styles.breakable}>
              {uploaded.address}
            </a>
          </p>
        ) : null}
      </div>
    </>
  );

  return as === "form" ? (
    <form noValidate onSubmit={submit} className={styles.form} aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`}>{heading}</h2>
      {fields}
    </form>
  ) : (
    <div role="group" className={styles.form} aria-labelledby={`${idPrefix}-heading`}>
      <h3 id={`${idPrefix}-heading`}>{heading}</h3>
      {fields}
    </div>
  );
}
