import { useMemo } from "react";
import { DEFAULT_LANGUAGE } from "../../../i18n/languages";
import { useLanguage } from "../../i18n";

// Dates of reports in the page's language: British English as the product writes them in English
// ("21 November 2026, 14:05"), the language's own month names elsewhere ("21 Nuwamba, 2026").

export interface ReportDates {
  /** "21 November 2026", in the reader's time zone (or the one given). */
  day: (iso: string, timeZone?: string) => string;
  /** "21 November 2026, 14:05". */
  dateTime: (iso: string) => string;
  /** A calendar day (YYYY-MM-DD) it happened: the same in every time zone. */
  occurredOn: (day: string) => string;
}

export function reportDates(language: string): ReportDates {
  const locale = language === DEFAULT_LANGUAGE ? "en-GB" : language;
  const dayFormat = (timeZone?: string) =>
    new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone });
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" });
  const valid = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? null : date;
  };
  const day = (iso: string, timeZone?: string) => {
    const date = valid(iso);
    return date ? dayFormat(timeZone).format(date) : iso;
  };
  return {
    day,
    dateTime: (iso) => {
      const date = valid(iso);
      return date ? `${dayFormat().format(date)}, ${timeFormat.format(date)}` : iso;
    },
    occurredOn: (value) => day(`${value}T00:00:00Z`, "UTC"),
  };
}

export function useReportDates(): ReportDates {
  const language = useLanguage();
  return useMemo(() => reportDates(language), [language]);
}
