import estimates from "../../../../data/estimates.json";
import type { School, StateRecord } from "../../../domain/datasets/schemas";
import { openDataCatalogue } from "../../../domain/opendata/catalogue";
import type { EstimatesFile } from "../../../domain/opendata/datasets";
import { OpenDataPage } from "../../features/opendata";
import { loadDatasets } from "../datasets";
import { pageMeta } from "../page-title";
import type { Route } from "./+types/data";

// Runs at build time only (the page is prerendered): sizes and row counts are those of the very bytes
// the server sends, and no dataset reaches the page's JavaScript.
export async function loader() {
  const { schools, states } = await loadDatasets();
  return openDataCatalogue({
    states: states as StateRecord[],
    schools: schools as School[],
    estimates: estimates as unknown as EstimatesFile,
  });
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Open data",
    "Download every Inclusion Atlas dataset and every verified eyewitness report as CSV, JSON or GeoJSON, with a field dictionary, the licence (CC BY 4.0) and how to cite.",
  );

export default function OpenData({ loaderData }: Route.ComponentProps) {
  return <OpenDataPage catalogue={loaderData} />;
}
