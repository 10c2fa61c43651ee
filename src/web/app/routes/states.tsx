import { useMemo } from "react";
import { languageOfRequest, Link, pageMessages, T, translatorFor, useT } from "../../i18n";
import { formatAsOf } from "../../../domain/format";
import { countByLawStatus } from "../../../domain/law-status";
import { paths } from "../../../domain/routes";
import { stateRows } from "../../../domain/states-comparison";
import { StatesComparison } from "../../features/comparison";
import { ExplorerSection } from "../../features/explorer";
import { explorerData } from "../explorer-data";
import { lawStatusLabelText } from "../../i18n/law-status-text";
import { publishedDataOf } from "../datasets";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/states";
import styles from "./content-page.module.css";
import { unlessOnlyTheQueryChanged } from "../revalidate";

// On the server only: the page carries the table's rows, not the states' descriptions or the schools.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { schools, states: records } = await publishedDataOf(context);
  return {
    rows: stateRows(records, schools),
    counts: countByLawStatus(records.map((state) => ({ lawStatus: state.status }))).map(
      ({ category, count }) => ({ key: category.key, count }),
    ),
    asOf: records[0]?.as_of ?? "",
    explorer: await explorerData(context, languageOfRequest(request), records, schools),
    i18n: await pageMessages(request, ["comparison", "states", "explorer"]),
  };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("comparison.meta.title"), t("comparison.meta.description"));
};

export default function StatesRoute({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { rows, counts, asOf, explorer } = loaderData;
  // The same map while the page's data is the same: the table is not rendered again for a new one.
  const verifiedReports = useMemo(
    () =>
      explorer.reportsCounted
        ? new Map(explorer.states.map((state) => [state.id, state.verified]))
        : undefined,
    [explorer],
  );
  const countsText = counts
    .map(({ key, count }) => t("states.lawStatus.count", { label: lawStatusLabelText(t, key), count }))
    .join(", ");
  return (
    <article className="container">
      <p>
        <Link to={paths.home()}>{t("common.backToHome")}</Link>
      </p>
      <h1 className={styles.wideTitle}>{t("comparison.heading", { count: rows.length })}</h1>
      <p>
        <T
          id="comparison.intro"
          values={{ counts: countsText, date: formatAsOf(asOf) }}
          components={{ link: <Link to={paths.sdir()} /> }}
        />
      </p>
      <StatesComparison rows={rows} verifiedReports={verifiedReports} />
      <ExplorerSection states={explorer.states} citations={explorer.citations} />
    </article>
  );
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
