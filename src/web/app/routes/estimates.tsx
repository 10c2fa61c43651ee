import estimates from "../../../../data/estimates.json";
import { estimatesSchema } from "../../../domain/datasets/schemas";
import { EstimatesExplainer } from "../../features/estimates";
import { pageMeta } from "../page-title";
import type { Route } from "./+types/estimates";

// Build time only: the page's HTML carries the estimates; no JavaScript fetches them.
export function loader() {
  return { data: estimatesSchema.parse(estimates) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "How many Nigerians have a disability?",
    "The 2006 census, the 2018 Demographic and Health Survey, the WHO's global 15% and advocacy figures side by side: method, year, what each counts and how to cite it.",
  );

export default function EstimatesRoute({ loaderData }: Route.ComponentProps) {
  return <EstimatesExplainer data={loaderData.data} />;
}
