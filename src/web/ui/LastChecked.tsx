import { useT } from "../i18n";

/**
 * "Last checked 12 November 2026" beside a record's sources, and a polite note when that check is more
 * than 18 months old. Both are decided by the route's loader on the server (`checkedOn` in words, by
 * formatDay): Node's and the browsers' locale data write ha, yo, ig and pcm dates differently, so a date
 * formatted again in the browser would not match the server's page.
 */
export function LastChecked({ checkedOn, outOfDate }: { checkedOn: string | null; outOfDate: boolean }) {
  const t = useT();
  if (checkedOn === null) return null;
  return (
    <>
      <p>{t("common.lastChecked", { date: checkedOn })}</p>
      {outOfDate ? <p role="note">{t("common.mayBeOutOfDate")}</p> : null}
    </>
  );
}
