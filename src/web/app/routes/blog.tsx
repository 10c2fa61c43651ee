import { Link } from "../../i18n/links";
import { paths } from "../../../domain/routes";
import { pageMeta } from "../page-title";
import styles from "./content-page.module.css";

export const meta = () => pageMeta("Blog", "Stories and analysis on disability inclusion in Nigeria.");

export default function Blog() {
  return (
    <article className={`container ${styles.page}`}>
      <h1>Blog</h1>
      <p>
        Stories, analysis and updates on disability inclusion in Nigeria will be published here. There are no
        posts yet.
      </p>
      <p>
        In the meantime, explore <Link to={paths.home()}>the data for each state</Link> or read about{" "}
        <Link to={paths.sdir()}>the State of Disability Inclusion Report</Link>.
      </p>
    </article>
  );
}
