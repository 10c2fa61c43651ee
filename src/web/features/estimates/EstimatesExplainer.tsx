import { openDataPath } from "../../../domain/opendata/documents";
import type { Estimate, Estimates } from "../../../domain/datasets/schemas";
import { formatAsOf, formatNumber, formatPercent } from "../../../domain/format";
import { ExternalLink } from "../../ui/ExternalLink";
import styles from "./EstimatesExplainer.module.css";
import { ShareBars, type Bar } from "./ShareBars";

function shortLabel(estimate: Estimate): string {
  return `${estimate.label.split(":")[0]?.split(" (")[0] ?? estimate.label}${estimate.year ? `, ${estimate.year}` : ""}`;
}

/**
 * /data/estimates: "How many Nigerians have a disability?" Every published estimate side by side, each with
 * its method, year, what it counts and how to cite it, straight from data/estimates.json; the charts have a
 * table view, and the gaps (what no source gives) are said plainly.
 */
export function EstimatesExplainer({ data }: { data: Estimates }) {
  const headline = data.estimates.find((estimate) => estimate.id === data.headline.estimate_id);
  const shares: Bar[] = data.estimates
    .filter((estimate) => estimate.share_percent !== null)
    .map((estimate) => ({
      key: estimate.id,
      label: shortLabel(estimate),
      value: estimate.share_percent ?? 0,
      text: formatPercent(estimate.share_percent ?? 0),
      measured: estimate.measured_in_nigeria,
    }));
  const persons: Bar[] = data.estimates
    .filter((estimate) => estimate.persons !== null)
    .map((estimate) => ({
      key: estimate.id,
      label: shortLabel(estimate),
      value: estimate.persons ?? 0,
      text: formatNumber(estimate.persons ?? 0),
      measured: estimate.measured_in_nigeria,
    }));

  return (
    <article className={`container ${styles.page}`}>
      <h1>How many Nigerians have a disability?</h1>
      <p className={styles.lede}>{data.about.split(" See estimates-report.md")[0]}</p>
      {headline ? (
        <section aria-labelledby="headline-heading" className={styles.section}>
          <h2 id="headline-heading">The figure this site leads with</h2>
          <p>{data.headline.suggested_wording}</p>
          <p>
            <strong>Why:</strong> {data.headline.why}
          </p>
          <p>
            <strong>Caveats:</strong> {data.headline.caveats}
          </p>
        </section>
      ) : null}

      <section aria-labelledby="compare-heading" className={styles.section}>
        <h2 id="compare-heading">The estimates side by side</h2>
        <p>
          They are not a time series: they count different things, in different ways. Only some were measured
          in Nigeria.
        </p>
        <ShareBars
          bars={shares}
          caption="Share of the population, as each source gives it"
          valueHeading="Share"
        />
        <ShareBars
          bars={persons}
          caption="Number of persons, as each source gives it (never computed by this site)"
          valueHeading="Persons"
        />
        <p>
          <a href={openDataPath("estimates", "csv")} download>
            Download the estimates as CSV
          </a>
        </p>
      </section>

      <section aria-labelledby="each-heading" className={styles.section}>
        <h2 id="each-heading">Each estimate: method, what it counts, how to cite it</h2>
        {data.estimates.map((estimate) => (
          <section key={estimate.id} aria-labelledby={`estimate-${estimate.id}`} className={styles.estimate}>
            <h3 id={`estimate-${estimate.id}`}>{estimate.label}</h3>
            <dl className={styles.facts}>
              <div>
                <dt>Figure</dt>
                <dd>
                  {[
                    estimate.share_percent === null ? null : formatPercent(estimate.share_percent),
                    estimate.persons === null ? null : `${formatNumber(estimate.persons)} persons`,
                  ]
                    .filter(Boolean)
                    .join("; ") || "Not available"}
                </dd>
              </div>
              <div>
                <dt>Year</dt>
                <dd>{estimate.year ?? "Not stated"}</dd>
              </div>
              <div>
                <dt>Kind</dt>
                <dd>
                  {estimate.kind}
                  {estimate.measured_in_nigeria ? " (measured in Nigeria)" : " (not measured in Nigeria)"}
                </dd>
              </div>
              <div>
                <dt>Published by</dt>
                <dd>
                  {estimate.publisher}: {estimate.title}
                </dd>
              </div>
              <div>
                <dt>What it counts</dt>
                <dd>{estimate.counts}</dd>
              </div>
              <div>
                <dt>Population base</dt>
                <dd>{estimate.population_base}</dd>
              </div>
              <div>
                <dt>Method</dt>
                <dd>{estimate.method}</dd>
              </div>
              {estimate.notes ? (
                <div>
                  <dt>Notes</dt>
                  <dd>{estimate.notes}</dd>
                </div>
              ) : null}
              <div>
                <dt>How to cite it</dt>
                <dd>{estimate.cite_as}</dd>
              </div>
              <div>
                <dt>Where to check it</dt>
                <dd>
                  <ul className={styles.links}>
                    {estimate.url ? (
                      <li>
                        <ExternalLink href={estimate.url}>{estimate.title}</ExternalLink>
                      </li>
                    ) : null}
                    {estimate.seen_in
                      .filter((seen) => seen.url !== estimate.url)
                      .map((seen) => (
                        <li key={seen.url}>
                          <ExternalLink href={seen.url}>{seen.what}</ExternalLink>
                        </li>
                      ))}
                  </ul>
                </dd>
              </div>
            </dl>
          </section>
        ))}
      </section>

      <section aria-labelledby="gaps-heading" className={styles.section}>
        <h2 id="gaps-heading">What no source gives yet</h2>
        <p>{data.headline.no_sourced_breakdown_for}</p>
        <p>Compiled as of {formatAsOf(data.as_of)}.</p>
      </section>
    </article>
  );
}
