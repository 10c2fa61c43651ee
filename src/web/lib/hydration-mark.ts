// `<html data-hydrated="true">` says the page is interactive (the end-to-end tests wait for it). A page whose
// content hydrates after the rest (the home page, app/routes/home.tsx) says so when its route module loads, and
// the mark then waits for that content too, saying `data-hydrated="root"` meanwhile. Parts of the layout
// that hydrate after the root (the site's header and footer, src/web/ui/LaterPart.tsx) are waited for before
// the mark says even "root".

import { hydrationEnded, isHydrating } from "./hydration-state";
import { replayTypedValues, serverControls } from "./typed-before-hydration";

// Read when this module loads, before the root hydrates: the controls the server's HTML holds.
const controlsBeforeHydration = typeof document === "undefined" ? [] : serverControls(document);
let rootHydrated = false;
let partsPending = 0;
let shellPartsPending = 0;
let typedValuesReplayed = false;

function markIfDone() {
  if (!rootHydrated || shellPartsPending > 0) return;
  // "root": the root has hydrated and a later part has not (e2e/hydration.spec.ts compares the header and
  // footer with the served HTML at this moment, before the app's first renders after hydration change them).
  if (partsPending > 0) {
    document.documentElement.dataset.hydrated = "root";
    return;
  }
  // Once, when the first page is wholly interactive: later pages are rendered by the app itself.
  if (!typedValuesReplayed) {
    typedValuesReplayed = true;
    replayTypedValues(controlsBeforeHydration);
  }
  document.documentElement.dataset.hydrated = "true";
  // After the mark: what renders differently once hydrated comes after the page says it is hydrated.
  hydrationEnded();
}

/**
 * True while the served page's root hydrates (from the entry's first step): a part rendered now is the
 * server's HTML being adopted; once the root has hydrated, a part is the app's own render, even while a
 * later part (the home page's content) still hydrates.
 */
export function isRootHydrating(): boolean {
  return isHydrating() && !rootHydrated;
}

/** Called by the root once it has hydrated. */
export function markRootHydrated() {
  rootHydrated = true;
  markIfDone();
}

/** A part of the page that hydrates later is on its way; the mark waits for `markPartHydrated`. */
export function expectLaterPart() {
  partsPending++;
}

/** The part announced by `expectLaterPart` has hydrated (or rendered). */
export function markPartHydrated() {
  partsPending = Math.max(0, partsPending - 1);
  markIfDone();
  if (partsPending === 0) for (const run of waiting.splice(0)) run();
}

/** A part of the layout (header, footer) hydrates after the root: "root" is said once it has. */
export function expectShellPart() {
  shellPartsPending++;
  expectLaterPart();
}

/** The part announced by `expectShellPart` has hydrated. */
export function markShellPartHydrated() {
  shellPartsPending = Math.max(0, shellPartsPending - 1);
  markPartHydrated();
}

const waiting: (() => void)[] = [];

/**
 * Runs `run` now, or once every part announced by `expectLaterPart` has hydrated. For a change of a
 * context above such a part: React cannot tell whether the part, still the server's HTML, reads it, so it
 * throws that HTML away and renders the part anew in the browser (the home page's content showed a
 * spinner and lost its server-rendered ids that way; e2e/hydration.spec.ts).
 */
export function whenWhollyHydrated(run: () => void) {
  if (partsPending === 0) run();
  else waiting.push(run);
}
