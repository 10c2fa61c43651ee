import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { Link, useLanguage, useT } from "../../i18n";
import type { School } from "../../../domain/datasets/schemas";
import { normaliseNigerianPhone } from "../../../domain/datadesk/phone";
import { noFieldSources, sourceOfFields, type ShownFieldSource } from "../../../domain/field-sources";
import { directionsHref, directionsTarget } from "../../../domain/school-directions";
import { schoolListReturnPath } from "../../../domain/school-list-return";
import { formatAsOf } from "../../../domain/format";
import { paths } from "../../../domain/routes";
import type { DescribedSource } from "../../../domain/source-titles";
import { ExternalLink } from "../../ui/ExternalLink";
import { FieldSource } from "../../ui/FieldSource";
import { useHydrated } from "../../ui/useHydrated";
import { LastChecked } from "../../ui/LastChecked";
import { ReaderText } from "../../ui/ReaderText";
import { SourceList } from "../../ui/SourceList";
import { StaticPart } from "../../ui/StaticPart";
import {
  boardingText,
  disabilityGroupsText,
  isEmailAddress,
  ownershipText,
  phoneNumbers,
  schoolTypesText,
  websiteHref,
  websiteText,
} from "./school-facts";
import styles from "./SchoolDetails.module.css";

// Accessibility contract: one h1 (the school's name), the facts as a description list where every term
// has a value ("Not available" when the data holds none), links only where they work: the state's page,
// the website and sources (each saying it opens in a new tab), tel: and mailto: only for real numbers
// and addresses. Above the facts: "Back to results" when the visitor came from a schools list, directions
// (opening the maps site in a new tab, which the link says) and a call link labelled with the number.

export interface SchoolDetailsProps {
  school: School;
  /** The id of the school's state record (data/states.json), when its label matches one. */
  stateId: number | null;
  /** The school's sources with their titles, publishers and days read (sourcesToShow, in the loader). */
  sources: readonly DescribedSource[];
  /** The day the record was last checked, in words (the loader's), and whether that is more than 18 months ago. */
  checkedOn?: string | null;
  outOfDate?: boolean;
  /** The school closed: its page stays, marked so. */
  closed?: boolean;
  /** Sources of the latest changes to single fields, where they differ from `sources` (by field path). */
  fieldSources?: Record<string, ShownFieldSource>;
}

/** Where the corrections form of the page is (CorrectionForm's `anchor`): a link there opens it. */
export const CORRECTION_ANCHOR = "suggest-correction";

