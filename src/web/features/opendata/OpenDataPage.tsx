import { Link } from "../../i18n/links";
import type { Catalogue, CatalogueDataset, CatalogueDownload } from "../../../domain/opendata/catalogue";
import { formatAsOf, formatNumber, pluralize } from "../../../domain/format";
import { paths } from "../../../domain/routes";
import { ExternalLink } from "../../ui/ExternalLink";
import { useHydrated } from "../../ui/useHydrated";
import styles from "./OpenDataPage.module.css";

// /data: every download with its format, size, rows and date; a field dictionary per dataset; the
// licence and how to cite. Everything comes from the build (the loader), so the page is plain HTML and
// carries no dataset in its JavaScript. Downloads are ordinary links: they work without JavaScript.

const formatNames: Record<CatalogueDownload["format"], string> = {
  csv: "CSV",
  json: "JSON",
  geojson: "GeoJSON",
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} bytes`;
  const kib = bytes / 1024;
  return kib < 1024
    ? `${formatNumber(Math.round(kib * 10) / 10)} KB`
    : `${formatNumber(Math.round(kib / 102.4) / 10)} MB`;
}

function fileName(download: CatalogueDownload): string {
  return download.href.slice(download.href.lastIndexOf("/") + 1);
}

function DownloadItem({ download, live }: { download: CatalogueDownload; live: boolean }) {
  const kind = `${formatNames[download.format]}${download.hxl ? " with HXL hashtags" : ""}`;
  return (
    <li>
      <a href={download.href} className={styles.file}>
        {fileName(download)}
        <span className="visually-hidden">, {kind}</span>
      </a>{" "}
      <span className={styles.facts}>
        <span aria-hidden="true">— </span>
        {kind}
        {live ? (
          ", every verified report at the time of download"
        ) : (
          <>
            , <data value={download.bytes ?? 0}>{formatBytes(download.bytes ?? 0)}</data>,{" "}
            <data value={download.rows ?? 0}>{formatNumber(download.rows ?? 0)}</data>{" "}
            {download.format === "geojson"
              ? pluralize(download.rows ?? 0, "feature")
              : pluralize(download.rows ?? 0, "row")}
            , data as of {formatAsOf(download.asOf ?? "")}
          </>
        )}
      </span>
    </li>
  );
}

function DatasetCard({ dataset, catalogue }: { dataset: CatalogueDataset; catalogue: Catalogue }) {
  const live = dataset.id === "reports";
  const headingId = `dataset-${dataset.id}`;
  return (
    <section aria-labelledby={headingId} className={styles.dataset}>
      <h3 id={headingId}>{dataset.title}</h3>
      <p>{dataset.description}</p>
      <ul className={styles.downloads} aria-label={`Downloads of ${dataset.title}`}>
        {dataset.downloads.map((download) => (
          <DownloadItem key={download.href} download={download} live={live} />
        ))}
      </ul>
      {dataset.id === "schools" ? (
        <p>
          The GeoJSON holds only schools with map coordinates:{" "}
          {catalogue.positionedSchools === 0
            ? `none of the ${formatNumber(catalogue.schoolCount)} schools has them yet, so it is a valid, empty FeatureCollection.`
            : `${formatNumber(catalogue.positionedSchools)} of the ${formatNumber(catalogue.schoolCount)} schools.`}
        </p>
      ) : null}
      {dataset.id === "states" || dataset.id === "schools" ? (
        <p>
          One state only: add <code>?state=</code> and the state&apos;s slug or id, for example{" "}
          <a href={`${dataset.downloads[1]?.href ?? ""}?state=lagos`}>
            {dataset.id}.csv?state=lagos<span className="visually-hidden"> (CSV)</span>
          </a>
          .
        </p>
      ) : null}
      {live ? (
        <p>
          Only reports a moderator has verified, each as its reporter chose to publish it. Filter with{" "}
          <code>state</code> (a state&apos;s slug or id; reports sent before reports recorded a place match no
          state), <code>type</code> (barrier, experience, question or contribution), and <code>from</code> and{" "}
          <code>to</code> (dates of sending, YYYY-MM-DD, UTC, inclusive), for example{" "}
          <a href="/api/v1/open/reports.csv?type=barrier&amp;from=2026-01-01">
            reports.csv?type=barrier&amp;from=2026-01-01
          </a>
          . The JSON comes in pages (<code>page</code>, <code>per_page</code> up to 1,000, with{" "}
          <code>meta</code>); the CSV holds every matching report.
        </p>
      ) : null}
      <details>
        <summary>Field dictionary: {formatNumber(dataset.fields.length)} fields</summary>
        <dl className={styles.fields}>
          {dataset.fields.map((field) => (
            <div key={field.name}>
              <dt>
                <code>{field.name}</code>
              </dt>
              <dd>{field.meaning}.</dd>
              <dd className={styles.detail}>
                Type: {field.type}. HXL: <code>{field.hxl}</code>.
                {field.example ? (
                  <>
                    {" "}
                    Example{live ? " (illustrative)" : ""}: <code>{field.example}</code>
                  </>
                ) : (
                  " No record has a value yet."
                )}
              </dd>
            </div>
          ))}
        </dl>
      </details>
      {dataset.citation ? (
        <p>
          Cite as: <span className={styles.citation}>{dataset.citation}</span>
        </p>
      ) : null}
    </section>
  );
}

export function OpenDataPage({ catalogue }: { catalogue: Catalogue }) {
  const hydrated = useHydrated();
  const pageAddress = hydrated ? `${window.location.origin}${paths.openData()}` : null;
  return (
    <article className={`container ${styles.page}`}>
      <h1>Open data</h1>
      <p>
        Every dataset behind Inclusion Atlas, and every verified eyewitness report, to download and reuse in
        your own tools: spreadsheets, statistics software, maps and humanitarian data tools. Free to use under
        the {catalogue.license.name} licence, with a citation.
      </p>

      <section aria-labelledby="downloads">
        <h2 id="downloads">Downloads</h2>
        <p>
          CSV files are UTF-8 with a header row; a list shares one cell, separated by &quot;; &quot;. Add{" "}
          <code>?hxl=1</code> to a CSV address for a second row of{" "}
          <ExternalLink href="https://hxlstandard.org/">HXL hashtags</ExternalLink>, which humanitarian tools
          read as they are. Empty cells and JSON <code>null</code> mean the source gives no value: never zero.
        </p>
        {catalogue.datasets.map((dataset) => (
          <DatasetCard key={dataset.id} dataset={dataset} catalogue={catalogue} />
        ))}
      </section>

      <section aria-labelledby="licence">
        <h2 id="licence">Licence</h2>
        <p>
          The compilation (the selection, the records and the text we wrote) is published under the{" "}
          <ExternalLink href={catalogue.license.url}>{catalogue.license.name}</ExternalLink> licence: you may
          copy, share and adapt it for any purpose, also commercially, if you credit Inclusion Atlas and link
          to the licence. Where a source&apos;s own terms differ:
        </p>
        <ul>
          <li>
            Facts come from public pages (news reports, government and civil-society publications) listed in
            each record&apos;s <code>sources</code>; descriptions and findings are in our own words. Quoting a
            source itself is under that source&apos;s terms.
          </li>
          <li>
            World Bank (2020), Disability Inclusion in Nigeria: A Rapid Assessment, is licensed CC BY 3.0 IGO;
            other publications named in the estimates&apos; <code>cite_as</code> keep their publishers&apos;
            terms.
          </li>
          <li>
            Eyewitness reports are their reporters&apos; words and photographs, published with their consent.
            Credit the reporter as published (their first name or &quot;Anonymous&quot;) and never try to
            identify a reporter who chose not to be named.
          </li>
          <li>The map&apos;s state boundaries (not in these downloads) are Natural Earth, public domain.</li>
        </ul>
      </section>

      <section aria-labelledby="cite">
        <h2 id="cite">How to cite</h2>
        <p>Cite the whole compilation as:</p>
        <p className={styles.citation}>
          {catalogue.citation}{" "}
          {pageAddress ? `Available at ${pageAddress}.` : "Available on this site's Open data page (/data)."}
        </p>
        <p>
          Each download names its own version and citation (the JSON&apos;s <code>citation</code> field), and
          the repository has a <code>CITATION.cff</code> file for reference managers. Reports change as they
          are verified: give the date you downloaded them.
        </p>
      </section>

      <section aria-labelledby="api">
        <h2 id="api">For developers</h2>
        <p>
          The downloads are an API: <code>GET /api/v1/open</code> lists them. Any site may read them (CORS),
          every answer has an <code>ETag</code> and a <code>Last-Modified</code> date, so a client that sends
          them back gets <code>304 Not Modified</code> when nothing changed, and the licence is in the
          JSON&apos;s <code>license</code> field and in a <code>Link: rel=&quot;license&quot;</code> header.
          An unknown format answers 404 with the formats there are; a wrong filter answers 400 naming the
          parameter. See also <Link to={paths.about()}>where the data comes from</Link>.
        </p>
      </section>
    </article>
  );
}
