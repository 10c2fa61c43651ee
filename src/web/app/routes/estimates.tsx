import { EstimatesExplainer } from "../../features/estimates";
import { pageMessages, translatorFor } from "../../i18n";
import { publishedDataOf } from "../datasets";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/estimates";
import { unlessOnlyTheQueryChanged } from "../revalidate";

// On the server, from the published data: the page's HTML carries the estimates; no JavaScript fetches them.
export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    data: (await publishedDataOf(context)).estimates,
    i18n: await pageMessages(request, ["estimates"]),
  };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("estimates.title"), t("estimates.description"));
};

export default function EstimatesRoute({ loaderData }: Route.ComponentProps) {
  return <EstimatesExplainer data={loaderData.data} />;
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
