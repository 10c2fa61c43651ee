import { Link } from "../../i18n/links";
import type { StateRecord } from "../../../domain/datasets/schemas";
import { sameState } from "../../../domain/datasets/state-names";
import { formatAsOf, formatNumber } from "../../../domain/format";
import { lawStatusText } from "../../../domain/law-status";
import { paths } from "../../../domain/routes";
import { describeSources } from "../../../domain/source-titles";
import { CorrectionForm } from "../../features/corrections";
import { StatePolicyPage, StateReports } from "../../features/states";
import { Spinner } from "../../ui/Spinner";
import { isUnknownPageError } from "../not-found-error";
import { loadDatasets } from "../datasets";
import { pageMeta, pageTitle } from "../page-title";
import type { Route } from "./+types/state";

// Runs at build time only (every state is prerendered): the page's HTML carries just this state's record.
export async function loader({ params }: Route.LoaderArgs) {
  const { schools, states } = await loadDatasets();
  const record = (states as StateRecord[]).find((state) => String(state.id) === params.stateId);
  if (!record) throw new Response("Policy Not Found", { status: 404 });
  const schoolCount = schools.filter((school) => sameState(school.state, record.state)).length;
  return { record, schoolCount, totalStates: states.length, sources: describeSources(record.sources) };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: pageTitle("Policy Not Found") }];
  const { record } = data;
  return pageMeta(
    `${record.state} disability policy`,
    `${record.state}: disability law ${lawStatusText(record.status, record.law.year)}; ranking, inclusion score, key findings, contacts and sources. Data as of ${formatAsOf(record.as_of)}; ${formatNumber(data.schoolCount)} inclusive schools listed.`,
  );
}

export default function StateRoute({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData;
  return (
    <StatePolicyPage {...loaderData}>
      <StateReports stateId={record.id} stateName={record.state} />
      <CorrectionForm subject="state" subjectId={record.id} subjectName={record.state} />
    </StatePolicyPage>
  );
}

export function HydrateFallback() {
  return (
    <div className="container">
      <Spinner label="Loading state policy…" />
      <Link to={paths.home()}>Back to Home</Link>
    </div>
  );
}

/** Unknown state ids (/states/99) end here. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isUnknownPageError(error);
  return (
    <div className="container">
      <title>{pageTitle(notFound ? "Policy Not Found" : "Something went wrong")}</title>
      <h1>{notFound ? "Policy Not Found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "There is no state disability policy at this address. Choose a state from the map or the list on the home page."
          : "This state's page could not be loaded. Please check your connection and try again."}
      </p>
      <Link className="button" to={paths.home()}>
        Back to Home
      </Link>
    </div>
  );
}
