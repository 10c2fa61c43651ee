import { type To } from "react-router";
import { useT } from "../i18n/language-context";
import { Link } from "../i18n/links";
import { T } from "../i18n/T";
import { formatNumber } from "../../domain/format";
import styles from "./Pager.module.css";

// Previous / "Page n of m" / Next under every paginated list. Links, not buttons, so a page of a list has
// an address that can be kept, shared and opened before the app has loaded. Nothing shows for one page.

export interface PagerProps {
  /** Names the navigation landmark, e.g. "Pages of users": several lists must not share one name. */
  label: string;
  page: number;
  lastPage: number;
  /** There may be pages after lastPage (a list counted only so far): "Page n of m or more". */
  morePages?: boolean;
  /** Where page `page` of the list is. */
  linkTo: (page: number) => To;
  /** Called when a page link is followed (e.g. to move focus to the top of the list). */
  onPage?: () => void;
  className?: string;
}

export function Pager({ label, page, lastPage, morePages = false, linkTo, onPage, className }: PagerProps) {
  const t = useT();
  if (lastPage <= 1) return null;
  const hidden = <span className="visually-hidden" />;
  return (
    <nav aria-label={label} className={className ? `${styles.pager} ${className}` : styles.pager}>
      {page > 1 ? (
        <Link to={linkTo(page - 1)} className="button button--secondary" onClick={onPage}>
          <T id="common.pager.previous" components={{ hidden }} />
        </Link>
      ) : null}
      <p className={styles.pageNumber}>
        {t(morePages ? "common.pager.pageOfMore" : "common.pager.pageOf", {
          page: formatNumber(page),
          lastPage: formatNumber(lastPage),
        })}
      </p>
      {page < lastPage ? (
        <Link to={linkTo(page + 1)} className="button button--secondary" onClick={onPage}>
          <T id="common.pager.next" components={{ hidden }} />
        </Link>
      ) : null}
    </nav>
  );
}
