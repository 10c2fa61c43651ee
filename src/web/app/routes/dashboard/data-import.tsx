import { ImportPage } from "../../../features/datadesk";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import { PageError } from "../../layout/PageError";
import type { Route } from "./+types/data-import";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await pageMessages(request, ["datadesk"]);
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("datadesk.import.title"), t("datadesk.description"));
};

export default function DataImport() {
  return <ImportPage />;
}

/** A failure of the page itself, inside the dashboard; a failed read is the page's own to say. */
export function ErrorBoundary() {
  return <PageError />;
}
