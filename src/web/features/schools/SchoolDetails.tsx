import type { ReactNode } from "react";
import { Link, useEnglishContentLang, useT } from "../../i18n";
import type { School } from "../../../domain/datasets/schemas";
import { formatAsOf } from "../../../domain/format";
import { paths } from "../../../domain/routes";
import type { DescribedSource } from "../../../domain/source-titles";
import { ExternalLink } from "../../ui/ExternalLink";
import { LastChecked } from "../../ui/LastChecked";
import { SourceList } from "../../ui/SourceList";
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
// and addresses.

export interface SchoolDetailsProps {
  school: School;
  /** The id of the school's state record (data/states.json), when its label matches one. */
  stateId: number | null;
  /** The school's sources with their titles (describeSources, at build time). */
  sources: readonly DescribedSource[];
  /** The day the record was last checked, in words (the loader's), and whether that is more than 18 months ago. */
  checkedOn?: string | null;
  outOfDate?: boolean;
}

export function SchoolDetails({
  school,
  stateId,
  sources,
  checkedOn = null,
  outOfDate = false,
}: SchoolDetailsProps) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  const website = websiteHref(school.website);
  const phones = phoneNumbers(school.phone);
  const email = school.email.trim();
  const stateName = school.state.trim();

  return (
    <article className={`container ${styles.details}`}>
      <h1 className={styles.title}>{school.name}</h1>
      <dl className={styles.facts}>
        <Fact term={t("schools.facts.type")}>{schoolTypesText(t, school.type)}</Fact>
        <Fact term={t("schools.facts.location")}>{school.location.trim()}</Fact>
        <Fact term={t("schools.facts.lga")}>{school.local_government.trim()}</Fact>
        <Fact term={t("schools.facts.state")}>
          {stateName && stateId !== null ? <Link to={paths.state(stateId)}>{stateName}</Link> : stateName}
        </Fact>
        <Fact term={t("schools.facts.website")}>
          {website ? <ExternalLink href={website}>{websiteText(website)}</ExternalLink> : null}
        </Fact>
        <Fact term={t("schools.facts.phone")}>
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
        <Fact term={t("schools.facts.email")}>
          {/* The data sometimes holds a phone number here: shown as recorded, but never as a mailto link. */}
          {email && isEmailAddress(email) ? <a href={`mailto:${email}`}>{email}</a> : email}
        </Fact>
        <Fact term={t("schools.facts.description")} lang={contentLang}>
          {school.desc.trim()}
        </Fact>
        <Fact term={t("schools.facts.groups")}>{disabilityGroupsText(t, school.disability_groups)}</Fact>
        <Fact term={t("schools.facts.boarding")}>{boardingText(t, school.boarding)}</Fact>
        <Fact term={t("schools.facts.ownership")}>{ownershipText(t, school.ownership)}</Fact>
      </dl>

      <h2 className={styles.subheading}>{t("schools.sources")}</h2>
      <SourceList sources={sources} asOf={school.as_of} />
      <LastChecked checkedOn={checkedOn} outOfDate={outOfDate} />
      <p className={styles.asOf}>{t("schools.asOf", { date: formatAsOf(school.as_of) })}</p>
      <p>
        <Link to={paths.schoolHistory(school.id)}>{t("common.seeEveryChange")}</Link>
      </p>
    </article>
  );
}

/** One term and its value; an empty value reads "Not available". `lang` marks a value that is English content. */
function Fact({ term, lang, children }: { term: string; lang?: string; children: ReactNode }) {
  const t = useT();
  const missing = children === null || children === undefined || children === "";
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd className={missing ? styles.missing : undefined} lang={missing ? undefined : lang}>
        {missing ? t("schools.notAvailable") : children}
      </dd>
    </div>
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
