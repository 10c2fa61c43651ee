import type { ReactNode } from "react";
import { useT } from "../../i18n";
import { lgasByState } from "../../../domain/reports/report-lgas";
import { sameState } from "../../../domain/datasets/state-names";
import { describedBy, fieldIds, FieldFrame } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import type { RecordField } from "./datadesk-api";
import { useDeskText } from "./desk-text";
import { DocumentSelect } from "./DocumentSelect";
import type { Draft } from "./field-values";
import styles from "./DataDesk.module.css";

export interface FieldInputProps {
  kind: string;
  field: RecordField;
  /** The input's id (the error summary links to it; a list's or checkboxes' fieldset carries it). */
  id: string;
  draft: Draft;
  onChange: (draft: Draft) => void;
  error?: string;
  /** The state the form says now, for a school's LGA select. */
  chosenState: string;
  /** For a translation: the English text it translates, shown beside the box (lang="en"). */
  english?: unknown;
}

/**
 * One field of the edit form, by its type: a text or number input, a text area, a select (a choice, a
 * school's state, its LGA among the chosen state's), checkboxes in a fieldset (several choices), or a list
 * of inputs in a fieldset (key findings, phones, sources). Every input is labelled; its error is tied to it
 * with aria-describedby and aria-invalid.
 */
export function FieldInput(props: FieldInputProps) {
  const { field, draft } = props;
  if (Array.isArray(draft)) {
    return field.type === "choices" ? (
      <Checkboxes {...props} draft={draft} />
    ) : (
      <TextList {...props} draft={draft} />
    );
  }
  return <SingleInput {...props} draft={draft} />;
}

function SingleInput({
  kind,
  field,
  id,
  draft,
  onChange,
  error,
  chosenState,
  english,
}: FieldInputProps & { draft: string }) {
  const t = useT();
  const text = useDeskText();
  const label = text.fieldLabel(kind, field.path);
  const hintOf = (): string | undefined => {
    if (field.type === "phone") return t("datadesk.hint.phone");
    if (field.type === "document") return t("datadesk.hint.document");
    if (field.type === "rank") return t("datadesk.hint.rank");
    if (field.maxLength) return t("datadesk.hint.maxLength", { max: String(field.maxLength) });
    return undefined;
  };
  const hint = hintOf();
  if (field.type === "document") {
    return (
      <DocumentSelect
        id={id}
        label={label}
        hint={hint}
        value={draft}
        onChange={onChange}
        error={error}
        noneText={t("datadesk.value.notGiven")}
      />
    );
  }
  const describe = describedBy(id, { hint, error });
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describe,
    className: formStyles.input,
  } as const;

  let control;
  if (field.type === "longText") {
    control = (
      <textarea {...common} rows={6} value={draft} onChange={(event) => onChange(event.target.value)} />
    );
  } else if (field.type === "choice" || field.type === "state" || field.type === "lga") {
    const options = selectOptions(field, draft, chosenState);
    control = (
      <select {...common} value={draft} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option === ""
              ? t("datadesk.value.notGiven")
              : field.type === "choice"
                ? text.optionText(field.path, option)
                : option}
          </option>
        ))}
      </select>
    );
  } else {
    const numeric = ["year", "integer", "rank"].includes(field.type);
    const decimal = ["number", "latitude", "longitude"].includes(field.type);
    const type =
      field.type === "url"
        ? "url"
        : field.type === "email"
          ? "email"
          : field.type === "phone"
            ? "tel"
            : "text";
    control = (
      <input
        {...common}
        type={type}
        inputMode={numeric ? "numeric" : decimal ? "decimal" : undefined}
        autoComplete="off"
        spellCheck={type === "text" && !numeric && !decimal ? undefined : false}
        value={draft}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {english === undefined ? (
        control
      ) : (
        <div className={styles.beside}>
          <EnglishText text={typeof english === "string" ? english : ""} />
          {control}
        </div>
      )}
    </FieldFrame>
  );
}

/**
 * The English a translation translates, beside its box (above it on a narrow screen, and before it in
 * the reading order), marked lang="en" so a screen reader reads it in English.
 */
function EnglishText({ text }: { text: string }) {
  const t = useT();
  return (
    <div className={styles.english}>
      <p className={styles.englishLabel}>{t("datadesk.form.englishText")}</p>
      {text.trim() === "" ? (
        <p className={styles.englishBody}>{t("datadesk.value.empty")}</p>
      ) : (
        <p lang="en" className={styles.englishBody}>
          {text}
        </p>
      )}
    </div>
  );
}

/**
 * A select's options: the field's own, the states, or the chosen state's LGAs (the registry the server's
 * field rules check against); the value now always kept.
 */
