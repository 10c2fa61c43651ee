import { useEffect } from "react";
import { description as siteDescription, name as siteName } from "../../../data/site.json";
import type { Translate } from "../i18n";

// Document titles and descriptions. A page's own title and description come translated from its caller:
//   export const meta: Route.MetaFunction = ({ location }) => {
//     const t = translatorFor(location.pathname);
//     return pageMeta(t("about.title"), t("about.description"));
//   };
// The site's defaults (the home page's title "Inclusion Atlas: disability inclusion data for Nigeria" and
// the description of data/site.json) are the catalogue's common.siteTitle and common.siteDescription: pass
// the page's translate function as the last argument wherever a default is used, e.g.
// `pageMeta(undefined, undefined, t)` (the home page) or `pageMeta(t("x.title"), undefined, t)`.
// Without one the defaults are English (the same words as en/common.json, which page-title.test.ts checks).

const defaultTitle = `${siteName}: disability inclusion data for Nigeria`;

/** Every route has its own document title: "{page} | Inclusion Atlas"; the site's own title without a page. */
export function pageTitle(page?: string, t?: Translate): string {
  if (page) return `${page} | ${siteName}`;
  return t ? t("common.siteTitle") : defaultTitle;
}

/** The title and description of a page; the site's description when it has none of its own. */
export function pageMeta(page: string | undefined, description?: string, t?: Translate) {
  const content = description ?? (t ? t("common.siteDescription") : siteDescription);
  return [{ title: pageTitle(page, t) }, { name: "description", content }];
}

/**
 * For a title known only once the page has loaded its data in the browser (a report's): shown while the
 * component is mounted, the route's meta title again after. It changes the text of the <title> the route's
 * meta rendered in place, not the element nor `document.title` (which replaces the text node): the renderer
 * keeps that text node and writes the next page's title into it. Without a <title> (a component rendered
 * alone) it sets `document.title`.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const text = document.head.querySelector("title")?.firstChild;
    if (!(text instanceof Text)) {
      const previous = document.title;
      document.title = title;
      return () => {
        if (document.title === title) document.title = previous;
      };
    }
    const previous = text.data;
    text.data = title;
    return () => {
      // Unless the renderer has already written the next page's title there.
      if (text.data === title) text.data = previous;
    };
  }, [title]);
}
