import { type To } from "react-router";
import { Link } from "../i18n/links";
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
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={label} className={className ? `${styles.pager} ${className}` : styles.pager}>
      {page > 1 ? (
        <Link to={linkTo(page - 1)} className="button button--secondary" onClick={onPage}>
          Previous<span className="visually-hidden"> page</span>
        </Link>
      ) : null}
      <p className={styles.pageNumber}>
        Page {formatNumber(page)} of {formatNumber(lastPage)}
        {morePages ? " or more" : ""}
      </p>
      {page < lastPage ? (
        <Link to={linkTo(page + 1)} className="button button--secondary" onClick={onPage}>
          Next<span className="visually-hidden"> page</span>
        </Link>
      ) : null}
    </nav>
  );
}
