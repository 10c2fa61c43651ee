import { paths } from "../../../domain/routes";
import { Link, pageMessages, translatorFor, useT } from "../../i18n";
import { useSessionUser } from "../../lib/session";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/eyewitness-intro";
import styles from "./content-page.module.css";
import { unlessOnlyTheQueryChanged } from "../revalidate";

export async function loader({ request }: Route.LoaderArgs) {
  return { i18n: await pageMessages(request, ["content"]) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("content.eyewitness.title"), t("content.eyewitness.description"));
};

export default function EyewitnessIntro() {
  const t = useT();
  // Null in the prerendered HTML and while hydrating, so the page first shows the signed-out buttons.
  const user = useSessionUser();
  return (
    <article className={`container ${styles.page}`}>
      <h1>{t("content.eyewitness.heading")}</h1>
      <p>{t("content.eyewitness.intro")}</p>
      <p>{t("content.eyewitness.evidence")}</p>
      <ul>
        <li>{t("content.eyewitness.kinds.barrier")}</li>
        <li>{t("content.eyewitness.kinds.experience")}</li>
        <li>{t("content.eyewitness.kinds.question")}</li>
        <li>{t("content.eyewitness.kinds.contribution")}</li>
      </ul>
      <p className={styles.note}>{t("content.eyewitness.reviewed")}</p>
      <p>
        <Link to={paths.publishedReports()}>{t("content.eyewitness.readVerified")}</Link>
      </p>
      <div className={styles.actions}>
        {user ? (
          <Link className="button" to={paths.dashboard()}>
            {t("content.eyewitness.goToDashboard")}
          </Link>
        ) : (
          <>
            <Link className="button" to={paths.login()}>
              {t("content.eyewitness.login")}
            </Link>
            <Link className="button button--secondary" to={paths.register()}>
              {t("content.eyewitness.register")}
            </Link>
          </>
        )}
      </div>
    </article>
  );
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
