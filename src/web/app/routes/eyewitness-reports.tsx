import { PublishedReportsPage } from "../../features/published";
import { pageMessages, translatorFor } from "../../i18n";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/eyewitness-reports";
import { unlessOnlyTheQueryChanged } from "../revalidate";

/** Build-time: the messages of the page's language (its introduction, filter and reports' labels). */
export async function loader({ request }: Route.LoaderArgs) {
  return { i18n: await pageMessages(request, ["published", "myReports"]) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("published.title"), t("published.description"));
};

/** Prerendered with its introduction and filter; the reports are fetched in the browser. */
export default function EyewitnessReports() {
  return <PublishedReportsPage />;
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
