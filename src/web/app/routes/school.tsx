import type { School } from "../../../domain/datasets/schemas";
import { sameState } from "../../../domain/datasets/state-names";
import { describeSources } from "../../../domain/source-titles";
import { CorrectionForm } from "../../features/corrections";
import { SchoolDetails, SchoolNotFound } from "../../features/schools";
import { Spinner } from "../../ui/Spinner";
import { isUnknownPageError } from "../not-found-error";
import { loadDatasets } from "../datasets";
import { pageMeta, pageTitle } from "../page-title";
import type { Route } from "./+types/school";

// Build time only (every school is prerendered): the page carries just this school's record.
export async function loader({ params }: Route.LoaderArgs) {
  const { schools, states } = await loadDatasets();
  const school = (schools as School[]).find((candidate) => String(candidate.id) === params.schoolId);
  if (!school) throw new Response("School not found", { status: 404 });
  const stateId = states.find((state) => sameState(state.state, school.state))?.id ?? null;
  return { school, stateId, sources: describeSources(school.sources) };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: pageTitle("School not found") }];
  const { school } = data;
  return pageMeta(
    school.name,
    `${school.name}, ${[school.location, school.state].filter(Boolean).join(", ")}: an inclusive or special school.`,
  );
}

export default function SchoolRoute({ loaderData }: Route.ComponentProps) {
  const { school } = loaderData;
  return (
    <>
      <SchoolDetails {...loaderData} />
      <div className="container">
        <CorrectionForm subject="school" subjectId={school.id} subjectName={school.name} />
      </div>
    </>
  );
}

export function HydrateFallback() {
  return (
    <div className="container">
      <Spinner label="Loading school…" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isUnknownPageError(error)) {
    return (
      <>
        <title>{pageTitle("School not found")}</title>
        <SchoolNotFound />
      </>
    );
  }
  throw error;
}
