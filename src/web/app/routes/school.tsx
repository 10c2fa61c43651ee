import { redirect } from "react-router";
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
import { sourcesToShow } from "../../../domain/datasets/record-sources";
import { fieldSourcesToShow } from "../../../domain/field-sources";
import { paths } from "../../../domain/routes";
import { localizePath } from "../../../i18n/languages";
import { CorrectionForm } from "../../features/corrections";
import { CORRECTION_ANCHOR, SchoolDetails, SchoolNotFound } from "../../features/schools";
import { Spinner } from "../../ui/Spinner";
import { MessagesLoadFailedPage } from "../messages-load-failed";
import { addErrorMessages, errorPageMeta, isUnknownPageError, unknownPage } from "../not-found-error";
import { publishedDataOf } from "../datasets";
import { withTranslationsIn } from "../../../domain/datasets/reader-text";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/school";
import { unlessOnlyTheQueryChanged } from "../revalidate";

const namespaces = ["schools", "corrections"];

// On the server, from the published data: the page carries just this school's record.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const data = await publishedDataOf(context);
  const { schools, states, checkedAt } = data;
  // A duplicate merged into another school: its old address moves there for good, in the
  // page's language; its history page stays where it was (school-history.tsx).
  const mergedInto = data.mergedSchools?.[params.schoolId];
  if (mergedInto !== undefined) {
    throw redirect(localizePath(paths.school(Number(mergedInto)), languageOfRequest(request)), 301);
  }
  const isThis = (candidate: { id: number }) => String(candidate.id) === params.schoolId;
  const open = schools.find(isThis);
  // A closed school's page stays readable, marked closed.
  const school = open ?? data.closedSchools?.find(isThis);
  if (!school) throw unknownPage(await pageMessages(request, namespaces));
  const stateId = states.find((state) => sameState(state.state, school.state))?.id ?? null;
  const checked = checkedAt?.school[String(school.id)] ?? null;
  return {
    // Only the page's language's translations of its texts (none on an English page).
    school: withTranslationsIn(school, languageOfRequest(request)),
    // Decided at render (the page is kept until the next publication), so the browser agrees on hydration.
    checkedOn: checked === null ? null : formatDay(checked, languageOfRequest(request)),
    outOfDate: isOutOfDate(checked, new Date()),
    stateId,
    closed: !open,
    sources: sourcesToShow(school.sources, languageOfRequest(request)),
    fieldSources: fieldSourcesToShow(
      data.fieldSources?.school[String(school.id)],
      languageOfRequest(request),
    ),
    i18n: await pageMessages(request, namespaces),
  };
}

export function meta({ data, error, location }: Route.MetaArgs): Route.MetaDescriptors {
  // An unknown id, or a failure: the error page's title.
  if (!data) return errorPageMeta(error, location.pathname, "schools.notFound.title");
  const t = translatorFor(location.pathname);
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
        <CorrectionForm
          subject="school"
          subjectId={school.id}
          subjectName={school.name}
          anchor={CORRECTION_ANCHOR}
        />
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
  addErrorMessages(error);
  const messages = useNamespaces(namespaces, { turnsPage: true });
  if (isUnknownPageError(error)) {
    if (messages === "loading") return <Spinner />;
    if (messages === "failed") return <MessagesLoadFailedPage />;
    return <SchoolNotFound />;
  }
  throw error;
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
