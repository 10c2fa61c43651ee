import { MyReportsPage, startMyReports } from "../../../features/my-reports";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import { startPageQueries } from "../../page-queries";
import { PageError } from "../../layout/PageError";
import type { Route } from "./+types/my-reports";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  startPageQueries(request, startMyReports);
  await pageMessages(request, ["report", "myReports", "published"]);
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("myReports.metaTitle"), t("myReports.metaDescription"));
};

export default function MyReports() {
  return <MyReportsPage />;
}

/** A failure of the page itself, inside the dashboard; a failed read is the page's own to say. */
export function ErrorBoundary() {
  return <PageError />;
}