export function SchoolDetails({
  school,
  stateId,
  sources,
  checkedOn = null,
  outOfDate = false,
  closed = false,
  fieldSources = noFieldSources,
}: SchoolDetailsProps) {
  const t = useT();
  const language = useLanguage();
  const website = websiteHref(school.website);
  const phones = phoneNumbers(school.phone);
  const email = school.email.trim();
  const stateName = school.state.trim();
  const directions = directionsTarget(school);
  const callable = phones.map((phone) => normaliseNigerianPhone(phone.text)).find(Boolean) ?? null;
  const source = (...fields: string[]) => sourceOfFields(fieldSources, fields);

  return (
    <article className={`container ${styles.details}`}>
      <BackToResults />
      <h1 className={styles.title}>{school.name}</h1>
      {closed ? <p className={styles.closed}>{t("schools.closed")}</p> : null}
      {directions || callable ? (
        <ul className={styles.actions}>
          {directions ? (
            <li>
              <ExternalLink href={directionsHref(directions)} className="button">
                {t(`schools.directions.${directions.kind}`)}
              </ExternalLink>
            </li>
          ) : null}
          {callable ? (
            <li>
              <a href={`tel:${callable}`} className="button button--secondary">
                {t("schools.callNumber", { phone: callable })}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {/* Only text and links: served, not hydrated (StaticPart, record 0035). */}
      <StaticPart as="dl" shows={[school, stateId, fieldSources, language]} className={styles.facts}>
        <Fact term={t("schools.facts.type")} source={source("type")}>
          {schoolTypesText(t, school.type)}
        </Fact>
        <Fact term={t("schools.facts.location")} source={source("location", "latitude", "longitude")}>
          {school.location.trim()}
        </Fact>
        <Fact term={t("schools.facts.lga")} source={source("local_government")}>
          {school.local_government.trim()}
        </Fact>
        <Fact term={t("schools.facts.state")} source={source("state")}>
          {stateName && stateId !== null ? <Link to={paths.state(stateId)}>{stateName}</Link> : stateName}
        </Fact>
        <Fact term={t("schools.facts.website")} source={source("website")}>
          {website ? <ExternalLink href={website}>{websiteText(website)}</ExternalLink> : null}
        </Fact>
        <Fact
          term={t("schools.facts.phone")}
          source={source("phone")}
          whenMissing={
            // A plain link: the router's would drop the page's query (its `from`) for the hash.
            <a href={`#${CORRECTION_ANCHOR}`} className={styles.suggest}>
              {t("schools.suggestPhone")}
            </a>
          }
        >
          {phones.length > 0 ? (
            <ul className={styles.plainList}>
              {phones.map((phone, index) => (
                <li key={`${index}-${phone.text}`}>
                  {phone.href ? <a href={phone.href}>{phone.text}</a> : phone.text}
                </li>
              ))}
            </ul>
          ) : null}
        </Fact>
        <Fact term={t("schools.facts.email")} source={source("email")}>
          {/* The data sometimes holds a phone number here: shown as recorded, but never as a mailto link. */}
          {email && isEmailAddress(email) ? <a href={`mailto:${email}`}>{email}</a> : email}
        </Fact>
        <Fact term={t("schools.facts.description")} source={source("desc")}>
          {school.desc.trim() ? (
            <ReaderText record={school} field="desc">
              {(description, lang) => <span lang={lang}>{description.trim()}</span>}
            </ReaderText>
          ) : null}
        </Fact>
        <Fact term={t("schools.facts.groups")} source={source("disability_groups")}>
          {disabilityGroupsText(t, school.disability_groups)}
        </Fact>
        <Fact term={t("schools.facts.boarding")} source={source("boarding")}>
          {boardingText(t, school.boarding)}
        </Fact>
        <Fact term={t("schools.facts.ownership")} source={source("ownership")}>
          {ownershipText(t, school.ownership)}
        </Fact>
      </StaticPart>

      <h2 className={styles.subheading}>{t("schools.sources")}</h2>
      <SourceList sources={sources} />
      <LastChecked checkedOn={checkedOn} outOfDate={outOfDate} />
      <p className={styles.asOf}>{t("schools.asOf", { date: formatAsOf(school.as_of) })}</p>
      <p>
        <Link to={paths.schoolHistory(school.id)}>{t("common.seeEveryChange")}</Link>
      </p>
    </article>
  );
}

/**
 * One term and its value; an empty value reads "Not available" (then `whenMissing`, what to do about it).
 * `lang` marks a value that is English content; `source` is the field's own source, when it has one.
 */
function Fact({
  term,
  lang,
  source,
  whenMissing,
  children,
}: {
  term: string;
  lang?: string;
  source?: ShownFieldSource | null;
  whenMissing?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const missing = children === null || children === undefined || children === "";
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      {missing ? (
        <dd>
          <span className={styles.missing}>{t("schools.notAvailable")}</span>
          {whenMissing ? <> {whenMissing}</> : null}
          <FieldSource source={source} />
        </dd>
      ) : (
        <dd lang={lang}>
          {children}
          <FieldSource source={source} />
        </dd>
      )}
    </div>
  );
}

/**
 * "Back to results": the schools list the visitor opened this page from (its `from` parameter, checked to
 * be this site's list). The kept page is the same for everyone, so the link appears once hydrated.
 */
function BackToResults() {
  const t = useT();
  const hydrated = useHydrated();
  const { search } = useLocation();
  const list = hydrated ? schoolListReturnPath(new URLSearchParams(search).get("from")) : null;
  if (!list) return null;
  return (
    <p className={styles.back}>
      <Link to={list}>{t("schools.backToResults")}</Link>
    </p>
  );
}

export function SchoolNotFound() {
  const t = useT();
  return (
    <div className={`container ${styles.notFound}`}>
      <h1 className={styles.title}>{t("schools.notFound.title")}</h1>
      <p>{t("schools.notFound.text")}</p>
      <Link to={paths.home()} className="button">
        {t("common.backToHome")}
      </Link>
    </div>
  );
}
