// The link-preview tags (description, Open Graph, Twitter) the server wrote into the <head> of a page it
// answered with the app shell (a verified report's page, src/server/site/report-meta.ts). The root's meta
// (the only one React Router renders while the shell hydrates) and then the report route's render them again
// while the visitor is on that page, so hydration keeps them: React leaves head elements it did not render
// in place, Preact (the browser's renderer, decision record 0016) removes them.

export type ServedTag = Record<string, string>;

const previewTags = 'meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]';

function read(): { path: string; tags: ServedTag[] } | null {
  // Only the served page's: once the page has hydrated, the <head> is the app's.
  if (typeof document === "undefined" || document.documentElement.dataset.hydrated) return null;
  // Pages the server rendered whole carry their routes' own tags; only the app shell's are written in.
  const context = (window as { __reactRouterContext?: { isSpaMode?: boolean } }).__reactRouterContext;
  if (!context?.isSpaMode) return null;
  const tags = [...document.head.querySelectorAll(previewTags)].map((element) =>
    Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value])),
  );
  return { path: location.pathname, tags };
}

const served = read();

/** The preview tags served with the page at `pathname` when it was the first page of the visit, else none. */
export function servedPreviewTags(pathname: string): ServedTag[] {
  return served && served.path === pathname ? served.tags : [];
}
