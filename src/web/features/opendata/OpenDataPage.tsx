import type { Catalogue, CatalogueDataset, CatalogueDownload } from "../../../domain/opendata/catalogue";
import type { FieldType } from "../../../domain/opendata/datasets";
import { formatAsOf, formatNumber } from "../../../domain/format";
import { paths } from "../../../domain/routes";
import {
  Link,
  T,
  type MessageKey,
  type Translate,
  useEnglishContentLang,
  useLanguage,
  useT,
} from "../../i18n";
import { ExternalLink } from "../../ui/ExternalLink";
import { StaticPart } from "../../ui/StaticPart";
import { useHydrated } from "../../ui/useHydrated";
import styles from "./OpenDataPage.module.css";

// /data: every download with its format, size, rows and date; a field dictionary per dataset; the
// licence and how to cite. Everything comes from the build (the loader), so the page is plain HTML and
// carries no dataset in its JavaScript. Downloads are ordinary links: they work without JavaScript.
// The datasets' titles, descriptions, field names and meanings, the licence's name and the citations are
// the data's own (the downloads carry the same English text); the page's explanations are in the catalogue.

const formatNames: Record<CatalogueDownload["format"], string> = {
  csv: "CSV",
  json: "JSON",
  geojson: "GeoJSON",
};

const fieldTypeKeys: Record<FieldType, MessageKey> = {
  integer: "opendata.fieldType.integer",
  number: "opendata.fieldType.number",
  text: "opendata.fieldType.text",
  boolean: "opendata.fieldType.boolean",
  URL: "opendata.fieldType.url",
  date: "opendata.fieldType.date",
  "date and time": "opendata.fieldType.dateTime",
  "year and month": "opendata.fieldType.yearMonth",
  "list of text": "opendata.fieldType.textList",
  "list of URLs": "opendata.fieldType.urlList",
  JSON: "opendata.fieldType.json",
};

function fieldTypeText(type: string, t: Translate): string {
  const key = fieldTypeKeys[type as FieldType] as MessageKey | undefined;
  return key ? t(key) : type;
}

/** Each dataset's version now, when it was published, and that day in words (made by the loader). */
export type DatasetVersions = Partial<
  Record<CatalogueDataset["id"], { version: number; changedAt: string; changedOn: string }>
>;

const stateExample = "?state=lagos";
const reportsExample = "reports.csv?type=barrier&from=2026-01-01";

export function formatBytes(bytes: number, t: Translate): string {
  if (bytes < 1024) return t("opendata.size.bytes", { size: formatNumber(bytes) });
  const kib = bytes / 1024;
  return kib < 1024
    ? t("opendata.size.kb", { size: formatNumber(Math.round(kib * 10) / 10) })
    : t("opendata.size.mb", { size: formatNumber(Math.round(kib / 102.4) / 10) });
}

function fileName(download: CatalogueDownload): string {
  return download.href.slice(download.href.lastIndexOf("/") + 1);
}

function DownloadItem({ download, live }: { download: CatalogueDownload; live: boolean }) {
  const t = useT();
  const format = formatNames[download.format];
  const kind = download.hxl ? t("opendata.download.withHxl", { format }) : format;
  const rows = download.rows ?? 0;
  return (
    <li>
      <a href={download.href} className={styles.file}>
        {fileName(download)}
        <span className="visually-hidden">, {kind}</span>
      </a>{" "}
      <span className={styles.facts}>
        <span aria-hidden="true">— </span>
        {live ? (
          t("opendata.download.live", { kind })
        ) : (
          <T
            id={
              download.format === "geojson" ? "opendata.download.featureFacts" : "opendata.download.rowFacts"
            }
            values={{ kind, rows, asOf: formatAsOf(download.asOf ?? "") }}
            components={{
              size: <data value={download.bytes ?? 0}>{formatBytes(download.bytes ?? 0, t)}</data>,
              count: <data value={rows}>{formatNumber(rows)}</data>,
            }}
          />
        )}
      </span>
    </li>
  );
}

