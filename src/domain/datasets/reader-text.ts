import { DEFAULT_LANGUAGE } from "../../i18n/languages";

// Texts readers read (a state's overview and key findings, a school's description) in the page's language
// when there is one: the published translation an editor gave (`translations.<lang>.<field>`, reviewed like any
// change), otherwise the English text, which the page then marks lang="en" with a note that it is in
// English only (WCAG 3.1.2: a screen reader must not read English in a Hausa voice).

/** The fields that may carry a translation (src/domain/datadesk/fields.ts marks them `translatable`). */
export interface ReaderTexts {
  desc: string;
  key_findings?: string[];
}

export type ReaderTextField = keyof ReaderTexts;

export interface Translatable extends ReaderTexts {
  translations?: Record<string, Partial<ReaderTexts>> | undefined;
}

export interface ReaderText<Field extends ReaderTextField> {
  value: NonNullable<ReaderTexts[Field]>;
  /** The language the value is written in: the page's when translated, otherwise English. */
  language: string;
}

const hasText = (value: unknown): boolean =>
  typeof value === "string"
    ? value.trim() !== ""
    : Array.isArray(value) && value.some((item) => typeof item === "string" && item.trim() !== "");

/** The text of a field in `language` when it is translated, otherwise the English text (and "en"). */
export function readerText<Field extends ReaderTextField>(
  record: Translatable,
  field: Field,
  language: string,
): ReaderText<Field> {
  const translated = language === DEFAULT_LANGUAGE ? undefined : record.translations?.[language]?.[field];
  if (translated !== undefined && hasText(translated)) {
    return { value: translated as NonNullable<ReaderTexts[Field]>, language };
  }
  const english = (record[field] ?? (field === "key_findings" ? [] : "")) as NonNullable<ReaderTexts[Field]>;
  return { value: english, language: DEFAULT_LANGUAGE };
}

/**
 * The record as a page in `language` needs it: only that language's translations (an English page none),
 * so a page's HTML does not carry the other three languages' texts.
 */
export function withTranslationsIn<Record extends Translatable>(record: Record, language: string): Record {
  if (!record.translations) return record;
  const { translations, ...rest } = record;
  const own = language === DEFAULT_LANGUAGE ? undefined : translations[language];
  return (own ? { ...rest, translations: { [language]: own } } : rest) as Record;
}
