import { useT } from "../../i18n";
import { describedBy, FieldFrame } from "../../ui/form/Field";
import { TextField } from "../../ui/form/TextField";
import formStyles from "../../ui/form/form.module.css";
import { NOTE_MAX } from "./desk-text";
import styles from "./DataDesk.module.css";

export interface SourceAndNoteValue {
  sourceUrl: string;
  note: string;
}

/**
 * The source and the note every change needs, in their own fieldset. The source is a web address; an
 * uploaded document will also do once the documents API exists (the placeholder below says so).
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
  errors: { sourceUrl?: string; note?: string };
}) {
  const t = useT();
  const noteId = `${idPrefix}-note`;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t("datadesk.form.sourceLegend")}</legend>
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
      <p className={styles.placeholder}>{t("datadesk.form.documentLater")}</p>
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
  return {
    ...(value.sourceUrl.trim() === "" ? { sourceUrl: true as const } : {}),
    ...(value.note.trim() === "" ? { note: true as const } : {}),
  };
}
