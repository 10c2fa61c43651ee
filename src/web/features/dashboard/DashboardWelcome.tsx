import { Link } from "react-router";
import site from "../../../../data/site.json";
import { paths } from "../../../domain/routes";
import { useSessionUser } from "../../lib/session";
import styles from "./DashboardWelcome.module.css";

/** The dashboard's first page for a signed-in person: who they are signed in as and where to go next. */
export function DashboardWelcome() {
  const user = useSessionUser();
  if (!user) return null; // the dashboard layout renders pages only for a signed-in user

  return (
    <div className={styles.page}>
      <h1>Welcome, {user.firstname}</h1>
      <p className={styles.lead}>
        You are signed in as <strong>{user.email}</strong>. This is your dashboard: the place to share what
        you have seen or lived, and to keep your account up to date.
      </p>

      <section aria-labelledby="dashboard-offers" className={styles.section}>
        <h2 id="dashboard-offers">What you can do here</h2>
        <ul className={styles.offers}>
          <li>
            <h3>Share an eyewitness report</h3>
            <p>
              Tell us about a barrier you met, an experience, a question or a contribution, with photographs
              or a video as evidence. Every report is reviewed and verified before it appears.
            </p>
            <Link to={paths.eyewitness()}>How eyewitness reports work</Link>
          </li>
          <li>
            <h3>Keep your profile up to date</h3>
            <p>Change the first and last name shown with your reports.</p>
            <Link to={paths.profile()}>Go to your profile</Link>
          </li>
        </ul>
      </section>

      <section aria-labelledby="dashboard-explore" className={styles.section}>
        <h2 id="dashboard-explore">Explore the data</h2>
        <ul className={styles.links}>
          <li>
            <Link to={paths.home()}>National statistics, the map of states and inclusive schools</Link>
          </li>
          <li>
            <Link to={paths.sdir()}>State of Disability Inclusion Report in Nigeria 2024</Link>
          </li>
          <li>
            <Link to={paths.about()}>About {site.name}</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
