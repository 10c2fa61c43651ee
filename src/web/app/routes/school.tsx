import {
  languageOfRequest,
  pageMessages,
  translatorFor,
  NamespacesLoadFailed,
  useNamespaces,
  useT,
} from "../../i18n";
import { isOutOfDate } from "../../../domain/freshness";
import { formatDay } from "../../../domain/format";
import { sameState } from "../../../domain/datasets/state-names";
import { describeSources } from "../../../domain/source-titles";
import { CorrectionForm } from "../../features/corrections";
import { SchoolDetails, SchoolNotFound } from "../../features/schools";
import { Spinner } from "../../ui/Spinner";
import { MessagesLoadFailedPage } from "../messages-load-failed";
import { addErrorMessages, isUnknownPageError, unknownPage } from "../not-found-error";
import { publishedDataOf } from "../datasets";
import { pageMeta, pageTitle } from "../page-title";
import type { Route } from "./+types/school";
import { unlessOnlyTheQueryChanged } from "../revalidate";

const namespaces = ["schools", "corrections"];

// On the server, from the published data: the page carries just this school's record.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { schools, states, checkedAt } = await publishedDataOf(context);
  const school = schools.find((candidate) => String(candidate.id) === params.schoolId);
  if (!school) throw unknownPage(await pageMessages(request, namespaces));
  const stateId = states.find((state) => sameState(state.state, school.state))?.id ?? null;
  const checked = checkedAt?.school[String(school.id)] ?? null;
  return {
    school,
    // Decided at render (the page is kept until the next publication), so the browser agrees on hydration.
    checkedOn: checked === null ? null : formatDay(checked, languageOfRequest(request)),
    outOfDate: isOutOfDate(checked, new Date()),
    stateId,
    sources: describeSources(school.sources),
    i18n: await pageMessages(request, namespaces),
  };
}

export function meta({ data, location }: Route.MetaArgs) {
  const t = translatorFor(location.pathname);
  // An unknown id: the error page names itself (its <title>).
  if (!data) return [];
  const { school } = data;
  return pageMeta(
    school.name,
    t("schools.meta.description", {
      name: school.name,
      place: [school.location, school.state].filter(Boolean).join(", "),
    }),
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
  const t = useT();
  const messages = useNamespaces(namespaces);
  return (
    <div className="container">
      {messages === "failed" ? (
        <NamespacesLoadFailed />
      ) : (
        <Spinner label={messages === "ready" ? t("schools.loadingSchool") : undefined} />
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  addErrorMessages(error);
  const messages = useNamespaces(namespaces, { turnsPage: true });
  if (isUnknownPageError(error)) {
    if (messages === "loading") return <Spinner />;
    if (messages === "failed") return <MessagesLoadFailedPage />;
    return (
      <>
        <title>{pageTitle(t("schools.notFound.title"))}</title>
        <SchoolNotFound />
      </>
    );
  }
  throw error;
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
