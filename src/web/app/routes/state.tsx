import {
  Link,
  languageOfRequest,
  pageMessages,
  translatorFor,
  NamespacesLoadFailed,
  useNamespaces,
  useT,
} from "../../i18n";
import { isOutOfDate } from "../../../domain/freshness";
import { sameState } from "../../../domain/datasets/state-names";
import { formatAsOf, formatDay, formatNumber } from "../../../domain/format";
import { paths } from "../../../domain/routes";
import { sourcesToShow } from "../../../domain/datasets/record-sources";
import { fieldSourcesToShow } from "../../../domain/field-sources";
import { CorrectionForm } from "../../features/corrections";
import { LaterPart } from "../../ui/LaterPart";
import { ExplorerSection } from "../../features/explorer";
import { explorerData } from "../explorer-data";
import { StatePolicyPage, StateReports } from "../../features/states";
import { lawStatusWords } from "../../i18n/law-status-text";
import { Spinner } from "../../ui/Spinner";
import { MessagesLoadFailedPage } from "../messages-load-failed";
import { addErrorMessages, errorPageMeta, isUnknownPageError, unknownPage } from "../not-found-error";
import { publishedDataOf, siteSettingsOf } from "../datasets";
import { localizePath } from "../../../i18n/languages";
import {
  SOCIAL_CARD_HEIGHT,
  SOCIAL_CARD_WIDTH,
  socialCardVersion,
  socialCardWords,
} from "../../../domain/social-card";
import { name as siteName } from "../../../../data/site.json";
import { withTranslationsIn } from "../../../domain/datasets/reader-text";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/state";
import { unlessOnlyTheQueryChanged } from "../revalidate";

const namespaces = ["states", "corrections", "documents", "explorer"];

// On the server, from the published data: the page's HTML carries just this state's record.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const data = await publishedDataOf(context);
  const { schools, states, checkedAt } = data;
  const record = states.find((state) => String(state.id) === params.stateId);
  if (!record) throw unknownPage(await pageMessages(request, namespaces));
  const schoolCount = schools.filter((school) => sameState(school.state, record.state)).length;
  const checked = checkedAt?.state[String(record.id)] ?? null;
  // The law's uploaded text, when its record names one that exists (only what the link shows).
  const lawDocumentId = record.law.document_id;
  const [lawDocument] =
    lawDocumentId && context.documents ? await context.documents.find([lawDocumentId]) : [];
  const language = languageOfRequest(request);
  const { publicUrl } = siteSettingsOf(context);
  return {
    // The page's address and its picture for a shared link (og:url, og:image): absolute, as previews need;
    // the picture's address changes with what it shows, so sites that keep previews fetch the new one.
    pageUrl: publicUrl + localizePath(paths.state(record.id), language),
    socialCardUrl: `${publicUrl}${localizePath(paths.stateSocialCard(record.id), language)}?v=${socialCardVersion(record)}`,
    // Decided at render (the page is kept until the next publication), so the browser agrees on hydration.
    checkedOn: checked === null ? null : formatDay(checked, languageOfRequest(request)),
    lawDocument: lawDocument ?? null,
    outOfDate: isOutOfDate(checked, new Date()),
    // Only the page's language's translations of its texts (none on an English page).
    record: withTranslationsIn(record, languageOfRequest(request)),
    schoolCount,
    totalStates: states.length,
    explorer: await explorerData(context, languageOfRequest(request), states, schools),
    sources: sourcesToShow(record.sources, language),
    // The law, rank, score and contacts each show the source of their latest change.
    fieldSources: fieldSourcesToShow(data.fieldSources?.state[String(record.id)], language),
    i18n: await pageMessages(request, namespaces),
  };
}

export function meta({ data, error, location }: Route.MetaArgs): Route.MetaDescriptors {
  // An unknown id, or a failure: the error page's title.
  if (!data) return errorPageMeta(error, location.pathname, "states.notFound.title");
  const t = translatorFor(location.pathname);
  const { record } = data;
  const title = t("states.meta.title", { state: record.state });
  const description = t("states.meta.description", {
    state: record.state,
    status: lawStatusWords(t, record.status, record.law.year),
    asOf: formatAsOf(record.as_of),
    schools: formatNumber(data.schoolCount),
  });
  const { alt } = socialCardWords(t, record);
  // What WhatsApp, X and Facebook show of a shared link: they read these tags and run no JavaScript.
  return [
    ...pageMeta(title, description),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: data.pageUrl },
    { property: "og:image", content: data.socialCardUrl },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SOCIAL_CARD_WIDTH) },
    { property: "og:image:height", content: String(SOCIAL_CARD_HEIGHT) },
    { property: "og:image:alt", content: alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: data.socialCardUrl },
    { name: "twitter:image:alt", content: alt },
  ];
}

export default function StateRoute({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData;
  return (
    <StatePolicyPage {...loaderData}>
      {/* Each in a task of its own (LaterPart); the explorer is an island that hydrates near the screen. */}
      <LaterPart name="state-reports">
        <StateReports stateId={record.id} stateName={record.state} />
      </LaterPart>
      <ExplorerSection
        states={loaderData.explorer.states}
        citations={loaderData.explorer.citations}
        highlightStateId={record.id}
      />
      <LaterPart name="state-correction">
        <CorrectionForm subject="state" subjectId={record.id} subjectName={record.state} />
      </LaterPart>
    </StatePolicyPage>
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
        <Spinner label={messages === "ready" ? t("states.loadingPage") : undefined} />
      )}
      <Link to={paths.home()}>{t("common.backToHome")}</Link>
    </div>
  );
}

/** Unknown state ids (/states/99) end here. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  addErrorMessages(error);
  const messages = useNamespaces(namespaces, { turnsPage: true });
  const notFound = isUnknownPageError(error);
  if (messages === "loading") return <Spinner />;
  if (messages === "failed") return <MessagesLoadFailedPage />;
  const title = notFound ? t("states.notFound.title") : t("common.somethingWentWrong");
  return (
    <div className="container">
      <h1>{title}</h1>
      <p>{notFound ? t("states.notFound.text") : t("states.loadFailed.text")}</p>
      <Link className="button" to={paths.home()}>
        {t("common.backToHome")}
      </Link>
    </div>
  );
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
