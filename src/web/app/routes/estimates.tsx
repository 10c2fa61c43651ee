import estimates from "../../../../data/estimates.json";
import { estimatesSchema } from "../../../domain/datasets/schemas";
import { EstimatesExplainer } from "../../features/estimates";
import { pageMessages, translatorFor } from "../../i18n";
import { pageMeta } from "../page-title";
import type { Route } from "./+types/estimates";

// Build time only: the page's HTML carries the estimates; no JavaScript fetches them.
export async function loader({ request }: Route.LoaderArgs) {
  return {
    data: estimatesSchema.parse(estimates),
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
