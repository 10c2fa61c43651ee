import { Link, pageMessages, translatorFor, useNamespaces, useT } from "../../i18n";
import { sameState, stateSlug } from "../../../domain/datasets/state-names";
import { lgasByState } from "../../../domain/reports/report-lgas";
import { paths } from "../../../domain/routes";
import { lgaSlug, resultsPage, schoolResults } from "../../../domain/school-results";
import { readSchoolResultsQuery } from "../../../domain/school-results-query";
import { SchoolResultsPage, type SchoolResultsData } from "../../features/schools";
import { Spinner } from "../../ui/Spinner";
import { MessagesLoadFailedPage } from "../messages-load-failed";
import { addErrorMessages, isUnknownPageError, unknownPage } from "../not-found-error";
import { publishedDataOf } from "../datasets";
import { pageMeta, pageTitle } from "../../ui/page-title";
import type { Route } from "./+types/schools";

// /schools?state=kano&group=hearing: the school results as a page of their own, rendered on the server
// for the filters in its address (the server passes only the parameters of their shapes: pageQuery) and
// kept like every page, so a shared or printed link shows the same list before any JavaScript. The
// filters are a plain GET form. A state or LGA the data does not know is a 404 (never kept).

const namespaces = ["schools"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { schools, states } = await publishedDataOf(context);
  const query = readSchoolResultsQuery(new URL(request.url).searchParams);
  const state =
    query.state === null
      ? null
      : (states.find(
          (record) => stateSlug(record.state) === query.state || String(record.id) === query.state,
        ) ?? null);
  if (query.state !== null && !state) throw unknownPage(await pageMessages(request, namespaces));
  const stateLgaNames = state
    ? (lgasByState.find((entry) => sameState(entry.state, state.state))?.lgas ?? [])
    : [];
  const lgaName = query.lga ? (stateLgaNames.find((name) => lgaSlug(name) === query.lga) ?? null) : null;
  // An LGA of another state (the state was changed in the form without JavaScript) is dropped and said;
  // one of no state at all is a mistyped address.
  const otherStateLga =
    query.lga && !lgaName
      ? lgasByState.flatMap((entry) => entry.lgas).find((name) => lgaSlug(name) === query.lga)
      : undefined;
  if (query.lga && !lgaName && !otherStateLga) throw unknownPage(await pageMessages(request, namespaces));

  const results = schoolResults(schools, {
    stateName: state?.state ?? null,
    lgaName,
    group: query.group,
    boarding: query.boarding,
    ownership: query.ownership,
    type: query.type,
    name: query.name,
  });
  const page = resultsPage(results, query.page);
  const stateNames = new Map(states.map((record) => [stateSlug(record.state), record.state]));
  const data: SchoolResultsData = {
    filter: {
      ...query,
      state: state ? stateSlug(state.state) : null,
      lga: lgaName ? lgaSlug(lgaName) : null,
      page: page.page,
    },
    stateName: state?.state ?? null,
    lgaName,
    droppedLga: otherStateLga ?? null,
    states: states.map((record) => ({ slug: stateSlug(record.state), name: record.state })),
    lgas: stateLgaNames.map((name) => ({ slug: lgaSlug(name), name })),
    total: results.length,
    page: page.page,
    lastPage: page.lastPage,
    first: page.first,
    schools: page.shown.map((school) => ({
      id: school.id,
      name: school.name,
      type: school.type,
      location: school.location,
      phone: school.phone,
      website: school.website,
      stateName: stateNames.get(stateSlug(school.state)) ?? school.state,
    })),
  };
  return { ...data, i18n: await pageMessages(request, namespaces) };
}

export function meta({ data, location }: Route.MetaArgs) {
  const t = translatorFor(location.pathname);
  if (!data) return [];
  const place = [data.lgaName, data.stateName].filter(Boolean).join(", ");
  return pageMeta(
    place ? t("schools.results.titleIn", { place }) : t("schools.results.title"),
    t("schools.results.description", { count: data.total }),
  );
}

export default function SchoolsRoute({ loaderData }: Route.ComponentProps) {
  return <SchoolResultsPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  addErrorMessages(error);
  const messages = useNamespaces(namespaces, { turnsPage: true });
  if (!isUnknownPageError(error)) throw error;
  if (messages === "loading") return <Spinner />;
  if (messages === "failed") return <MessagesLoadFailedPage />;
  return (
    <div className="container">
      <title>{pageTitle(t("schools.results.unknownPlace.title"))}</title>
      <h1>{t("schools.results.unknownPlace.title")}</h1>
      <p>{t("schools.results.unknownPlace.text")}</p>
      <p>
        <Link to={paths.schools()}>{t("schools.results.unknownPlace.link")}</Link>
      </p>
    </div>
  );
}
