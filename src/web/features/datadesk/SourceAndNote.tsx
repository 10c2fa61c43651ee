import { useLayoutEffect, useRef } from "react";
import { useT } from "../../i18n";
import { describedBy, FieldFrame } from "../../ui/form/Field";
import { TextField } from "../../ui/form/TextField";
import formStyles from "../../ui/form/form.module.css";
import { NOTE_MAX } from "./desk-text";
import { DocumentSelect } from "./DocumentSelect";
import { sourceDetails, type SourceDetailErrors } from "./source-details";
import { DocumentUploadForm } from "./DocumentUploadForm";
import styles from "./DataDesk.module.css";

export interface SourceAndNoteValue {
  sourceUrl: string;
  /** With an address: its title, publisher and the day it was read (YYYY-MM-DD); absent: "". */
  sourceTitle?: string;
  sourcePublisher?: string;
  sourceRead?: string;
  /** An uploaded document's id, or "" (absent) for none. */
  sourceDocumentId?: string;
  note: string;
}

/**
 * The source as a proposal sends it: the address ("" when none) with its title, publisher and day read,
 * and the document, when one is chosen (its own title, publisher and date are used).
 */
export function sourceOfChange(value: SourceAndNoteValue): {
  sourceUrl: string;
  sourceTitle?: string;
  sourcePublisher?: string;
  sourceRead?: string;
  sourceDocumentId?: string;
} {
  const sourceDocumentId = value.sourceDocumentId ?? "";
  const sourceUrl = value.sourceUrl.trim();
  // Only what was typed: a detail left empty is absent, and the server says which one to give.
  const given = (text: string | undefined) => (sourceUrl ? (text ?? "").trim() : "");
  const details = Object.entries({
    sourceTitle: given(value.sourceTitle),
    sourcePublisher: given(value.sourcePublisher),
    sourceRead: given(value.sourceRead),
  }).filter(([, text]) => text !== "");
  return {
    sourceUrl,
    ...Object.fromEntries(details),
    ...(sourceDocumentId ? { sourceDocumentId } : {}),
  };
}

/**
 * The source and the note every change needs, in their own fieldset. The source is a web address, an
 * uploaded document (chosen by title), or both. A document not uploaded yet can be uploaded here, in a
 * disclosure, without leaving the form: what is typed in the change stays, and the new document becomes
 * the chosen source.
 */
export function SourceAndNote({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  value: SourceAndNoteValue;
  onChange: (value: SourceAndNoteValue) => void;
  errors: { sourceUrl?: string; sourceDocumentId?: string; note?: string } & SourceDetailErrors;
}) {
  const t = useT();
  const noteId = `${idPrefix}-note`;
  // The upload ends later than it starts: the note typed meanwhile must survive the document's choice.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t("datadesk.form.sourceLegend")}</legend>
      <p className={styles.hintText}>{t("datadesk.form.sourceEither")}</p>
      <TextField
        id={`${idPrefix}-source`}
        type="url"
        label={t("datadesk.form.sourceUrl")}
        hint={t("datadesk.form.sourceUrlHint")}
        value={value.sourceUrl}
        autoComplete="off"
        spellCheck={false}
        error={errors.sourceUrl}
        onChange={(sourceUrl) => onChange({ ...value, sourceUrl })}
      />
      {/* Beside the address: what a reader will see as the link's words, and when it was read. */}
      {/* Nothing the browser saved about the editor fits (autocomplete="organization" is their own). */}
      {sourceDetails.map(({ field, suffix, label, hint }) => (
        <TextField
          key={field}
          id={`${idPrefix}-${suffix}`}
          label={t(label)}
          hint={t(hint)}
          value={value[field] ?? ""}
          autoComplete="off"
          error={errors[field]}
          onChange={(text) => onChange({ ...value, [field]: text })}
        />
      ))}
      <DocumentSelect
        id={`${idPrefix}-source-document`}
        label={t("datadesk.form.sourceDocument")}
        hint={t("datadesk.form.sourceDocumentHint")}
        noneText={t("datadesk.form.sourceDocumentNone")}
        value={value.sourceDocumentId ?? ""}
        error={errors.sourceDocumentId}
        onChange={(sourceDocumentId) => onChange({ ...value, sourceDocumentId })}
      />
      <details className={styles.translations}>
        <summary>{t("datadesk.form.uploadSource")}</summary>
        <DocumentUploadForm
          idPrefix={`${idPrefix}-upload`}
          as="group"
          heading={t("datadesk.documents.uploadTitle")}
          onUploaded={(document) => onChange({ ...latest.current, sourceDocumentId: document.id })}
        />
      </details>
      <FieldFrame
        id={noteId}
        label={t("datadesk.form.note")}
        hint={t("datadesk.form.noteHint", { max: String(NOTE_MAX) })}
        error={errors.note}
      >
        <textarea
          id={noteId}
          className={formStyles.input}
          rows={4}
          value={value.note}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy(noteId, { hint: true, error: errors.note })}
          onChange={(event) => onChange({ ...value, note: event.target.value })}
        />
      </FieldFrame>
    </fieldset>
  );
}

/** Problems a person can be told before anything is sent: no source, no note (the server says the same). */
export function missingSourceOrNote(value: SourceAndNoteValue): { sourceUrl?: true; note?: true } {
  const { sourceUrl, sourceDocumentId } = sourceOfChange(value);
  return {
    ...(sourceUrl === "" && !sourceDocumentId ? { sourceUrl: true as const } : {}),
    ...(value.note.trim() === "" ? { note: true as const } : {}),
  };
}
