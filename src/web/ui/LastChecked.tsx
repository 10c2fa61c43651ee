import { useLanguage, useT } from "../i18n";
import { DEFAULT_LANGUAGE } from "../../i18n/languages";

/** Checks are made in Nigeria: their day is Lagos's, the same on the server and in every browser. */
const TIME_ZONE = "Africa/Lagos";

function checkedDay(iso: string, language: string): string {
  const locale = language === DEFAULT_LANGUAGE ? "en-GB" : language;
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}

/**
 * "Last checked 12 November 2026" beside a record's sources, and a polite note when that check is more
 * than 18 months old (`outOfDate`, decided by the loader so the server and the browser agree).
 */
export function LastChecked({ checkedAt, outOfDate }: { checkedAt: string | null; outOfDate: boolean }) {
  const t = useT();
  const language = useLanguage();
  if (checkedAt === null || Number.isNaN(new Date(checkedAt).getTime())) return null;
  return (
    <>
      {/* The server's and the browser's date formats may differ for ha, yo, ig and pcm (each has its own
          copy of the locale data, of different ages): the server's words are kept rather than a hydration
          error raised. */}
      <p suppressHydrationWarning>
        {t("common.lastChecked", {
          date: checkedDay(checkedAt, language),
        })}
      </p>
      {outOfDate ? <p role="note">{t("common.mayBeOutOfDate")}</p> : null}
    </>
  );
}
