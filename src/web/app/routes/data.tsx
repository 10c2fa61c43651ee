import { openDataCatalogue } from "../../../domain/opendata/catalogue";
import { parseStateBoundaries } from "../../../domain/opendata/boundaries";
import type { EstimatesFile } from "../../../domain/opendata/datasets";
import { OpenDataPage, type DatasetVersions } from "../../features/opendata";
import { formatDay } from "../../../domain/format";
import { languageOfRequest, pageMessages, translatorFor } from "../../i18n";
import { publishedDataOf, type PageDatasetVersions } from "../datasets";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/data";
import { unlessOnlyTheQueryChanged } from "../revalidate";

// On the server, from the published data: sizes and row counts are those of the very bytes the server
// sends, and no dataset reaches the page's JavaScript.
export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ schools, states, estimates }, i18n, boundaries, versions] = await Promise.all([
    publishedDataOf(context),
    pageMessages(request, ["opendata"]),
    // The file the server's states.geojson is made of (src/server/opendata/state-boundaries.ts), in the
    // server's build only: loaders never reach the browser.
    import("../../../../data/nigeria-states.geojson?raw").then((file) => parseStateBoundaries(file.default)),
    // Absent under `react-router dev`, which renders without our server: then no versions are listed.
    context.openData?.versions() ?? Promise.resolve<Awaited<ReturnType<PageDatasetVersions["versions"]>>>({}),
  ]);
  const catalogue = openDataCatalogue(
    { states, schools, estimates: estimates as EstimatesFile, boundaries },
    { states: versions.states, schools: versions.schools, estimates: versions.estimates },
  );
  const language = languageOfRequest(request);
  // The day in words, made here: the browser shows the server's words (format.ts says why).
  const datasetVersions: DatasetVersions = Object.fromEntries(
    catalogue.datasets.flatMap(({ id }) => {
      const figures = versions[id];
      return figures ? [[id, { ...figures, changedOn: formatDay(figures.changedAt, language) }]] : [];
    }),
  );
  return { catalogue, versions: datasetVersions, i18n };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("opendata.title"), t("opendata.description"));
};

export default function OpenData({ loaderData }: Route.ComponentProps) {
  return <OpenDataPage catalogue={loaderData.catalogue} versions={loaderData.versions} />;
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
