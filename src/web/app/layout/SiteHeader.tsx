import { useLocation, useMatches } from "react-router";
import { paths } from "../../../domain/routes";
import { withoutLanguage } from "../../../i18n/languages";
import { useT } from "../../i18n/language-context";
import { LanguageSwitch } from "../../i18n/LanguageSwitch";
import { Link } from "../../i18n/links";
import { baseRouteId } from "../../i18n/route-ids";
import { languageCodes } from "../../i18n/runtime";
import type { StateSummary } from "../../../domain/state-summaries";
import {
  StateSelect,
  EDUCATION_SECTION_ID,
  MAP_SECTION_ID,
  POLICY_SECTION_ID,
  useStateSelection,
} from "../../features/state-selection";
import { Logo } from "./Logo";
import { SiteSidebar } from "./SiteSidebar";
import styles from "./SiteHeader.module.css";

/**
 * The header; on the home page it also carries the section links and the state dropdown. It sticks to the
 * top only on wide screens, where it is one row (html's scroll-padding-top matches its height); on phones it
 * scrolls away, so it never hides what has focus. The order in the HTML is the order on screen at every
 * width: logo, menu, then the home page's section links and state dropdown.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const home = useMatches().find((match) => baseRouteId(match.id) === "routes/home")?.loaderData as
    { states: StateSummary[] } | undefined;
  const onHome = withoutLanguage(pathname, languageCodes) === paths.home() && home;
  return (
    <header className={styles.header}>
      {onHome ? <HomeSkipLinks /> : null}
      <div className={`container ${styles.bar}`}>
        <Link to={paths.home()} className={styles.logo}>
          <Logo />
        </Link>
        <SiteSidebar />
        <LanguageSwitch />
        {onHome ? <HomeNavigation states={home.states} /> : null}
      </div>
    </header>
  );
}

/** After "Skip to main content": straight to the home page's parts (their ids are HomePage's). */
function HomeSkipLinks() {
  const t = useT();
  return (
    <>
      <a href={`#${MAP_SECTION_ID}`} className="skip-link">
        {t("common.skipToMap")}
      </a>
      <a href={`#${POLICY_SECTION_ID}`} className="skip-link">
        {t("common.skipToOverview")}
      </a>
      <a href={`#${EDUCATION_SECTION_ID}`} className="skip-link">
        {t("common.skipToSchools")}
      </a>
    </>
  );
}

function HomeNavigation({ states }: { states: StateSummary[] }) {
  const t = useT();
  const { selected, select, clear } = useStateSelection(states);
  return (
    <>
      <nav aria-label={t("common.homeSections")} className={styles.sections}>
        <button type="button" className={styles.sectionLink} onClick={clear}>
          {t("common.home")}
        </button>
        <a className={styles.sectionLink} href={`#${POLICY_SECTION_ID}`}>
          {t("common.policySection")}
        </a>
        <a className={styles.sectionLink} href={`#${EDUCATION_SECTION_ID}`}>
          {t("common.educationSection")}
        </a>
        <Link className={styles.sectionLink} to={paths.states()}>
          {t("common.compareStates")}
        </Link>
      </nav>
      <StateSelect
        className={styles.stateSelect}
        states={states}
        selectedSlug={selected?.slug ?? null}
        onSelect={select}
        onClear={clear}
      />
    </>
  );
}