function DatasetCard({
  dataset,
  catalogue,
  version,
}: {
  dataset: CatalogueDataset;
  catalogue: Catalogue;
  version: DatasetVersions[CatalogueDataset["id"]];
}) {
  const t = useT();
  const englishContent = useEnglishContentLang();
  const live = dataset.id === "reports";
  const headingId = `dataset-${dataset.id}`;
  const code = <code />;
  const oneStateFile = `${dataset.id}.csv${stateExample}`;
  // The example of a versioned address: the GeoJSON of the states (GIS users cite it), else the CSV.
  const versionedDownload =
    dataset.downloads.find((download) => dataset.id === "states" && download.format === "geojson") ??
    dataset.downloads.find((download) => download.format === "csv") ??
    dataset.downloads[0]!;
  const versionedFile = version ? `${fileName(versionedDownload)}?version=${version.version}` : "";
  return (
    <section aria-labelledby={headingId} className={styles.dataset}>
      <h3 id={headingId} lang={englishContent}>
        {dataset.title}
      </h3>
      <p lang={englishContent}>{dataset.description}</p>
      <ul
        className={styles.downloads}
        aria-label={t("opendata.dataset.downloadsOf", { title: dataset.title })}
      >
        {dataset.downloads.map((download) => (
          <DownloadItem key={download.href} download={download} live={live} />
        ))}
      </ul>
      {version ? (
        <p>
          <T
            id="opendata.dataset.version"
            values={{ version: version.version, date: version.changedOn }}
            components={{
              code,
              time: <time dateTime={version.changedAt} />,
              example: (
                <a href={`${versionedDownload.href}?version=${version.version}`}>
                  {versionedFile}
                  <span className="visually-hidden">{` (${formatNames[versionedDownload.format]})`}</span>
                </a>
              ),
            }}
          />
        </p>
      ) : null}
      {dataset.id === "states" ? <p>{t("opendata.dataset.statesGeojson")}</p> : null}
      {dataset.id === "schools" ? (
        <p>
          {catalogue.positionedSchools === 0
            ? t("opendata.dataset.geojsonEmpty", { schools: formatNumber(catalogue.schoolCount) })
            : t("opendata.dataset.geojsonSome", {
                positioned: formatNumber(catalogue.positionedSchools),
                schools: formatNumber(catalogue.schoolCount),
              })}
        </p>
      ) : null}
      {dataset.id === "states" || dataset.id === "schools" ? (
        <p>
          <T
            id="opendata.dataset.oneState"
            components={{
              code,
              example: (
                <a href={`${dataset.downloads[1]?.href ?? ""}${stateExample}`}>
                  {oneStateFile}
                  <span className="visually-hidden">{` (${formatNames.csv})`}</span>
                </a>
              ),
            }}
          />
        </p>
      ) : null}
      {live ? (
        <p>
          <T
            id="opendata.dataset.reportsFilters"
            components={{
              code,
              example: <a href={`/api/v1/open/${reportsExample}`}>{reportsExample}</a>,
            }}
          />
        </p>
      ) : null}
      <details>
        <summary>{t("opendata.dataset.fieldDictionary", { count: dataset.fields.length })}</summary>
        <dl className={styles.fields}>
          {dataset.fields.map((field) => (
            <div key={field.name}>
              <dt>
                <code>{field.name}</code>
              </dt>
              <dd lang={englishContent}>{field.meaning}.</dd>
              <dd className={styles.detail}>
                <T
                  id={
                    field.example === null
                      ? "opendata.field.detailNoValue"
                      : live
                        ? "opendata.field.detailIllustrative"
                        : "opendata.field.detail"
                  }
                  values={{ type: fieldTypeText(field.type, t) }}
                  components={{
                    hxl: <code>{field.hxl}</code>,
                    example: <code>{field.example}</code>,
                  }}
                />
              </dd>
            </div>
          ))}
        </dl>
      </details>
      {dataset.citation ? (
        <p>
          <T
            id="opendata.dataset.citeAs"
            components={{
              citation: (
                <span className={styles.citation} lang={englishContent}>
                  {dataset.citation}
                </span>
              ),
            }}
          />
        </p>
      ) : null}
    </section>
  );
}

/** No dataset has a version yet: one object, so the page's static parts see the same value each render. */
const noVersions: DatasetVersions = {};

export function OpenDataPage({
  catalogue,
  versions = noVersions,
}: {
  catalogue: Catalogue;
  versions?: DatasetVersions;
}) {
  const t = useT();
  const englishContent = useEnglishContentLang();
  const hydrated = useHydrated();
  const pageAddress = hydrated ? `${window.location.origin}${paths.openData()}` : null;
  const code = <code />;
  const licence = <span lang={englishContent}>{catalogue.license.name}</span>;
  const shows = [catalogue, versions, useLanguage()];
  return (
    <article className={`container ${styles.page}`}>
      <h1>{t("opendata.title")}</h1>
      <p>
        <T id="opendata.intro" components={{ licence }} />
      </p>

      {/* Only text and links: served, not hydrated (StaticPart, record 0035). */}
      <StaticPart as="section" shows={shows} aria-labelledby="downloads">
        <h2 id="downloads">{t("opendata.downloads.heading")}</h2>
        <p>
          <T
            id="opendata.downloads.intro"
            components={{ code, hxl: <ExternalLink href="https://hxlstandard.org/">{null}</ExternalLink> }}
          />
        </p>
        {catalogue.datasets.map((dataset) => (
          <DatasetCard
            key={dataset.id}
            dataset={dataset}
            catalogue={catalogue}
            version={versions[dataset.id]}
          />
        ))}
      </StaticPart>

      <StaticPart as="section" shows={shows} aria-labelledby="licence">
        <h2 id="licence">{t("opendata.licence.heading")}</h2>
        <p>
          <T
            id="opendata.licence.text"
            components={{
              licence: <ExternalLink href={catalogue.license.url}>{licence}</ExternalLink>,
            }}
          />
        </p>
        <ul>
          <li>
            <T id="opendata.licence.sources" components={{ code }} />
          </li>
          <li>
            <T
              id="opendata.licence.worldBank"
              components={{ code, source: <span lang={englishContent} /> }}
            />
          </li>
          <li>{t("opendata.licence.reports")}</li>
          <li>{t("opendata.licence.map")}</li>
        </ul>
      </StaticPart>

      <section aria-labelledby="cite">
        <h2 id="cite">{t("opendata.cite.heading")}</h2>
        <p>{t("opendata.cite.intro")}</p>
        <p className={styles.citation}>
          <span lang={englishContent}>{catalogue.citation}</span>{" "}
          {pageAddress
            ? t("opendata.cite.availableAt", { address: pageAddress })
            : t("opendata.cite.availableHere")}
        </p>
        <p>
          <T id="opendata.cite.text" components={{ code }} />
        </p>
      </section>

      <StaticPart as="section" shows={shows} aria-labelledby="api">
        <h2 id="api">{t("opendata.api.heading")}</h2>
        <p>
          <T id="opendata.api.text" components={{ code, about: <Link to={paths.about()} /> }} />
        </p>
      </StaticPart>
    </article>
  );
}
