import { describeValue, fieldLabelOf } from "../../../domain/datadesk/history";
import type { RecordKind } from "../../../domain/datadesk/record-kinds";
import { DEFAULT_LANGUAGE } from "../../../i18n/languages";
import type { Translate } from "../../i18n";

// How a published change reads on the history pages, in the page's language.

/** Publications are made in Nigeria: their day is Lagos's, the same on the server and in every browser. */
const TIME_ZONE = "Africa/Lagos";

/** "12 November 2026" (British English in English, the language's own month names elsewhere). */
export function historyDay(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = language === DEFAULT_LANGUAGE ? "en-GB" : language;
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: TIME_ZONE,
  }).format(date);
}

/** A field's name on the page: its label in the page's language ("Law status", "Overview (ha)"), else its path. */
export function fieldName(t: Translate, kind: RecordKind, field: string): string {
  const label = fieldLabelOf(kind, field);
  if (!label) return field;
  return label.language ? `${t(label.id)} (${label.language})` : t(label.id);
}

/** A value as words: "(empty)" for nothing, lists joined. */
export function valueText(t: Translate, value: unknown): string {
  return describeValue(value, t("history.entry.empty"));
}
