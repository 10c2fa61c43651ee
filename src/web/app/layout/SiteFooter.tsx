import { useLocation } from "react-router";
import { blogUrl, initiative, poweredBy, supportedBy, tagline } from "../../../../data/site.json";
import { paths } from "../../../domain/routes";
import { noContacts, telHref, type SiteContacts } from "../../../domain/site-contacts";
import { useEnglishContentLang, useT } from "../../i18n/language-context";
import { LanguageLinks, rememberLanguageOfLink } from "../../i18n/LanguageSwitch";
import { Link } from "../../i18n/links";
import { T } from "../../i18n/T";
import { ExternalLink } from "../../ui/ExternalLink";
import { StaticPart } from "../../ui/StaticPart";
import { Logo } from "./Logo";
import styles from "./SiteFooter.module.css";

/**
 * Footer with the site settings of data/site.json; contact details and social links come from the
 * deployer's configuration (SITE_* variables, see the README), and none are shown when unset.
 */
export function SiteFooter({ contacts = noContacts }: { contacts?: SiteContacts }) {
  const t = useT();
  // The deployer's own words (data/site.json), in English.
  const contentLang = useEnglishContentLang();
  const { email, phone, social } = contacts;
  const { pathname, search, hash } = useLocation();
  return (
    // Only links and text: served, it is not hydrated (StaticPart). Its language links lead to this page
    // in each language, so it renders anew once the address changes.
    <StaticPart
      as="footer"
      className={styles.footer}
      shows={[contacts, pathname, search, hash]}
      onClickWhileServed={rememberLanguageOfLink}
    >
      <div className={`container ${styles.grid}`}>
        <div>
          <Link to={paths.home()} className={styles.logo}>
            <Logo />
          </Link>
          <p className={styles.initiative} lang={contentLang}>
            {initiative}
          </p>
          <p className={styles.tagline} lang={contentLang}>
            {tagline}
          </p>
          {poweredBy.name ? (
            <p>
              <T id="common.poweredBy" components={{ name: credit(poweredBy) }} />
            </p>
          ) : null}
          {supportedBy.name ? (
            <p>
              <T id="common.supportedBy" components={{ name: credit(supportedBy) }} />
            </p>
          ) : null}
        </div>
        <nav aria-label={t("common.footer")}>
          <h2 className={styles.heading}>{t("common.explore")}</h2>
          <ul className={styles.links}>
            <li>
              <Link to={paths.about()}>{t("common.about")}</Link>
            </li>
            <li>
              <Link to={paths.eyewitness()}>{t("common.eyewitness")}</Link>
            </li>
            <li>
              <Link to={paths.publishedReports()}>{t("common.verifiedReports")}</Link>
            </li>
            <li>
              {blogUrl ? (
                <ExternalLink href={blogUrl}>{t("common.blog")}</ExternalLink>
              ) : (
                <Link to={paths.blog()}>{t("common.blog")}</Link>
              )}
            </li>
            <li>
              <Link to={paths.sdir()}>{t("common.sdir")}</Link>
            </li>
            <li>
              <Link to={paths.states()}>{t("common.compareStates")}</Link>
            </li>
            <li>
              <Link to={paths.estimates()}>{t("common.estimates")}</Link>
            </li>
            <li>
              <Link to={paths.openData()}>{t("common.openData")}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("common.languages")}>
          <h2 className={styles.heading}>{t("common.languages")}</h2>
          <LanguageLinks className={styles.links} />
        </nav>
        {email || phone || social.length > 0 ? (
          <div>
            {email || phone ? (
              <>
                <h2 className={styles.heading}>{t("common.contact")}</h2>
                <ul className={styles.links}>
                  {email ? (
                    <li>
                      {t("common.emailLabel")} <a href={`mailto:${email}`}>{email}</a>
                    </li>
                  ) : null}
                  {phone ? (
                    <li>
                      {t("common.phoneLabel")} <a href={telHref(phone)}>{phone}</a>
                    </li>
                  ) : null}
                </ul>
              </>
            ) : null}
            {social.length > 0 ? (
              <>
                <h2 className={styles.heading}>{t("common.followUs")}</h2>
                <ul className={styles.social}>
                  {social.map((network) => (
                    <li key={network.name}>
                      <ExternalLink href={network.url}>{network.name}</ExternalLink>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className={`container ${styles.fineprint}`}>
        <p>
          <T
            id="common.dataCredit"
            components={{ about: <Link to={paths.about()} />, openData: <Link to={paths.openData()} /> }}
          />
        </p>
      </div>
    </StaticPart>
  );
}

function credit(link: { name: string; url: string }) {
  return link.url ? <ExternalLink href={link.url}>{link.name}</ExternalLink> : <>{link.name}</>;
}
