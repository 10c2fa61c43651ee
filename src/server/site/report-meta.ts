import { publishedReportDescription, publishedReportTitle } from "../../domain/reports/published-report-text";
import type { PublishedReportView } from "../../domain/reports/review-rules";
import { paths } from "../../domain/routes";
import site from "../../../data/site.json" with { type: "json" };
import { escapeHtml } from "../http/escape-html";

// A verified report's page is the app shell with the report's title, description and link-preview tags
// (Open Graph, Twitter) written into its <head>: WhatsApp, X and Facebook read them without running any
// JavaScript. Every value is user text or comes from it, so each is HTML-escaped.

/** The <title> and <meta> tags of a report's page; `publicUrl` has no trailing slash. */
export function reportHeadTags(report: PublishedReportView, publicUrl: string): string {
  const title = `${publishedReportTitle(report)} | ${site.name}`;
  const description = publishedReportDescription(report);
  const photo = report.media.find((item) => item.kind === "photo");
  // The largest WebP copy (at most 1280 px) when there is one: a preview needs no more, and costs less.
  const preview = photo ? (photo.variants.at(-1)?.url ?? photo.url) : null;
  const image = preview ? `${publicUrl}${preview}` : null;
  const tags: [string, string, string][] = [
    ["name", "description", description],
    ["property", "og:type", "article"],
    ["property", "og:site_name", site.name],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", `${publicUrl}${paths.publishedReport(report.id)}`],
    ...(image ? ([["property", "og:image", image]] as [string, string, string][]) : []),
    ["name", "twitter:card", image ? "summary_large_image" : "summary"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ...(image ? ([["name", "twitter:image", image]] as [string, string, string][]) : []),
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...tags.map(([key, name, value]) => `<meta ${key}="${name}" content="${escapeHtml(value)}"/>`),
  ].join("");
}

/** The shell with its <title> replaced by the report's title and tags. */
export function withReportHead(shell: string, report: PublishedReportView, publicUrl: string): string {
  const tags = reportHeadTags(report, publicUrl);
  // A function as the replacement, so "$&" or "$1" in user text is never read as a pattern.
  return /<title>[\s\S]*?<\/title>/.test(shell)
    ? shell.replace(/<title>[\s\S]*?<\/title>/, () => tags)
    : shell.replace("</head>", () => `${tags}</head>`);
}
