import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration";

const page = [
  "<!DOCTYPE html><html><head>",
  '<link rel="modulepreload" href="/assets/manifest-1.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/framework-3.js"/>',
  '<link rel="stylesheet" href="/assets/style-4.css"/>',
  "</head><body><h1>Lagos</h1>",
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-5.js";',
  'import * as route1 from "/assets/state-6.js";',
  "  ",
  '  window.__reactRouterRouteModules = {"root":route0,"routes/state":route1};',
  "",
  'import("/assets/entry.client-2.js");</script>',
  "</body></html>",
].join("\n");

describe("deferHydration", () => {
  const result = deferHydration(page) ?? "";

  it("removes the module preloads from the head, keeping the stylesheet", () => {
    expect(result).not.toContain('<link rel="modulepreload"');
    expect(result).toContain('<link rel="stylesheet" href="/assets/style-4.css"/>');
  });

  it("imports the same modules, binds the route modules and starts the app after a painted frame", () => {
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(result)?.[1] ?? "";
    expect(script.indexOf("requestAnimationFrame")).toBeLessThan(script.indexOf("import("));
    expect(script).toContain(
      'const [_unused0, route0, route1] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-5.js"), import("/assets/state-6.js")]);',
    );
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/state":route1};');
    expect(script.trimEnd().endsWith('import("/assets/entry.client-2.js");')).toBe(true);
    // Asks for the modules (if nothing has yet) only after the painted frame, before importing them.
    expect(script.indexOf("requestAnimationFrame")).toBeLessThan(script.indexOf("__askForModules?.()"));
    expect(script.indexOf("__askForModules?.()")).toBeLessThan(script.indexOf("import("));
  });

  it("asks for the modules from a classic script just before the stylesheet, which keeps the parser going", () => {
    const head = result.slice(0, result.indexOf("</head>"));
    const asking = /<script>([\s\S]*?)<\/script><link rel="stylesheet"/.exec(head)?.[1] ?? "";
    expect(asking).toContain(
      '["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/framework-3.js"]',
    );
    // Without a stylesheet, at the end of the head.
    const withoutStyle = deferHydration(
      page.replace('<link rel="stylesheet" href="/assets/style-4.css"/>\n', ""),
    );
    expect(withoutStyle).toMatch(/<script>\(\(\) => \{[\s\S]*?<\/script><\/head>/);
  });

  describe("the script that asks for the modules, run", () => {
    const asking = /<script>([\s\S]*?)<\/script><link rel="stylesheet"/.exec(result)?.[1] ?? "";

    /** Runs the script in a page whose answer took `firstByteMs` after its request; reports what it did. */
    function runAsking(firstByteMs: number) {
      const appended: string[] = [];
      const script = { removed: false, remove: () => (script.removed = true) };
      const listeners: ((event: { target: { rel?: string } }) => void)[] = [];
      const timers: { ms: number; run: () => void }[] = [];
      const window: Record<string, unknown> = {};
      const context = {
        window,
        performance: {
          getEntriesByType: () => [{ requestStart: 100, responseStart: 100 + firstByteMs }],
        },
        document: {
          currentScript: script,
          createElement: () => ({ rel: "", href: "" }),
          head: {
            append: (link: { rel: string; href: string }) => appended.push(`${link.rel} ${link.href}`),
          },
          addEventListener: (_type: string, listener: (typeof listeners)[number]) => listeners.push(listener),
          removeEventListener: (_type: string, listener: (typeof listeners)[number]) => {
            const at = listeners.indexOf(listener);
            if (at >= 0) listeners.splice(at, 1);
          },
        },
        setTimeout: (run: () => void, ms: number) => timers.push({ ms, run }),
      };
      runInNewContext(asking, context);
      return {
        appended,
        timers,
        listeners,
        fire: (rel: string) => listeners.forEach((listener) => listener({ target: { rel } })),
        askAgain: () => (window.__askForModules as () => void)(),
        removedItself: () => script.removed,
      };
    }

    it("takes itself out of the page as it runs, so nothing stands between the head's links as it hydrates", () => {
      expect(runAsking(400).removedItself()).toBe(true);
    });

    it("waits the page's own round trip, at most a second, then asks for each module once", () => {
      const slow = runAsking(400);
      expect(slow.timers.map((timer) => timer.ms)).toEqual([400]);
      expect(slow.appended).toEqual([]);
      slow.timers[0]!.run();
      expect(slow.appended).toEqual([
        "modulepreload /assets/manifest-1.js",
        "modulepreload /assets/entry.client-2.js",
        "modulepreload /assets/framework-3.js",
      ]);
      slow.askAgain();
      slow.fire("stylesheet");
      expect(slow.appended).toHaveLength(3);
      expect(runAsking(5000).timers.map((timer) => timer.ms)).toEqual([1000]);
    });

    it("asks at once when the stylesheet has arrived (or failed) sooner, and not for another resource", () => {
      const page = runAsking(400);
      page.fire("icon");
      expect(page.appended).toEqual([]);
      page.fire("stylesheet");
      expect(page.appended).toHaveLength(3);
      page.timers[0]!.run();
      expect(page.appended).toHaveLength(3);
    });

    it("asks when the page's module script calls, after the first paint, if nothing has yet", () => {
      const page = runAsking(400);
      page.askAgain();
      expect(page.appended).toHaveLength(3);
    });

    it("stops listening to the page's loads once it has asked", () => {
      const page = runAsking(400);
      expect(page.listeners).toHaveLength(2);
      page.timers[0]!.run();
      expect(page.listeners).toEqual([]);
    });
  });

  it("preloads the route modules' lazy imports with the rest, once each, and nothing the other modules import lazily", () => {
    const lazy: Record<string, string[]> = {
      "/assets/state-6.js": ["/assets/StatePage-7.js", "/assets/framework-3.js", "/assets/map-8.js"],
      "/assets/manifest-1.js": ["/assets/never-9.js"],
    };
    const script = deferHydration(page, (href) => lazy[href] ?? []) ?? "";
    expect(script).toContain(
      '["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/framework-3.js","/assets/StatePage-7.js","/assets/map-8.js"]',
    );
    expect(script).not.toContain("never-9");
  });

  it("leaves the page's other inline scripts and content alone", () => {
    expect(result).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(result).toContain("<h1>Lagos</h1>");
  });

  it("returns null for a script of unknown shape, so the page stays as built", () => {
    expect(
      deferHydration(page.replace('import("/assets/entry.client-2.js");', "doSomethingElse();")),
    ).toBeNull();
    expect(deferHydration("<html><body>no scripts</body></html>")).toBeNull();
  });

  it("keeps the page's part of the route manifest (lazy route discovery), on one line, before the app starts", () => {
    const routes = {
      entry: { module: "/assets/entry.client-2.js" },
      routes: { root: { id: "root", path: "" } },
    };
    const lazy = page
      .replace('<link rel="modulepreload" href="/assets/manifest-1.js"/>\n', "")
      .replace('import "/assets/manifest-1.js";', ";")
      .replace(
        "  window.__reactRouterRouteModules",
        `  window.__reactRouterManifest = ${JSON.stringify({ ...routes, note: "<!-- a < b" }, null, 2)};\n  window.__reactRouterRouteModules`,
      );
    const script =
      /<script type="module" async="">([\s\S]*?)<\/script>/.exec(deferHydration(lazy) ?? "")?.[1] ?? "";
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-5.js"), import("/assets/state-6.js")]);',
    );
    const manifestLine = script
      .split("\n")
      .find((line) => line.startsWith("window.__reactRouterManifest = "));
    expect(manifestLine).toBeDefined();
    expect(JSON.parse((manifestLine ?? "").slice("window.__reactRouterManifest = ".length, -1))).toEqual({
      ...routes,
      note: "<!-- a < b",
    });
    expect(manifestLine).not.toContain("<");
    expect(script.indexOf("window.__reactRouterManifest")).toBeLessThan(
      script.indexOf('import("/assets/entry'),
    );
  });
});
