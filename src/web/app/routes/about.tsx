import { Link } from "../../i18n/links";
import country from "../../../../data/country-ng.json";
import { formatAsOf, formatNumber } from "../../../domain/format";
import { paths } from "../../../domain/routes";
import { ExternalLink } from "../../ui/ExternalLink";
import { loadDatasets } from "../datasets";
import { pageMeta } from "../page-title";
import type { Route } from "./+types/about";
import styles from "./content-page.module.css";

export async function loader() {
  const { schools, states } = await loadDatasets();
  const rankedStates = states.filter((state) => state.ranking !== "").length;
  const statesWithSchools = new Set(schools.map((school) => school.state.trim().toLowerCase())).size;
  return {
    stateCount: states.length,
    rankedStates,
    schoolCount: schools.length,
    statesWithSchools,
    statesAsOf: states[0]?.as_of ?? "",
    countrySources: country.sources,
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "About",
    "Why Inclusion Atlas exists, who it is for, how it is built, and where its data comes from.",
  );

export default function About({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <article className={`container ${styles.page}`}>
      <h1>About Inclusion Atlas</h1>
      <section aria-labelledby="mission">
        <h2 id="mission">Our mission</h2>
        <p>
          Inclusion Atlas makes disability inclusion in Nigeria visible and actionable. It brings together
          national disability statistics, each state&apos;s disability law and inclusion record, a directory
          of inclusive and special schools, and eyewitness reports from people who live with disability every
          day.
        </p>
      </section>
      <section aria-labelledby="problem">
        <h2 id="problem">The problem</h2>
        <p>
          Millions of Nigerians live with a disability, yet the facts that decide their chances — which states
          have a disability law, whether it is implemented, where a child who is deaf or blind can go to
          school — are scattered across reports, press articles and government pages, or not published at all.
          Without those facts, policy is made blind and advocacy argues without evidence.
        </p>
      </section>
      <section aria-labelledby="audience">
        <h2 id="audience">Who needs this platform</h2>
        <ul>
          <li>Policymakers and government agencies comparing states and planning services.</li>
          <li>Development organisations and NGOs targeting programmes where they are needed most.</li>
          <li>Private-sector decision-makers building accessible workplaces and services.</li>
          <li>Researchers, journalists and advocacy groups who need sourced facts.</li>
          <li>Persons with disabilities, their families and caregivers looking for schools and support.</li>
          <li>Organisations of and for persons with disabilities, and concerned citizens.</li>
        </ul>
      </section>
      <section aria-labelledby="tech">
        <h2 id="tech">Technology and impact</h2>
        <p>
          The site is built to work for everyone: it loads quickly on low-cost phones and slow, expensive
          mobile data, and it follows the Web Content Accessibility Guidelines (WCAG 2.2, level AA), so it can
          be used with a screen reader, a keyboard alone, or magnification. Every chart and the map have a
          text equivalent. Public pages are prepared in advance, so they appear before any script runs.
        </p>
      </section>
      <section aria-labelledby="data">
        <h2 id="data">Where the data comes from</h2>
        <p>
          Every record carries its sources and the date it was compiled. Descriptions and findings are written
          in our own words from those sources. Where no source was found, we say so (&quot;Not
          available&quot;) rather than guess.
        </p>
        <ul>
          <li>
            <strong>State policies</strong> ({formatNumber(data.stateCount)} records: the 36 states and the
            FCT, compiled as of {formatAsOf(data.statesAsOf)}): each state&apos;s disability law, agency,
            contacts and five key findings, from news reports, government pages and civil-society publications
            listed on each state&apos;s page. Rankings and inclusion scores come from the{" "}
            <Link to={paths.sdir()}>State of Disability Inclusion Report 2024</Link>; so far they are recorded
            for {formatNumber(data.rankedStates)} {data.rankedStates === 1 ? "state" : "states"}, and the
            others show &quot;Not ranked in this dataset&quot; until the report&apos;s table is added.
          </li>
          <li>
            <strong>Schools</strong> ({formatNumber(data.schoolCount)} inclusive and special schools in{" "}
            {formatNumber(data.statesWithSchools)} states): each with the public sources that name it.
            Coverage is thin in the North West and North East, and some schools may have closed or been
            renamed since their source was written.
          </li>
          <li>
            <strong>National statistics</strong>:{" "}
            {data.countrySources.map((source) => `${source.figure}: ${source.source}`).join("; ")}.
          </li>
          <li>
            <strong>Map</strong>: state boundaries from{" "}
            <ExternalLink href="https://www.naturalearthdata.com/">Natural Earth</ExternalLink>, public
            domain, simplified for a country-scale map.
          </li>
        </ul>
        <p>
          Found an error or a better source? Tell us through the contact details at the foot of every page, or
          send an <Link to={paths.eyewitness()}>eyewitness report</Link>.
        </p>
      </section>
    </article>
  );
}
