import { DocumentsPage, startDocuments } from "../../../features/datadesk";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import { startPageQueries } from "../../page-queries";
import { PageError } from "../../layout/PageError";
import type { Route } from "./+types/data-documents";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  startPageQueries(request, (client, params, viewer) => startDocuments(client, params, viewer.role));
  await pageMessages(request, ["datadesk"]);
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("datadesk.documents.title"), t("datadesk.documents.description"));
};

export default function DataDocuments() {
  return <DocumentsPage />;
}

/** A failure of the page itself, inside the dashboard; a failed read is the page's own to say. */
export function ErrorBoundary() {
  return <PageError />;
}
