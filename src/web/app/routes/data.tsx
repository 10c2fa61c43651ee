import { openDataCatalogue } from "../../../domain/opendata/catalogue";
import type { EstimatesFile } from "../../../domain/opendata/datasets";
import { OpenDataPage } from "../../features/opendata";
import { pageMessages, translatorFor } from "../../i18n";
import { publishedDataOf } from "../datasets";
import { pageMeta } from "../page-title";
import type { Route } from "./+types/data";
import { unlessOnlyTheQueryChanged } from "../revalidate";

// On the server, from the published data: sizes and row counts are those of the very bytes the server
// sends, and no dataset reaches the page's JavaScript.
export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ schools, states, estimates }, i18n] = await Promise.all([
    publishedDataOf(context),
    pageMessages(request, ["opendata"]),
  ]);
  const catalogue = openDataCatalogue({
    states,
    schools,
    estimates: estimates as EstimatesFile,
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

export const shouldRevalidate = unlessOnlyTheQueryChanged;
