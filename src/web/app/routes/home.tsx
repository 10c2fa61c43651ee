import { type ComponentType, lazy, memo, Suspense } from "react";
import { nationalFigures } from "../../../domain/national-estimates";
import { summarizeStates } from "../../../domain/state-summaries";
import { figureCards } from "../../features/statistics";
import { publishedDataOf } from "../datasets";
import type { HomePageProps } from "../home/HomePage";
import { expectLaterPart, markPartHydrated } from "../../lib/hydration-mark";
import { pageMeta } from "../../ui/page-title";
import { paths } from "../../../domain/routes";
import { importWithRetry } from "../../lib/import-with-retry";
import { pageMessages, T, translatorFor, useLocalizePath } from "../../i18n";
import { LoadFailureBoundary } from "../../ui/LoadFailureBoundary";
import { Spinner } from "../../ui/Spinner";
import type { Route } from "./+types/home";
import { unlessOnlyTheQueryChanged } from "../revalidate";

// On the server only: the page ships short summaries of the 37 states, not their full records or the schools.
// The figures' cards are built here in the page's language, from the catalogue (statistics).
export async function loader({ request, context }: Route.LoaderArgs) {
  // The page's features: the figures, the map, the schools' count, the state's overview and the directory.
  const i18n = await pageMessages(request, [
    "home",
    "map",
    "statistics",
    "education",
    "states",
    "schools",
    "documents",
  ]);
  const t = translatorFor(new URL(request.url).pathname);
  const { schools, states, country, estimates } = await publishedDataOf(context);
  const figures = nationalFigures(estimates);
  // The policy's uploaded text, when the national record names one that exists (only what the link shows).
  const policyDocumentId = country.policy.document_id;
  const [policyDocument] =
    policyDocumentId && context.documents ? await context.documents.find([policyDocumentId]) : [];
  return {
    i18n,
    states: summarizeStates(states, schools),
    policy: country.policy,
    policyDocument: policyDocument ?? null,
    figures,
    cards: figureCards(figures, schools.length, t),
    totalSchools: schools.length,
  };
}

// Arriving by an in-app link, the page's code is fetched beside its data, so the content rarely waits.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), importHomePage()]);
  return data;
}

// The site's own title and description (common.siteTitle, common.siteDescription) in the page's language.
export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(undefined, undefined, translatorFor(location.pathname));

type HomePageModule = { default: ComponentType<HomePageProps> };
// Memoised: a render of the route with the same data (the router's, when it learns the routes the page's
// links lead to) leaves the content as it is; on a slow phone it was 60 ms of rendering the same page again.
const importHomePage = (): Promise<HomePageModule> =>
  importWithRetry(() => import("../home/HomePage")).then(({ HomePage }) => ({ default: memo(HomePage) }));

// The page's content (the figures, the map and its geometry, the charts) is prerendered into the HTML, and
// its code is not part of the first load: in the browser it is a lazy module inside a Suspense boundary,
// which React hydrates on its own once the code has arrived, after the header, the footer and the rest.
// The first load is smaller and hydration is cut in two shorter tasks. Prerendering, the content is loaded
// before rendering (top-level await) and handed to lazy() as an already-settled thenable, so the HTML holds
// the content itself, not the boundary's fallback.
const prerenderedHomePage = import.meta.env.SSR ? await importHomePage() : undefined;
if (!import.meta.env.SSR && typeof document !== "undefined") expectLaterPart();

const HomePage = lazy((): Promise<HomePageModule> =>
  prerenderedHomePage
    ? // A thenable that settles at once: lazy() then renders synchronously.
      ({
        then: (resolve: (module: HomePageModule) => void) => resolve(prerenderedHomePage),
      } as Promise<HomePageModule>)
    : importHomePage(),
);

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    // The fallback shows only after an in-app link, and only while the code is still on its way: the first
    // load hydrates the prerendered content in place.
    // If the code cannot be fetched even after its retries, the header and footer stay, and the page says
    // what happened and how to try again (a full load, which the browser may answer from its cache).
    <LoadFailureBoundary fallback={<HomeLoadFailure />} onFailure={markPartHydrated}>
      <Suspense
        fallback={
          <div className="container">
            <Spinner />
          </div>
        }
      >
        <HomePage {...loaderData} />
      </Suspense>
    </LoadFailureBoundary>
  );
}

function HomeLoadFailure() {
  const localize = useLocalizePath();
  return (
    <div className="container">
      <p role="alert">
        <T
          id="home.loadFailure"
          // A full load, not an in-app link; the message gives the link its words.
          // eslint-disable-next-line jsx-a11y/anchor-has-content
          components={{ reload: <a href={localize(paths.home())} /> }}
        />
      </p>
    </div>
  );
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
