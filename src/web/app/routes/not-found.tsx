import { data } from "react-router";
import { useT } from "../../i18n/language-context";
import { Link } from "../../i18n/links";
import { translatorFor } from "../../i18n/runtime";
import { paths } from "../../../domain/routes";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/not-found";
import styles from "./content-page.module.css";

// Rendered on the server for any path no other route matches: the answer's status says so (404), so
// search engines and the service worker (which keeps only 200s) never take it for a page.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("common.pageNotFound"), undefined, t);
};

export default function NotFound() {
  const t = useT();
  return (
    <article className={`container ${styles.page}`}>
      <h1>{t("common.pageNotFound")}</h1>
      <p>{t("common.notFound.text")}</p>
      <noscript>
        <p>{t("common.notFound.noScript")}</p>
      </noscript>
      <Link className="button" to={paths.home()}>
        {t("common.backToHome")}
      </Link>
    </article>
  );
}
