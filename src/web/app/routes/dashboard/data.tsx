import { CorrectionReviews } from "../../../features/corrections";
import { DataDeskPage, startDesk } from "../../../features/datadesk";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import { startPageQueries } from "../../page-queries";
import { PageError } from "../../layout/PageError";
import type { Route } from "./+types/data";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  startPageQueries(request, (client, params, viewer) => startDesk.records(client, params, viewer.role));
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

/** A failure of the page itself, inside the dashboard; a failed read is the page's own to say. */
export function ErrorBoundary() {
  return <PageError />;
}
