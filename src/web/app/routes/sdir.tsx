import { sdir } from "../../../../data/site.json";
import { documentAddress, documentSizeText } from "../../../domain/datadesk/documents";
import { describeSources } from "../../../domain/source-titles";
import { publishedDataOf } from "../datasets";
import { T, pageMessages, translatorFor, useEnglishContentLang, useT } from "../../i18n";
import { ExternalLink } from "../../ui/ExternalLink";
import { SourceList } from "../../ui/SourceList";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/sdir";
import styles from "./content-page.module.css";
import { unlessOnlyTheQueryChanged } from "../revalidate";

const launched = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

// On the server only: the sources' titles are worked out here, and the report's record (data/site.json)
// comes with the page, so no page's JavaScript carries it. The report's PDF is the one the national record
// names on the data desk, so the page follows its publication like the data.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { sources, ...report } = sdir;
  const { country } = await publishedDataOf(context);
  const documentId = country.sdir?.document_id;
  const [pdf] = documentId && context.documents ? await context.documents.find([documentId]) : [];
  return {
    report,
    sources: describeSources(sources),
    pdf: pdf ? { href: documentAddress(pdf), size: documentSizeText(pdf.bytes) } : null,
    i18n: await pageMessages(request, ["content"]),
  };
}

// The report's title, publisher and highlights are content from its sources, in English.
export const meta: Route.MetaFunction = ({ location, data }) => {
  const t = translatorFor(location.pathname);
  const report = data?.report;
  return pageMeta(
    report?.title,
    report && t("content.sdir.description", { title: report.title, publisher: report.publisher }),
  );
};

export default function Sdir({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const t = useT();
  const englishContent = useEnglishContentLang();
  return (
    <article className={`container ${styles.page}`}>
      <h1 lang={englishContent}>{report.title}</h1>
      <p>
        <T
          id="content.sdir.published"
          values={{ date: launched.format(new Date(report.launched)) }}
          components={{
            publisher: <span lang={englishContent}>{report.publisher}</span>,
            launched: <time dateTime={report.launched} />,
          }}
        />
      </p>
      <section aria-labelledby="highlights">
        <h2 id="highlights">{t("content.sdir.highlights")}</h2>
        <ul lang={englishContent}>
          {report.highlights.map((highlight) => (
            <li key={highlight}>{highlight}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="download">
        <h2 id="download">{t("content.sdir.fullReport")}</h2>
        {loaderData.pdf ? (
          <p>
            <a href={loaderData.pdf.href} className="button" download>
              <T
                id="content.sdir.downloadSized"
                values={{ size: loaderData.pdf.size }}
                components={{ hidden: <span className="visually-hidden" /> }}
              />
            </a>
          </p>
        ) : report.pdfUrl ? (
          <ExternalLink href={report.pdfUrl} className="button">
            <T id="content.sdir.download" components={{ hidden: <span className="visually-hidden" /> }} />
          </ExternalLink>
        ) : (
          <p className={styles.note}>{t("content.sdir.noPdf")}</p>
        )}
      </section>
      <section aria-labelledby="sources">
        <h2 id="sources">{t("content.sdir.sources")}</h2>
        <SourceList sources={loaderData.sources} />
      </section>
    </article>
  );
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
