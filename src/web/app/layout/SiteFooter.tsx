import { Link } from "react-router";
import configuredContacts from "virtual:site-contacts";
import site from "../../../../data/site.json";
import { paths } from "../../../domain/routes";
import { telHref, type SiteContacts } from "../../../domain/site-contacts";
import { ExternalLink } from "../../ui/ExternalLink";
import { Logo } from "./Logo";
import styles from "./SiteFooter.module.css";

/**
 * Footer with the site settings of data/site.json; contact details and social links come from the
 * deployer's configuration (SITE_* variables, see the README), and none are shown when unset.
 */
export function SiteFooter({ contacts = configuredContacts }: { contacts?: SiteContacts }) {
  const { email, phone, social } = contacts;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div>
          <Link to={paths.home()} className={styles.logo}>
            <Logo />
          </Link>
          <p className={styles.initiative}>{site.initiative}</p>
          <p className={styles.tagline}>{site.tagline}</p>
          {site.poweredBy.name ? <p>Powered by {credit(site.poweredBy)}</p> : null}
          {site.supportedBy.name ? <p>Supported by {credit(site.supportedBy)}</p> : null}
        </div>
        <nav aria-label="Footer">
          <h2 className={styles.heading}>Explore</h2>
          <ul className={styles.links}>
            <li>
              <Link to={paths.about()}>About</Link>
            </li>
            <li>
              <Link to={paths.eyewitness()}>Eyewitness</Link>
            </li>
            <li>
              <Link to={paths.publishedReports()}>Verified eyewitness reports</Link>
            </li>
            <li>
              {site.blogUrl ? (
                <ExternalLink href={site.blogUrl}>Blog</ExternalLink>
              ) : (
                <Link to={paths.blog()}>Blog</Link>
              )}
            </li>
            <li>
              <Link to={paths.sdir()}>State of Disability Inclusion Report</Link>
            </li>
            <li>
              <Link to={paths.states()}>Compare all states</Link>
            </li>
            <li>
              <Link to={paths.estimates()}>How many Nigerians have a disability?</Link>
            </li>
            <li>
              <Link to={paths.openData()}>Open data</Link>
            </li>
          </ul>
        </nav>
        {email || phone || social.length > 0 ? (
          <div>
            {email || phone ? (
              <>
                <h2 className={styles.heading}>Contact</h2>
                <ul className={styles.links}>
                  {email ? (
                    <li>
                      E-mail: <a href={`mailto:${email}`}>{email}</a>
                    </li>
                  ) : null}
                  {phone ? (
                    <li>
                      Phone: <a href={telHref(phone)}>{phone}</a>
                    </li>
                  ) : null}
                </ul>
              </>
            ) : null}
            {social.length > 0 ? (
              <>
                <h2 className={styles.heading}>Follow us</h2>
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
          Data: see <Link to={paths.about()}>where the data comes from</Link>, or{" "}
          <Link to={paths.openData()}>download it as open data</Link> (CC BY 4.0). State boundaries: Natural
          Earth, public domain.
        </p>
      </div>
    </footer>
  );
}

function credit(link: { name: string; url: string }) {
  return link.url ? <ExternalLink href={link.url}>{link.name}</ExternalLink> : link.name;
}
