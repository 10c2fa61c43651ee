import { paths } from "../../../domain/routes";
import { Link, T, pageMessages, translatorFor, useEnglishContentLang, useT } from "../../i18n";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/blog";
import styles from "./content-page.module.css";
import { unlessOnlyTheQueryChanged } from "../revalidate";

export async function loader({ request }: Route.LoaderArgs) {
  return { i18n: await pageMessages(request, ["content"]) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("content.blog.title"), t("content.blog.description"));
};

export default function Blog() {
  const t = useT();
  const englishContent = useEnglishContentLang();
  return (
    <article className={`container ${styles.page}`}>
      <h1>{t("content.blog.title")}</h1>
      <p>{t("content.blog.empty")}</p>
      <p>
        <T
          id="content.blog.meanwhile"
          components={{
            home: <Link to={paths.home()} />,
            sdir: <Link to={paths.sdir()} lang={englishContent} />,
          }}
        />
      </p>
    </article>
  );
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
