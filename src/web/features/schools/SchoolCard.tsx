import { Link, T, useT } from "../../i18n";
import type { School } from "../../../domain/datasets/schemas";
import { paths } from "../../../domain/routes";
import { mapSearchHref } from "../../../domain/school-search";
import { withListReturn } from "../../../domain/school-list-return";
import { ExternalLink } from "../../ui/ExternalLink";
import { phoneNumbers, schoolLocationText, schoolTypesText, websiteHref } from "./school-facts";
import styles from "./SchoolCard.module.css";

/** What a school's card shows: the results page's loader sends only this of each school. */
export type SchoolCardFacts = Pick<School, "id" | "name" | "type" | "location" | "phone" | "website">;

export const schoolCardStyles = styles;

/**
 * One school in a list of results: its name (a link to its page that remembers the list, `listSearch`,
 * for its "Back to results"), its type and place, and links to call it, find it on a map, visit its site.
 */
export function SchoolCard({
  school,
  stateName,
  listSearch,
  headingLevel = 3,
}: {
  school: SchoolCardFacts;
  stateName: string;
  /** The list's path and query ("/?schools=kano…" or "/schools?state=kano…"), or its query on home. */
  listSearch: string;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const types = schoolTypesText(t, school.type);
  const location = schoolLocationText(school.location, stateName);
  const website = websiteHref(school.website);
  const phone = phoneNumbers(school.phone).find((number) => number.href);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className={styles.card}>
      <Heading className={styles.name}>
        <Link to={withListReturn(paths.school(school.id), listSearch)}>{school.name}</Link>
      </Heading>
      <dl className={styles.facts}>
        <div>
          <dt>{t("schools.facts.type")}</dt>
          <dd>{types || t("schools.card.typeNotRecorded")}</dd>
        </div>
        <div>
          <dt>{t("schools.facts.location")}</dt>
          <dd>{location || t("schools.card.locationNotRecorded")}</dd>
        </div>
      </dl>
      <ul className={styles.cardLinks}>
        {phone?.href ? (
          <li>
            <a href={phone.href}>
              <T
                id="schools.card.call"
                values={{ name: school.name, phone: phone.text }}
                components={{ hidden: <span className="visually-hidden" /> }}
              />
            </a>
          </li>
        ) : null}
        <li>
          <ExternalLink href={mapSearchHref({ ...school, state: stateName })}>
            <T
              id="schools.card.findOnMap"
              values={{ name: school.name }}
              components={{ hidden: <span className="visually-hidden" /> }}
            />
          </ExternalLink>
        </li>
        {website ? (
          <li>
            <ExternalLink href={website}>
              <T
                id="schools.card.visitWebsite"
                values={{ name: school.name }}
                components={{ hidden: <span className="visually-hidden" /> }}
              />
            </ExternalLink>
          </li>
        ) : null}
      </ul>
    </li>
  );
}
