import { choiceAt, fieldLabelOf, optionLabelOf } from "../../../domain/datadesk/history";
import { describeValue } from "../../../domain/datadesk/value-words";
import type { RecordKind } from "../../../domain/datadesk/record-kinds";
import { formatDay, formatReadDate } from "../../../domain/format";
import type { Translate } from "../../i18n";

// How a published change reads on the history pages, in the page's language.

/**
 * The days of an answer's publications in words, by their ISO date-time ("12 November 2026", Lagos's day):
 * made by the route's loader on the server and sent with the page, so the browser shows the server's words
 * (Node's and the browsers' locale data write ha, yo, ig and pcm dates differently: formatDay).
 */
export type HistoryDays = Readonly<Record<string, string>>;

export function historyDays(
  answer: {
    data: readonly {
      published_at: string;
      source?: { read?: string | null; document?: { date?: string | null } | null };
    }[];
    first_published?: string | null;
  },
  language: string,
): HistoryDays {
  const times = answer.data.map((entry) => entry.published_at);
  if (answer.first_published) times.push(answer.first_published);
  // The days its sources were read (YYYY-MM-DD), worded the same way.
  const days = answer.data.flatMap((entry) => [entry.source?.read, entry.source?.document?.date]);
  const readDays = days.filter((day): day is string => typeof day === "string" && day !== "");
  return Object.fromEntries([
    ...times.map((time) => [time, formatDay(time, language)]),
    ...readDays.map((day) => [day, formatReadDate(day, language)]),
  ]);
}

/** A publication's day from the loader's words; the date itself should a day be missing. */
export const dayOf = (days: HistoryDays, iso: string): string => days[iso] ?? iso.slice(0, 10);

/** A field's name on the page: its label in the page's language ("Law status", "Overview (ha)"), else its path. */
export function fieldName(t: Translate, kind: RecordKind, field: string): string {
  const label = fieldLabelOf(kind, field);
  if (!label) return field;
  return label.language ? `${t(label.id)} (${label.language})` : t(label.id);
}

/**
 * A field's value as words: "(empty)" for nothing, lists joined, a choice in the page's language (a state's
 * status "Pending" reads "Ana jira" on a Hausa page); other values as the data holds them (English).
 */
export function valueText(t: Translate, kind: RecordKind, field: string, value: unknown): string {
  return describeValue(value, t("history.entry.empty"), (text) => {
    const label = optionLabelOf(kind, field, text);
    return label ? t(label) : text;
  });
}

/**
 * The language a field's value is written in, for its `lang`: a translation's own ("translations.ha.desc" is
 * Hausa), none of its own for a choice (valueText words it in the page's language), else the data's English
 * (`englishLang`, undefined on an English page).
 */
export function valueLang(
  kind: RecordKind,
  field: string,
  englishLang: string | undefined,
): string | undefined {
  const language = fieldLabelOf(kind, field)?.language;
  if (language) return language;
  return choiceAt(kind, field) ? undefined : englishLang;
}
