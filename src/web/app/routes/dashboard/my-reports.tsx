import { MyReportsPage } from "../../../features/my-reports";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import type { Route } from "./+types/my-reports";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
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
