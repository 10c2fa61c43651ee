import { Link } from "react-router";
import site from "../../../../data/site.json";
import { paths } from "../../../domain/routes";
import { ExternalLink } from "../../ui/ExternalLink";
import { Logo } from "./Logo";
import styles from "./SiteFooter.module.css";

const socialNames = {
  facebook: "Facebook",
  x: "X",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  youtube: "YouTube",
} as const;

/** Footer with the site settings of data/site.json. */
export function SiteFooter() {
  const socials = Object.entries(socialNames).filter(([key]) => site.social[key as keyof typeof socialNames]);
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
              <Link to={paths.openData()}>Open data</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>Contact</h2>
          <ul className={styles.links}>
            {site.contact.email ? (
              <li>
                E-mail: <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
              </li>
            ) : null}
            {site.contact.phone ? (
              <li>
                Phone: <a href={`tel:${site.contact.phone.replace(/[^+\d]/g, "")}`}>{site.contact.phone}</a>
              </li>
            ) : null}
          </ul>
          {socials.length > 0 ? (
            <>
              <h2 className={styles.heading}>Follow us</h2>
              <ul className={styles.social}>
                {socials.map(([key, name]) => (
                  <li key={key}>
                    <ExternalLink href={site.social[key as keyof typeof socialNames]}>{name}</ExternalLink>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
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
