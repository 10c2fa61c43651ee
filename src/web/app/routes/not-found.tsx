import { Link } from "../../i18n/links";
import { paths } from "../../../domain/routes";
import { pageMeta } from "../page-title";
import styles from "./content-page.module.css";

export const meta = () => pageMeta("Page not found");

export default function NotFound() {
  return (
    <article className={`container ${styles.page}`}>
      <h1>Page not found</h1>
      <p>We could not find the page you asked for. It may have moved, or the address may be mistyped.</p>
      <noscript>
        <p>
          JavaScript is turned off or could not load. The public pages (the map, the states, the schools) work
          without it; signing in and sending a report need it.
        </p>
      </noscript>
      <Link className="button" to={paths.home()}>
        Back to Home
      </Link>
    </article>
  );
}
