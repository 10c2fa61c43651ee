import { ImportPage } from "../../../features/datadesk";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
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
