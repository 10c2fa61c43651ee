// The page the service worker answers with when a page that was never kept is opened without a connection
// (instead of the browser's own error page). It is self-contained: no script, its styles inline, nothing to
// fetch. It speaks the language of the address asked for (`/ha/…` in Hausa): its words are the
// catalogues' common.offline.* messages, built into the service worker (the worker cannot load a chunk
// when there is no connection). It lists the reports waiting on the phone to be sent (read by the worker
// from the outbox), so a reporter who reloads offline sees that nothing was lost.

import { DEFAULT_LANGUAGE, languageOfPath, localizePath } from "../../../i18n/languages";
import type { KeysUnder } from "../../../i18n/message-keys";
import type { WaitingReportSummary } from "../../lib/reports-db";
import { languageCodes } from "./cache-rules";

export const offlinePageSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const catalogues = import.meta.glob<Record<string, string>>("../../../i18n/catalogues/*/common.json", {
  eager: true,
  import: "default",
});
const messagesByLanguage = new Map(
  Object.entries(catalogues).map(([file, messages]) => [file.split("/").at(-2) ?? "", messages]),
);
// The names of the kinds of report, as the form shows them.
const reportCatalogues = import.meta.glob<Record<string, string>>("../../../i18n/catalogues/*/report.json", {
  eager: true,
  import: "default",
});
const reportWordsByLanguage = new Map(
  Object.entries(reportCatalogues).map(([file, messages]) => [file.split("/").at(-2) ?? "", messages]),
);

/** How many of a comment's words the list shows: enough to recognise it, not the whole text. */
const FIRST_WORDS = 12;

function firstWords(comment: string): string {
  const words = comment.trim().split(/\s+/);
  return words.length > FIRST_WORDS ? `${words.slice(0, FIRST_WORDS).join(" ")}…` : words.join(" ");
}

function queuedTime(queuedAt: number, language: string): string {
  // British English as the product writes dates in English; the language's own names elsewhere.
  const locale = language === DEFAULT_LANGUAGE ? "en-GB" : language;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(queuedAt);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

type Words = Map<string, Record<string, string>>;

/** A message of the page's own (`common.offline.*`), by the rest of its id. */
type OfflineText = (key: KeysUnder<"common.offline.">) => string;

function wordOf(words: Words, language: string, key: string): string {
  return escapeHtml(words.get(language)?.[key] ?? words.get(DEFAULT_LANGUAGE)?.[key] ?? "");
}

/** The offline page in a language (English for a language without the page's words). */
export function offlinePage(language: string, waiting: readonly WaitingReportSummary[] = []): string {
  const known = messagesByLanguage.has(language) ? language : DEFAULT_LANGUAGE;
  const text: OfflineText = (key) => wordOf(messagesByLanguage, known, `offline.${key}`);
  return pageHtml(known, text, localizePath("/", known), waitingList(known, text, waiting));
}

/** The offline page for a page's address: in the address's language. */
export function offlinePageFor(pathname: string, waiting: readonly WaitingReportSummary[] = []): string {
  return offlinePage(languageOfPath(pathname, languageCodes), waiting);
}

function waitingList(language: string, text: OfflineText, waiting: readonly WaitingReportSummary[]) {
  if (waiting.length === 0) return "";
  const items = waiting.map((report) => {
    const kind = wordOf(reportWordsByLanguage, language, `commentTypes.${report.commentType}`);
    const time = escapeHtml(queuedTime(report.queuedAt, language));
    const queued = text("queuedAt").replace("{time}", () => time);
    return `<li><strong>${kind}</strong>: ${escapeHtml(firstWords(report.comment))}<br><small>${queued}</small></li>`;
  });
  return `<section aria-labelledby="waiting">
<h2 id="waiting">${text("waitingTitle")}</h2>
<p>${text("waitingWillSend")}</p>
<ul>
${items.join("\n")}
</ul>
</section>
`;
}

// "Try again" is a link to the page itself (an empty address): the offline page has no script.
const pageHtml = (language: string, text: OfflineText, home: string, waiting: string) => `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0b5d3b">
<title>${text("title")} | Inclusion Atlas</title>
<style>
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#fff}
header{padding:.75rem 1rem;border-bottom:1px solid #c9d1da;font-weight:700;color:#0b5d3b}
main{max-width:40rem;padding:1.5rem 1rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
h2{font-size:1.25rem;line-height:1.3;margin:1.5rem 0 .5rem}
ul{padding-left:1.25rem}li{margin:.5rem 0}small{color:#4a5562;font-size:.875rem}
.links{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
a{display:inline-flex;align-items:center;min-height:44px;padding:0 1rem;border:2px solid #0b5d3b;border-radius:8px;color:#0b5d3b;font-weight:700;text-decoration:none}
a:first-child{background:#0b5d3b;color:#fff}
a:focus-visible{outline:3px solid #1b1f24;outline-offset:2px}
</style>
</head>
<body>
<header>Inclusion Atlas</header>
<main>
<h1>${text("title")}</h1>
<p>${text("notSaved")}</p>
<p>${text("canRead")}</p>
${waiting}<div class="links"><a href="">${text("tryAgain")}</a><a href="${home}">${text("home")}</a></div>
</main>
</body>
</html>
`;

/** The English offline page. */
export const offlinePageHtml = offlinePage(DEFAULT_LANGUAGE);
