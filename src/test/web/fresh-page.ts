import { vi } from "vitest";

// The web tests' files share their worker's jsdom and the packages it loaded (vitest.config.ts). This file
// runs before each test file, so that the file starts as it would alone: its own modules (the app's state,
// such as the hydration mark, the language and the loaded messages, as on a page of its own), the same
// address, nothing stored and an empty document. Stubbed globals and fake timers are put back as each file
// ends (src/test/shared-worker.ts).
vi.resetModules();

const firstPageKey = Symbol.for("inclusion-atlas:first-page");
type FirstPage = { address: string; html: HTMLElement; head: HTMLHeadElement; body: HTMLElement };
const worker = globalThis as { [firstPageKey]?: FirstPage };

// (A file of the web's that tests code for Node, `@vitest-environment node`, has no page.)
if (typeof document !== "undefined") {
  // The same elements as the worker's first file had, emptied: Testing Library's `screen` (a package loaded
  // once per worker) holds the first <body>, and a file may have put a document of its own in its place.
  const first = (worker[firstPageKey] ??= {
    address: location.href,
    html: document.documentElement,
    head: document.head,
    body: document.body,
  });
  if (document.documentElement !== first.html) document.replaceChild(first.html, document.documentElement);
  first.html.replaceChildren(first.head, first.body);
  history.replaceState(null, "", first.address);
  localStorage.clear();
  sessionStorage.clear();
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  document.head.replaceChildren();
  document.body.replaceChildren();
  // React Router's browser entry reads the page's data from these (src/web/preact/router-state.ts).
  for (const key of Object.keys(window)) {
    if (key.startsWith("__reactRouter")) delete (window as unknown as Record<string, unknown>)[key];
  }
}