function selectOptions(field: RecordField, draft: string, chosenState: string): string[] {
  let options: string[];
  if (field.type === "state") {
    options = ["", ...lgasByState.map((entry) => entry.state)];
  } else if (field.type === "lga") {
    const state = lgasByState.find((entry) => sameState(entry.state, chosenState));
    options = ["", ...(state?.lgas ?? [])];
  } else {
    options = [...(field.options ?? [])];
  }
  // What the record says (or was typed) stays choosable even when the list does not hold it, so nothing is
  // lost by opening the form; the server says what is wrong with it.
  return options.includes(draft) ? options : [...options, draft];
}

function Checkboxes({ kind, field, id, draft, onChange, error }: FieldInputProps & { draft: string[] }) {
  const t = useT();
  const text = useDeskText();
  const ids = fieldIds(id);
  const toggle = (option: string, checked: boolean) =>
    onChange(checked ? [...draft, option] : draft.filter((item) => item !== option));
  return (
    <fieldset
      className={error ? `${styles.fieldset} ${formStyles.fieldInError}` : styles.fieldset}
      aria-describedby={error ? ids.error : undefined}
    >
      <legend className={formStyles.label}>{text.fieldLabel(kind, field.path)}</legend>
      {error ? (
        <p id={ids.error} className={formStyles.error}>
          <span className="visually-hidden">{t("common.fieldErrorPrefix")} </span>
          {error}
        </p>
      ) : null}
      <ul className={styles.checkboxes}>
        {(field.options ?? []).map((option, index) => (
          <li key={option}>
            <label className={styles.checkbox}>
              <input
                // The first box carries the field's id: the error summary's link lands on it.
                id={index === 0 ? id : undefined}
                type="checkbox"
                checked={draft.includes(option)}
                aria-invalid={error ? true : undefined}
                onChange={(event) => toggle(option, event.target.checked)}
              />
              {text.optionText(field.path, option)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * Several texts: the five key findings (always five inputs), or phones and sources (as many as given, one
 * more to add, each removable).
 */
function TextList({
  kind,
  field,
  id,
  draft,
  onChange,
  error,
  english,
}: FieldInputProps & { draft: string[] }) {
  const t = useT();
  const text = useDeskText();
  const ids = fieldIds(id);
  const label = text.fieldLabel(kind, field.path);
  const fixedCount = field.type === "textList" ? (field.maxItems ?? draft.length) : null;
  const items =
    fixedCount !== null
      ? Array.from({ length: Math.max(fixedCount, draft.length) }, (_, index) => draft[index] ?? "")
      : draft.length === 0
        ? [""]
        : draft;
  const maxItems = field.maxItems ?? Infinity;
  const setItem = (index: number, value: string) =>
    onChange(items.map((item, at) => (at === index ? value : item)));
  const type = field.type === "urlList" ? "url" : field.type === "phoneList" ? "tel" : "text";
  return (
    <fieldset
      className={error ? `${styles.fieldset} ${formStyles.fieldInError}` : styles.fieldset}
      aria-describedby={error ? ids.error : undefined}
    >
      <legend className={formStyles.label}>{label}</legend>
      {error ? (
        <p id={ids.error} className={formStyles.error}>
          <span className="visually-hidden">{t("common.fieldErrorPrefix")} </span>
          {error}
        </p>
      ) : null}
      <ol className={styles.textList}>
        {items.map((item, index) => {
          const itemId = index === 0 ? id : `${id}-${index + 1}`;
          const itemLabel = t("datadesk.listItem", { field: label, number: String(index + 1) });
          return (
            <li key={index} className={styles.textListItem}>
              <label htmlFor={itemId} className={styles.itemLabel}>
                {itemLabel}
              </label>
              {field.type === "textList" ? (
                <TranslationBeside english={english} index={index}>
                  <textarea
                    id={itemId}
                    className={formStyles.input}
                    rows={3}
                    value={item}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => setItem(index, event.target.value)}
                  />
                </TranslationBeside>
              ) : (
                <div className={styles.itemRow}>
                  <input
                    id={itemId}
                    type={type}
                    className={formStyles.input}
                    value={item}
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => setItem(index, event.target.value)}
                  />
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => onChange(items.filter((_, at) => at !== index))}
                  >
                    {t("datadesk.removeItem", { item: itemLabel })}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {fixedCount === null && items.length < maxItems ? (
        <button type="button" className="button button--secondary" onClick={() => onChange([...items, ""])}>
          {t("datadesk.addItem", { field: label })}
        </button>
      ) : null}
    </fieldset>
  );
}

/** A list item's box, with the English item it translates beside it when it is a translation. */
function TranslationBeside({
  english,
  index,
  children,
}: {
  english: unknown;
  index: number;
  children: ReactNode;
}) {
  if (english === undefined) return children;
  const item = Array.isArray(english) ? english[index] : undefined;
  return (
    <div className={styles.beside}>
      <EnglishText text={typeof item === "string" ? item : ""} />
      {children}
    </div>
  );
}
