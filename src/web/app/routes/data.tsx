import estimates from "../../../../data/estimates.json";
import type { School, StateRecord } from "../../../domain/datasets/schemas";
import { openDataCatalogue } from "../../../domain/opendata/catalogue";
import type { EstimatesFile } from "../../../domain/opendata/datasets";
import { OpenDataPage } from "../../features/opendata";
import { pageMessages, translatorFor } from "../../i18n";
import { loadDatasets } from "../datasets";
import { pageMeta } from "../page-title";
import type { Route } from "./+types/data";

// Runs at build time only (the page is prerendered): sizes and row counts are those of the very bytes
// the server sends, and no dataset reaches the page's JavaScript.
export async function loader({ request }: Route.LoaderArgs) {
  const [{ schools, states }, i18n] = await Promise.all([
    loadDatasets(),
    pageMessages(request, ["opendata"]),
  ]);
  const catalogue = openDataCatalogue({
    states: states as StateRecord[],
    schools: schools as School[],
    estimates: estimates as unknown as EstimatesFile,
  });
  return { catalogue, i18n };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("opendata.title"), t("opendata.description"));
};

export default function OpenData({ loaderData }: Route.ComponentProps) {
  return <OpenDataPage catalogue={loaderData.catalogue} />;
}
