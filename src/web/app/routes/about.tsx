import { formatAsOf } from "../../../domain/format";
import { paths } from "../../../domain/routes";
import { Link, T, pageMessages, translatorFor, useEnglishContentLang, useT } from "../../i18n";
import { ExternalLink } from "../../ui/ExternalLink";
import { publishedDataOf } from "../datasets";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/about";
import styles from "./content-page.module.css";
import { unlessOnlyTheQueryChanged } from "../revalidate";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ schools, states, country }, i18n] = await Promise.all([
    publishedDataOf(context),
    pageMessages(request, ["about"]),
  ]);
  const rankedStates = states.filter((state) => state.ranking !== "").length;
  const statesWithSchools = new Set(schools.map((school) => school.state.trim().toLowerCase())).size;
  return {
    stateCount: states.length,
    rankedStates,
    schoolCount: schools.length,
    statesWithSchools,
    statesAsOf: states[0]?.as_of ?? "",
    countrySources: country.sources,
    i18n,
  };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("about.title"), t("about.description"));
};

export default function About({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const t = useT();
  const englishContent = useEnglishContentLang();
  const strong = <strong />;
  return (
    <article className={`container ${styles.page}`}>
      <h1>{t("about.heading")}</h1>
      <section aria-labelledby="mission">
        <h2 id="mission">{t("about.mission.heading")}</h2>
        <p>{t("about.mission.text")}</p>
      </section>
      <section aria-labelledby="problem">
        <h2 id="problem">{t("about.problem.heading")}</h2>
        <p>{t("about.problem.text")}</p>
      </section>
      <section aria-labelledby="audience">
        <h2 id="audience">{t("about.audience.heading")}</h2>
        <ul>
          <li>{t("about.audience.policymakers")}</li>
          <li>{t("about.audience.organisations")}</li>
          <li>{t("about.audience.privateSector")}</li>
          <li>{t("about.audience.researchers")}</li>
          <li>{t("about.audience.persons")}</li>
          <li>{t("about.audience.opds")}</li>
        </ul>
      </section>
      <section aria-labelledby="tech">
        <h2 id="tech">{t("about.tech.heading")}</h2>
        <p>{t("about.tech.text")}</p>
      </section>
      <section aria-labelledby="data">
        <h2 id="data">{t("about.data.heading")}</h2>
        <p>{t("about.data.intro")}</p>
        <ul>
          <li>
            <T
              id="about.data.states"
              values={{
                count: data.stateCount,
                asOf: formatAsOf(data.statesAsOf),
                ranked: data.rankedStates,
              }}
              components={{ strong, sdir: <Link to={paths.sdir()} lang={englishContent} /> }}
            />
          </li>
          <li>
            <T
              id="about.data.schools"
              values={{ count: data.schoolCount, states: data.statesWithSchools }}
              components={{ strong }}
            />
          </li>
          <li>
            <T
              id="about.data.statistics"
              components={{
                strong,
                sources: (
                  <span lang={englishContent}>
                    {data.countrySources.map((source) => `${source.figure}: ${source.source}`).join("; ")}
                  </span>
                ),
              }}
            />
          </li>
          <li>
            <T
              id="about.data.map"
              components={{
                strong,
                // The link's text comes from the message.
                naturalEarth: <ExternalLink href="https://www.naturalearthdata.com/">{null}</ExternalLink>,
              }}
            />
          </li>
        </ul>
        <p>
          <T id="about.data.feedback" components={{ eyewitness: <Link to={paths.eyewitness()} /> }} />
        </p>
      </section>
    </article>
  );
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
