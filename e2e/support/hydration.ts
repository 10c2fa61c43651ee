import type { Page } from "@playwright/test";

// What e2e/hydration.spec.ts compares: the page's DOM at the very moment it says it is hydrated
// (`<html data-hydrated="true">`, src/web/lib/hydration-mark.ts) and the HTML the server sent, both
// serialised in the page by the same function, so the browser's own parser normalises both alike.
//
// The snapshot is taken synchronously when the mark is set, before anything else runs: what changes after
// it (a state chosen through the query, a toast, a lazily loaded part) is the app at work, not hydration.

/** Parts of the page, each a list of lines: one per element (its path, tag and attributes) or text. */
export type PageParts = Record<string, string[]>;

/** The parts compared: the head's elements, the site's header, the main landmark and the footer. */
export const comparedParts = {
  head: "head",
  header: "body header",
  main: "main",
  footer: "main ~ footer",
  // A client-rendered page's shell (the app's spinner) has none of the above: its whole body.
  body: "body",
} as const;

declare global {
  interface Window {
    /** The parts when the root had hydrated (the mark's first value: "root", or "true" when nothing comes later). */
    __atRootHydration?: PageParts;
    /** The parts when the whole page had hydrated (`data-hydrated="true"`). */
    __atHydration?: PageParts;
    /** The serialiser, for the served HTML parsed with DOMParser. */
    __serializeParts?: (root: Document) => PageParts;
  }
}

/** Runs in the page: serialises `comparedParts` of `root`. Self-contained (sent to the browser as text). */
function serializerSource(parts: Record<string, string>) {
  const serialize = (root: Document): PageParts => {
    const result: PageParts = {};
    for (const [name, selector] of Object.entries(parts)) {
      const element = root.querySelector(selector);
      const lines: string[] = [];
      if (element) walk(element, name, lines);
      result[name] = lines;
    }
    return result;
  };
  function walk(element: Element, path: string, lines: string[]) {
    const attributes = [...element.attributes]
      .map((attribute) => `${attribute.name}=${JSON.stringify(attribute.value)}`)
      .sort();
    lines.push(`${path}: <${element.localName}${attributes.map((a) => " " + a).join("")}>`);
    // With scripting on, a <noscript>'s content is one text node; DOMParser parses it as elements (scripting
    // off). Neither renderer hydrates inside it, so its content is left out on both sides.
    if (element.localName === "noscript") return;
    // A live region (role="status", aria-live) is where a page says what changes as it works, such as a
    // list that the browser loads (a state's verified reports): its words are the client's by design, and
    // the snapshot is taken when the whole page has hydrated, which can be after such a list arrived.
    if (element.getAttribute("role") === "status" || element.hasAttribute("aria-live")) return;
    let text = "";
    let index = 0;
    const flushText = () => {
      if (text !== "") lines.push(`${path} > #text: ${JSON.stringify(text)}`);
      text = "";
    };
    for (const child of element.childNodes) {
      // Comments are the server renderer's markers (text separators, Suspense boundaries), not content;
      // adjacent text nodes are one text to a reader however the renderer split them.
      if (child.nodeType === Node.COMMENT_NODE) continue;
      if (child.nodeType === Node.TEXT_NODE) {
        text += child.textContent ?? "";
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const childElement = child as Element;
      flushText();
      // Scripts are the framework's (its inline context, the deferred loader of record 0004), not the page;
      // preloads of modules are added by that loader after the first paint, on purpose.
      if (childElement.localName === "script") continue;
      if (childElement.localName === "link" && childElement.getAttribute("rel") === "modulepreload") continue;
      walk(childElement, `${path} > ${childElement.localName}[${index++}]`, lines);
    }
    flushText();
  }
  window.__serializeParts = serialize;

  // `document.documentElement.dataset.hydrated = "true"` goes through this proxy, which takes the
  // snapshot first. Defined on <html>'s prototype: the element does not exist yet when this runs.
  const datasetOf = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "dataset")!.get!;
  Object.defineProperty(HTMLHtmlElement.prototype, "dataset", {
    configurable: true,
    get(this: HTMLElement) {
      const dataset = datasetOf.call(this) as DOMStringMap;
      return new Proxy(dataset, {
        set(target, property, value) {
          if (property === "hydrated") {
            window.__atRootHydration ??= serialize(document);
            if (value === "true") window.__atHydration ??= serialize(document);
          }
          target[property as string] = String(value);
          return true;
        },
        get(target, property) {
          return target[property as string];
        },
      });
    },
  });
}

/** Installs the serialiser and the snapshot at the hydration mark in every page of the page's context. */
export async function installHydrationSnapshot(page: Page): Promise<void> {
  await page.addInitScript(serializerSource, comparedParts);
}

/**
 * The parts as hydrated and the same parts of `servedHtml`. A part is taken when it was hydrated: `main` when
 * the page was wholly hydrated, the rest when the root was (the home page's content hydrates later, and by
 * then the header has already changed as the app meant it to, its menu a dialog once scripts run).
 */
export async function partsAtHydrationAndServed(
  page: Page,
  servedHtml: string,
): Promise<{ hydrated: PageParts; served: PageParts }> {
  await page.waitForFunction(() => document.documentElement.getAttribute("data-hydrated") === "true");
  return page.evaluate((html) => {
    const served = window.__serializeParts!(new DOMParser().parseFromString(html, "text/html"));
    return { hydrated: { ...window.__atRootHydration!, main: window.__atHydration!.main! }, served };
  }, servedHtml);
}

/** The first line where two parts differ, with its neighbours, or null when they are the same. */
export function firstDifference(served: string[], hydrated: string[]): string | null {
  const length = Math.max(served.length, hydrated.length);
  for (let at = 0; at < length; at++) {
    if (served[at] !== hydrated[at]) {
      return [
        `line ${at + 1} of ${served.length} (served) / ${hydrated.length} (hydrated)`,
        `  before:   ${served[at - 1] ?? "(start)"}`,
        `  served:   ${served[at] ?? "(nothing more)"}`,
        `  hydrated: ${hydrated[at] ?? "(nothing more)"}`,
      ].join("\n");
    }
  }
  return null;
}
