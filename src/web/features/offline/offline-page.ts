// The page the service worker answers with when a page that was never kept is opened without a connection
// (instead of the browser's own error page). It is self-contained: no script, its styles inline, nothing to
// fetch. It speaks the language of the address asked for (`/ha/…` in Hausa): its words are the
// catalogues' common.offline.* messages, built into the service worker (the worker cannot load a chunk
// when there is no connection).

import { DEFAULT_LANGUAGE, languageOfPath, localizePath } from "../../../i18n/languages";
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The offline page in a language (English for a language without the page's words). */
export function offlinePage(language: string): string {
  const known = messagesByLanguage.has(language) ? language : DEFAULT_LANGUAGE;
  const text = (key: string) =>
    escapeHtml(
      messagesByLanguage.get(known)?.[`offline.${key}`] ??
        messagesByLanguage.get(DEFAULT_LANGUAGE)?.[`offline.${key}`] ??
        "",
    );
  return pageHtml(known, text, localizePath("/", known));
}

/** The offline page for a page's address: in the address's language. */
export function offlinePageFor(pathname: string): string {
  return offlinePage(languageOfPath(pathname, languageCodes));
}

// "Try again" is a link to the page itself (an empty address): the offline page has no script.
const pageHtml = (language: string, text: (key: string) => string, home: string) => `<!doctype html>
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
<div class="links"><a href="">${text("tryAgain")}</a><a href="${home}">${text("home")}</a></div>
</main>
</body>
</html>
`;

/** The English offline page. */
export const offlinePageHtml = offlinePage(DEFAULT_LANGUAGE);
