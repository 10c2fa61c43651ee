// Pages rendered on the server show their content without JavaScript; the JavaScript only makes them
// interactive. The page renderer (page-renderer.ts) rewrites each page so that the two do not compete
// (decision records 0004 and 0032):
// - its modules are asked for one round trip after the stylesheet (the page's own time to first byte, at
//   most a second), or as soon as the stylesheet has arrived if that is sooner: on a slow link their first
//   bytes then arrive as the stylesheet's last ones do, instead of sharing the bandwidth with it (which
//   delayed the first paint) or waiting for the first paint (which left the link idle for a round trip and
//   the paint's own time, a second on a slow phone). A small classic script before the stylesheet does it,
//   with the route modules' lazy imports; the <link rel="modulepreload"> tags React Router writes are removed;
// - the app starts (the modules run) only after a frame has been painted.
//
// It relies on the shape of React Router's inline module script; a page whose script has another shape
// is left as it was (it still works, just without the deferral), and the server logs it once.

const preloadTag = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/;
const staticImport = /^import (?:\* as (\w+) from )?"([^"]+)";$/;
const allowedRest = /^(window\.__reactRouterRouteModules = \{[^;]*\};|import\("[^"]+"\);)$/;
// With lazy route discovery, the page's part of the route manifest, as pretty-printed JSON over many lines.
const manifestStatement = /^\s*window\.__reactRouterManifest = (\{[\s\S]*?\n\});$/m;

const stylesheetTag = '<link rel="stylesheet"';
/** The page's function that asks for its modules, for its module script to call if nothing has yet. */
const ASK_FOR_MODULES = "__askForModules";
/** The longest the modules wait for a round trip's worth of the stylesheet (a slow first answer). */
const MAX_WAIT_MS = 1000;

/** The modules a built module imports lazily as it runs (lazy-dependencies.ts); none when not given. */
export type LazyDependencies = (href: string) => readonly string[];

/**
 * The page with its modules asked for after the stylesheet and its hydration deferred to after the first
 * paint, or null when its shape is unknown. The route modules' lazy imports (`lazyDependencies`) are
 * preloaded with the rest: a route that hydrates a part of itself lazily (the home page's content) needs
 * them at once, and would otherwise ask for them only once its own module has run, a round trip and more
 * later.
 */
export function deferHydration(html: string, lazyDependencies: LazyDependencies = () => []): string | null {
  const script = moduleScript.exec(html);
  if (!script || script.index === undefined) return null;
  const preloads = [...html.matchAll(preloadTag)].map((match) => match[1] ?? "");
  const imports: { binding: string | undefined; href: string }[] = [];
  const rest: string[] = [];
  let body = script[1] ?? "";
  const manifest = manifestStatement.exec(body);
  if (manifest) {
    let routes: unknown;
    try {
      routes = JSON.parse(manifest[1] ?? "");
    } catch {
      return null;
    }
    // Written on one line (a fifth of its bytes were indentation), with "<" escaped so no text in it can
    // end the script element.
    const compact = JSON.stringify(routes).replaceAll("<", "\\u003c");
    rest.push(`window.__reactRouterManifest = ${compact};`);
    body = body.slice(0, manifest.index) + body.slice(manifest.index + manifest[0].length);
  }
  for (const line of body.split("\n").map((text) => text.trim())) {
    // ";" is what React Router writes where it imports the whole manifest when routes are not discovered lazily.
    if (!line || line === ";") continue;
    const imported = staticImport.exec(line);
    if (imported) imports.push({ binding: imported[1], href: imported[2] ?? "" });
    else if (allowedRest.test(line)) rest.push(line);
    else return null;
  }
  if (imports.length === 0 || rest.length === 0) return null;

  for (const entry of imports) {
    if (entry.binding)
      preloads.push(...lazyDependencies(entry.href).filter((href) => !preloads.includes(href)));
  }
  const bindings = imports.map((entry, index) => entry.binding ?? `_unused${index}`);
  // Classic, before the stylesheet: it runs as the head is parsed (a script after a stylesheet still
  // loading would stop the parser until it has arrived).
  const askForModules = [
    "(() => {",
    // Gone from the page once it has run: left between the head's links and the stylesheet, it made the
    // browser's renderer move the stylesheet's <link> as the head hydrated (it pairs elements in order and
    // moves each to its place), and a stylesheet taken out and put back costs the page its styles and layout
    // computed again, a long task on a slow phone.
    "  document.currentScript?.remove();",
    "  let asked = false;",
    "  const ask = () => {",
    "    if (asked) return;",
    "    asked = true;",
    // Every later image or script load would otherwise still call the listeners.
    '    document.removeEventListener("load", onStylesheet, true);',
    '    document.removeEventListener("error", onStylesheet, true);',
    `    for (const href of ${JSON.stringify(preloads)}) {`,
    '      const link = document.createElement("link");',
    '      link.rel = "modulepreload";',
    "      link.href = href;",
    "      document.head.append(link);",
    "    }",
    "  };",
    '  const page = performance.getEntriesByType("navigation")[0];',
    "  const roundTrip = page ? page.responseStart - page.requestStart : 0;",
    `  setTimeout(ask, Math.min(Math.max(roundTrip, 0), ${MAX_WAIT_MS}));`,
    '  const onStylesheet = (event) => event.target.rel === "stylesheet" && ask();',
    '  document.addEventListener("load", onStylesheet, true);',
    '  document.addEventListener("error", onStylesheet, true);',
    `  window.${ASK_FOR_MODULES} = ask;`,
    "})();",
  ].join("\n");
  const deferred = [
    "await new Promise((resolve) => {",
    '  if (document.visibilityState === "hidden") resolve();',
    "  else requestAnimationFrame(() => setTimeout(resolve, 0));",
    "});",
    `window.${ASK_FOR_MODULES}?.();`,
    `const [${bindings.join(", ")}] = await Promise.all([${imports.map((entry) => `import(${JSON.stringify(entry.href)})`).join(", ")}]);`,
    ...rest,
  ].join("\n");

  const withDeferredStart = html
    .replace(moduleScript, () => `<script type="module" async="">${deferred}</script>`)
    .replace(preloadTag, "");
  const asking = `<script>${askForModules}</script>`;
  return withDeferredStart.includes(stylesheetTag)
    ? withDeferredStart.replace(stylesheetTag, () => asking + stylesheetTag)
    : withDeferredStart.replace("</head>", () => `${asking}</head>`);
}
