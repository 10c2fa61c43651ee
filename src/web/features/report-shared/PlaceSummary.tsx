import {
  describePlace,
  publishedPlace,
  type PublishedPlace,
  type ReportPlace,
} from "../../../domain/reports/report-place";
import { useT, type Translate } from "../../i18n";
import { formatOccurredOn } from "./report-format";

/**
 * Where and when a report happened, as a description list's items (the page gives the <dl>): the place
 * ("Ikeja market, Ikeja, Lagos", or "Place not given" for reports sent before places were asked) and the
 * date it happened. The public list passes the published place, which is only as precise as the reporter
 * chose.
 */
export function PlaceItems({ place }: { place: PublishedPlace | ReportPlace | null }) {
  const t = useT();
  return (
    <>
      <div>
        <dt>{t("myReports.place.where")}</dt>
        <dd>{place ? describePlace(place) : t("myReports.place.notGiven")}</dd>
      </div>
      {place ? (
        <div>
          <dt>{t("myReports.place.occurredOn")}</dt>
          <dd>
            <time dateTime={place.occurredOn}>{formatOccurredOn(place.occurredOn)}</time>
          </dd>
        </div>
      ) : null}
    </>
  );
}

/** What the public page shows of the place, and the reporter's choice in words: for the reporter and reviewers. */
export function PublishedAsItem({ place }: { place: ReportPlace | null }) {
  const t = useT();
  if (!place) return null;
  return (
    <div>
      <dt>{t("myReports.place.publishedAsLabel")}</dt>
      <dd>{publishedPlaceText(t, place)}</dd>
    </div>
  );
}

/** The place as the public page gives it, with the precision chosen: "Kaduna (the state only)". */
export function publishedPlaceText(t: Translate, place: ReportPlace): string {
  return t(`myReports.place.publishedAs.${place.precision}`, { place: describePlace(publishedPlace(place)) });
}
