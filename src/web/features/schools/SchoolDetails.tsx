import type { ReactNode } from "react";
import { Link } from "../../i18n/links";
import type { School } from "../../../domain/datasets/schemas";
import { formatAsOf } from "../../../domain/format";
import { paths } from "../../../domain/routes";
import type { DescribedSource } from "../../../domain/source-titles";
import { ExternalLink } from "../../ui/ExternalLink";
import { SourceList } from "../../ui/SourceList";
import {
  boardingText,
  disabilityGroupsText,
  isEmailAddress,
  NOT_AVAILABLE,
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
}

export function SchoolDetails({ school, stateId, sources }: SchoolDetailsProps) {
  const website = websiteHref(school.website);
  const phones = phoneNumbers(school.phone);
  const email = school.email.trim();
  const stateName = school.state.trim();

  return (
    <article className={`container ${styles.details}`}>
      <h1 className={styles.title}>{school.name}</h1>
      <dl className={styles.facts}>
        <Fact term="Type">{schoolTypesText(school.type)}</Fact>
        <Fact term="Location">{school.location.trim()}</Fact>
        <Fact term="Local government area">{school.local_government.trim()}</Fact>
        <Fact term="State">
          {stateName && stateId !== null ? <Link to={paths.state(stateId)}>{stateName}</Link> : stateName}
        </Fact>
        <Fact term="Website">
          {website ? <ExternalLink href={website}>{websiteText(website)}</ExternalLink> : null}
        </Fact>
        <Fact term="Phone">
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
        <Fact term="E-mail">
          {/* The data sometimes holds a phone number here: shown as recorded, but never as a mailto link. */}
          {email && isEmailAddress(email) ? <a href={`mailto:${email}`}>{email}</a> : email}
        </Fact>
        <Fact term="Description">{school.desc.trim()}</Fact>
        <Fact term="Disability groups served">{disabilityGroupsText(school.disability_groups)}</Fact>
        <Fact term="Day or boarding">{boardingText(school.boarding)}</Fact>
        <Fact term="Ownership">{ownershipText(school.ownership)}</Fact>
      </dl>

      <h2 className={styles.subheading}>Sources</h2>
      <SourceList sources={sources} asOf={school.as_of} />
      <p className={styles.asOf}>Information as of {formatAsOf(school.as_of)}.</p>
    </article>
  );
}

/** One term and its value; an empty value reads "Not available". */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  const missing = children === null || children === undefined || children === "";
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd className={missing ? styles.missing : undefined}>{missing ? NOT_AVAILABLE : children}</dd>
    </div>
  );
}

export function SchoolNotFound() {
  return (
    <div className={`container ${styles.notFound}`}>
      <h1 className={styles.title}>School not found</h1>
      <p>There is no school at this address in the directory. The link may be mistyped or out of date.</p>
      <Link to={paths.home()} className="button">
        Back to Home
      </Link>
    </div>
  );
}
