import site from "../../../../data/site.json";
import { ExternalLink } from "../../ui/ExternalLink";
import { SourceList } from "../../ui/SourceList";
import { describeSources } from "../../../domain/source-titles";
import { pageMeta } from "../page-title";
import type { Route } from "./+types/sdir";
import styles from "./content-page.module.css";

const report = site.sdir;
const launched = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

// Build time only: the sources' titles are worked out here, not in the browser.
export function loader() {
  return { sources: describeSources(report.sources) };
}

export const meta = () => pageMeta(report.title, `${report.title}, published by ${report.publisher}.`);

export default function Sdir({ loaderData }: Route.ComponentProps) {
  return (
    <article className={`container ${styles.page}`}>
      <h1>{report.title}</h1>
      <p>
        Published by {report.publisher}. Launched on{" "}
        <time dateTime={report.launched}>{launched.format(new Date(report.launched))}</time>.
      </p>
      <section aria-labelledby="highlights">
        <h2 id="highlights">Highlights</h2>
        <ul>
          {report.highlights.map((highlight) => (
            <li key={highlight}>{highlight}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="download">
        <h2 id="download">The full report</h2>
        {report.pdfUrl ? (
          <ExternalLink href={report.pdfUrl} className="button">
            DOWNLOAD NOW<span className="visually-hidden"> the report (PDF)</span>
          </ExternalLink>
        ) : (
          <p className={styles.note}>
            The report&apos;s PDF is not available here yet. The highlights above come from the press coverage
            listed below.
          </p>
        )}
      </section>
      <section aria-labelledby="sources">
        <h2 id="sources">Sources</h2>
        <SourceList sources={loaderData.sources} />
      </section>
    </article>
  );
}
