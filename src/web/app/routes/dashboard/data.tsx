import { CorrectionReviews } from "../../../features/corrections";
import { DataDeskPage } from "../../../features/datadesk";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import type { Route } from "./+types/data";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await pageMessages(request, ["datadesk", "corrections"]);
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("datadesk.title"), t("datadesk.description"));
};

export default function DataDesk() {
  // Visitors' corrections below the search: an editor starts a change from a state's or school's.
  return (
    <>
      <DataDeskPage />
      <CorrectionReviews />
    </>
  );
}
