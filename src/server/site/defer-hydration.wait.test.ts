// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { deferHydration } from "./defer-hydration";

// The page's modules are requested once the HTML has been read and every stylesheet has loaded, without
// waiting for a painted frame (which a slow phone paints long after): the wait that opens the deferred
// script, run here against a document whose stylesheet is still loading or has loaded.

const page = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/style-4.css"/></head><body>',
  '<script type="module" async="">import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-5.js";',
  'window.__reactRouterRouteModules = {"root":route0};',
  'import("/assets/entry.client-2.js");</script>',
  "</body></html>",
].join("\n");

/** The deferred script's opening wait, as a function that runs it in this document. */
function waitOfDeferredScript(): () => Promise<void> {
  const script =
    /<script type="module" async="">([\s\S]*?)<\/script>/.exec(deferHydration(page) ?? "")?.[1] ?? "";
  const wait = script.slice(0, script.indexOf("for (const href of"));
  expect(wait).toMatch(/^await new Promise\(/);
  return new Function(`return (async () => { ${wait} })();`) as () => Promise<void>;
}

/** A stylesheet link; `loaded` gives it a sheet, as the browser does once its file has arrived. */
function stylesheet(loaded: boolean): HTMLLinkElement {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/assets/style-4.css";
  Object.defineProperty(link, "sheet", { get: () => (loaded ? ({} as CSSStyleSheet) : null) });
  document.head.append(link);
  return link;
}

/** Whether `promise` has settled once the microtasks queued so far have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
  return done;
}

afterEach(() => {
  document.head.innerHTML = "";
  vi.unstubAllGlobals();
});

describe("the deferred script's wait", () => {
  // No frame is ever painted here: the wait must not need one.
  const noFrame = () => vi.stubGlobal("requestAnimationFrame", () => 0);

  it("ends when the stylesheet still loading has loaded, without a painted frame", async () => {
    noFrame();
    const link = stylesheet(false);
    const waiting = waitOfDeferredScript()();
    expect(await settled(waiting)).toBe(false);
    link.dispatchEvent(new Event("load"));
    expect(await settled(waiting)).toBe(true);
  });

  it("ends when the stylesheet fails, too: the page still hydrates", async () => {
    noFrame();
    const link = stylesheet(false);
    const waiting = waitOfDeferredScript()();
    link.dispatchEvent(new Event("error"));
    expect(await settled(waiting)).toBe(true);
  });

  it("ends at once when every stylesheet has loaded", async () => {
    noFrame();
    stylesheet(true);
    expect(await settled(waitOfDeferredScript()())).toBe(true);
  });

  it("ends at a painted frame if that comes before the stylesheet", async () => {
    let frame: FrameRequestCallback | undefined;
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => {
      frame = callback;
      return 1;
    });
    stylesheet(false);
    const waiting = waitOfDeferredScript()();
    expect(await settled(waiting)).toBe(false);
    frame?.(0);
    await vi.waitFor(async () => expect(await settled(waiting)).toBe(true));
  });
});
