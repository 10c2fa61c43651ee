import { openDataPath } from "../../../domain/opendata/documents";
import type { Estimate, Estimates } from "../../../domain/datasets/schemas";
import { formatNumber, formatPercent } from "../../../domain/format";
import { nationalFigures } from "../../../domain/national-estimates";
import { useEnglishContentLang, useT } from "../../i18n";
import { ExternalLink } from "../../ui/ExternalLink";
import styles from "./EstimatesExplainer.module.css";
import { ShareBars, type Bar } from "./ShareBars";

function shortLabel(estimate: Estimate): string {
  return `${estimate.label.split(":")[0]?.split(" (")[0] ?? estimate.label}${estimate.year ? `, ${estimate.year}` : ""}`;
}

/** The headline's figures, survey and year as the reader's note about it names them. */
function headlineCaveatValues(data: Estimates, headline: Estimate): Record<string, string> | null {
  const figures = nationalFigures(data).headline;
  if (figures.somePercent === null || figures.aLotPercent === null) return null;
  return {
    some: formatPercent(figures.somePercent),
    aLot: formatPercent(figures.aLotPercent),
    age: figures.age,
    // "Nigeria Demographic and Health Survey 2018 (Washington Group-style questions)" → its name alone.
    survey: (headline.label.split(" (")[0] ?? headline.label).replace(/\s+(19|20)\d{2}$/, ""),
    year: headline.year === null ? "" : String(headline.year),
  };
}

/**
 * /data/estimates: "How many Nigerians have a disability?" Every published estimate side by side, each with
 * its method, year, what it counts and how to cite it, straight from data/estimates.json; the charts have a
 * table view, and the gaps (what no source gives) are said plainly.
 */
export function EstimatesExplainer({ data }: { data: Estimates }) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  const [asOfYear, asOfMonth] = data.as_of.split("-").map(Number);
  const headline = data.estimates.find((estimate) => estimate.id === data.headline.estimate_id);
  const caveat = headline ? headlineCaveatValues(data, headline) : null;
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
      <h1>{t("estimates.title")}</h1>
      <p className={styles.lede} lang={contentLang}>
        {data.about.split(" See estimates-report.md")[0]}
      </p>
      {headline ? (
        <section aria-labelledby="headline-heading" className={styles.section}>
          <h2 id="headline-heading">{t("estimates.headlineHeading")}</h2>
          <p lang={contentLang}>{data.headline.suggested_wording}</p>
          <p>
            <strong>{t("estimates.why")}</strong> <span lang={contentLang}>{data.headline.why}</span>
          </p>
          {/* The data's own `caveats` are notes to the site's writers ("Show both cut-offs…"): a reader gets
              what the figure is, from which survey and year, at which cut-off. */}
          {caveat ? (
            <p>
              <strong>{t("estimates.aboutFigure")}</strong> {t("estimates.headlineCaveat", caveat)}
            </p>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="compare-heading" className={styles.section}>
        <h2 id="compare-heading">{t("estimates.compareHeading")}</h2>
        <p>{t("estimates.compareIntro")}</p>
        <ShareBars
          bars={shares}
          caption={t("estimates.sharesCaption")}
          valueHeading={t("estimates.sharesHeading")}
        />
        <ShareBars
          bars={persons}
          caption={t("estimates.personsCaption")}
          valueHeading={t("estimates.personsHeading")}
        />
        <p>
          <a href={openDataPath("estimates", "csv")} download>
            {t("estimates.download")}
          </a>
        </p>
      </section>

      <section aria-labelledby="each-heading" className={styles.section}>
        <h2 id="each-heading">{t("estimates.eachHeading")}</h2>
        {data.estimates.map((estimate) => (
          <section key={estimate.id} aria-labelledby={`estimate-${estimate.id}`} className={styles.estimate}>
            <h3 id={`estimate-${estimate.id}`} lang={contentLang}>
              {estimate.label}
            </h3>
            <dl className={styles.facts}>
              <div>
                <dt>{t("estimates.figure")}</dt>
                <dd>
                  {[
                    estimate.share_percent === null ? null : formatPercent(estimate.share_percent),
                    estimate.persons === null
                      ? null
                      : t("estimates.persons", { persons: formatNumber(estimate.persons) }),
                  ]
                    .filter(Boolean)
                    .join("; ") || t("estimates.notAvailable")}
                </dd>
              </div>
              <div>
                <dt>{t("estimates.year")}</dt>
                <dd>{estimate.year ?? t("estimates.notStated")}</dd>
              </div>
              <div>
                <dt>{t("estimates.kind")}</dt>
                <dd>
                  <span lang={contentLang}>{estimate.kind}</span>{" "}
                  {estimate.measured_in_nigeria
                    ? t("estimates.measuredInNigeria")
                    : t("estimates.notMeasuredInNigeria")}
                </dd>
              </div>
              <div>
                <dt>{t("estimates.publishedBy")}</dt>
                <dd lang={contentLang}>
                  {estimate.publisher}: {estimate.title}
                </dd>
              </div>
              <div>
                <dt>{t("estimates.counts")}</dt>
                <dd lang={contentLang}>{estimate.counts}</dd>
              </div>
              <div>
                <dt>{t("estimates.populationBase")}</dt>
                <dd lang={contentLang}>{estimate.population_base}</dd>
              </div>
              <div>
                <dt>{t("estimates.method")}</dt>
                <dd lang={contentLang}>{estimate.method}</dd>
              </div>
              {estimate.notes ? (
                <div>
                  <dt>{t("estimates.notes")}</dt>
                  <dd lang={contentLang}>{estimate.notes}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t("estimates.citeAs")}</dt>
                <dd lang={contentLang}>{estimate.cite_as}</dd>
              </div>
              <div>
                <dt>{t("estimates.whereToCheck")}</dt>
                <dd lang={contentLang}>
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
        <h2 id="gaps-heading">{t("estimates.gapsHeading")}</h2>
        <p lang={contentLang}>{data.headline.no_sourced_breakdown_for}</p>
        <p>
          {asOfYear && asOfMonth
            ? t("estimates.compiledAsOf", { month: String(asOfMonth), year: String(asOfYear) })
            : t("estimates.compiledAsOfDate", { date: data.as_of })}
        </p>
      </section>
    </article>
  );
}
