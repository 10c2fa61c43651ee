import { Link } from "../../i18n/links";
import { paths } from "../../../domain/routes";
import { useSessionUser } from "../../lib/session";
import { pageMeta } from "../page-title";
import styles from "./content-page.module.css";

export const meta = () =>
  pageMeta(
    "Eyewitness",
    "Report a barrier, share an experience, ask a question or contribute: tell what you saw or lived.",
  );

export default function EyewitnessIntro() {
  // Null in the prerendered HTML and while hydrating, so the page first shows the signed-out buttons.
  const user = useSessionUser();
  return (
    <article className={`container ${styles.page}`}>
      <h1>Eyewitness reports</h1>
      <p>
        Have you met a barrier — a school that turned a child away, a hospital without a ramp, a job advert
        that excluded you? Did something work well? Your account helps others see what inclusion looks like,
        and where it fails.
      </p>
      <p>
        Registered users can send a report with photographs or a video as evidence. You can tell us about:
      </p>
      <ul>
        <li>a barrier you met,</li>
        <li>an experience, good or bad,</li>
        <li>a question about disability rights or services,</li>
        <li>a contribution: a fact, a source or an idea.</li>
      </ul>
      <p className={styles.note}>All submissions are reviewed and verified before they appear.</p>
      <p>
        <Link to={paths.publishedReports()}>Read verified reports</Link>
      </p>
      <div className={styles.actions}>
        {user ? (
          <Link className="button" to={paths.dashboard()}>
            Go to dashboard
          </Link>
        ) : (
          <>
            <Link className="button" to={paths.login()}>
              Login to dashboard
            </Link>
            <Link className="button button--secondary" to={paths.register()}>
              Create an account
            </Link>
          </>
        )}
      </div>
    </article>
  );
}
