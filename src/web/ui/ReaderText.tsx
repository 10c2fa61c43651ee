import type { ReactNode } from "react";
import { useLanguage, useT } from "../i18n";
import { DEFAULT_LANGUAGE } from "../../i18n/languages";
import {
  readerText,
  type ReaderText as ReaderTextValue,
  type ReaderTextField,
  type Translatable,
} from "../../domain/datasets/reader-text";
import styles from "./ReaderText.module.css";

/**
 * A text readers read (a state's overview or key findings, a school's description) in the page's language
 * when its translation is published; otherwise the English text, which `children` marks with the `lang`
 * it is given ("en"), after a note in the page's language that it is in English only. The note is text in
 * the reading order, before the English (a screen reader says it in the page's voice, then switches), not
 * an icon or a colour. English pages show the text alone, as before.
 */
export function ReaderText<Field extends ReaderTextField>({
  record,
  field,
  children,
}: {
  record: Translatable;
  field: Field;
  /** Renders the text; `lang` goes on the element that holds it ("en", or undefined for the page's). */
  children: (value: ReaderTextValue<Field>["value"], lang: string | undefined) => ReactNode;
}) {
  const t = useT();
  const language = useLanguage();
  const text = readerText(record, field, language);
  const englishOnly = language !== DEFAULT_LANGUAGE && text.language === DEFAULT_LANGUAGE;
  return (
    <>
      {englishOnly ? <p className={styles.note}>{t("common.englishOnly")}</p> : null}
      {children(text.value, englishOnly ? DEFAULT_LANGUAGE : undefined)}
    </>
  );
}
