import { paths } from "../../../domain/routes";
import { Link, T, pageMessages, translatorFor, useT } from "../../i18n";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/opportunities";
import styles from "./content-page.module.css";
import { unlessOnlyTheQueryChanged } from "../revalidate";

export async function loader({ request }: Route.LoaderArgs) {
  return { i18n: await pageMessages(request, ["content"]) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("content.opportunities.title"), t("content.opportunities.description"));
};

export default function Opportunities() {
  const t = useT();
  return (
    <article className={`container ${styles.page}`}>
      <h1>{t("content.opportunities.title")}</h1>
      <p>{t("content.opportunities.empty")}</p>
      <p>
        <T id="content.opportunities.schools" components={{ home: <Link to={paths.home()} /> }} />
      </p>
    </article>
  );
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
