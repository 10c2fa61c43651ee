import { paths } from "../../domain/routes";
import { DEFAULT_LANGUAGE, localizePath } from "../../i18n/languages";
import type { PublishedData } from "../datadesk/published-data";

// /sitemap.xml: every public page a search engine should know, in every language, each with its
// alternates (hreflang) so a Hausa reader is sent to the Hausa page. Made from the data as published, so
// a school added or closed, or a state checked, shows here with the pages (the answer is kept per
// generation of the data). Closed schools and merged ids are left out: their pages say so or redirect.
// The signed-in pages and the account forms are not public content and are never listed.

/** The public pages that are not one record's. */
const sitePages = [
  paths.home(),
  paths.states(),
  paths.schools(),
  paths.openData(),
  paths.estimates(),
  paths.sdir(),
  paths.changes(),
  paths.publishedReports(),
  paths.about(),
  paths.eyewitness(),
  paths.blog(),
  paths.opportunities(),
] as const;

interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD, when the record was last checked or changed; unknown for the site's own pages. */
  lastModified?: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The day of an ISO date-time ("2026-11-29T10:00:00Z" → "2026-11-29"), or undefined when not one. */
function dayOf(value: string | undefined): string | undefined {
  const day = value?.slice(0, 10);
  return day !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
}

/** The entries of the sitemap, in a stable order: the site's pages, then the states, then the schools. */
export function sitemapEntries(
  data: Pick<PublishedData, "states" | "schools" | "checkedAt">,
): SitemapEntry[] {
  return [
    ...sitePages.map((path) => ({ path })),
    ...data.states.map((state) => ({
      path: paths.state(state.id),
      lastModified: dayOf(data.checkedAt.state[String(state.id)]),
    })),
    ...data.schools.map((school) => ({
      path: paths.school(Number(school.id)),
      lastModified: dayOf(data.checkedAt.school[String(school.id)]),
    })),
  ];
}

/**
 * The sitemap's XML: one <url> per page and language, each naming all its languages' versions and
 * x-default (the English page). `publicUrl` without a trailing slash.
 */
export function sitemapXml(
  data: Pick<PublishedData, "states" | "schools" | "checkedAt">,
  publicUrl: string,
  languages: readonly string[],
): string {
  const absolute = (path: string) => escapeXml(publicUrl + path);
  const ordered = [DEFAULT_LANGUAGE, ...languages.filter((code) => code !== DEFAULT_LANGUAGE)];
  const urls = sitemapEntries(data).flatMap((entry) => {
    const alternates = [
      ...ordered.map(
        (code) =>
          `    <xhtml:link rel="alternate" hreflang="${code}" href="${absolute(localizePath(entry.path, code))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${absolute(entry.path)}"/>`,
    ].join("\n");
    const lastModified = entry.lastModified ? `\n    <lastmod>${entry.lastModified}</lastmod>` : "";
    return ordered.map(
      (code) =>
        `  <url>\n    <loc>${absolute(localizePath(entry.path, code))}</loc>${lastModified}\n${alternates}\n  </url>`,
    );
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join("\n") +
    "\n</urlset>\n"
  );
}
