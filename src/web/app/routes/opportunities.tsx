import { Link } from "../../i18n/links";
import { paths } from "../../../domain/routes";
import { pageMeta } from "../page-title";
import styles from "./content-page.module.css";

export const meta = () =>
  pageMeta(
    "Opportunities",
    "Scholarships, jobs, grants and training for persons with disabilities in Nigeria.",
  );

export default function Opportunities() {
  return (
    <article className={`container ${styles.page}`}>
      <h1>Opportunities</h1>
      <p>
        Scholarships, jobs, grants and training open to persons with disabilities will be listed here. There
        are no listings yet.
      </p>
      <p>
        Looking for a school? Use the <Link to={paths.home()}>inclusive schools directory</Link> on the home
        page.
      </p>
    </article>
  );
}
