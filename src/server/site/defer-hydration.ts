// Pages rendered on the server show their content without JavaScript; the JavaScript only makes them
// interactive.
// On a slow connection, fetching it while the page is still loading takes bandwidth from the HTML and the
// stylesheet, and delays the first paint. The page renderer (page-renderer.ts) rewrites each page so that its modules are
// requested after the first paint: the <link rel="modulepreload"> tags are removed from the head and
// added again, with the route modules' imports, once a frame has been painted.
//
// It relies on the shape of React Router's inline module script; a page whose script has another shape
// is left as it was (it still works, just without the deferral), and the server logs it once.

const preloadTag = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/;
const staticImport = /^import (?:\* as (\w+) from )?"([^"]+)";$/;
const allowedRest = /^(window\.__reactRouterRouteModules = \{[^;]*\};|import\("[^"]+"\);)$/;
// With lazy route discovery, the page's part of the route manifest, as pretty-printed JSON over many lines.
const manifestStatement = /^\s*window\.__reactRouterManifest = (\{[\s\S]*?\n\});$/m;

/** The modules a built module imports lazily as it runs (lazy-dependencies.ts); none when not given. */
export type LazyDependencies = (href: string) => readonly string[];

/**
 * The page with its hydration deferred to after the first paint, or null when its shape is unknown. The
 * route modules' lazy imports (`lazyDependencies`) are preloaded with the rest: a route that hydrates a
 * part of itself lazily (the home page's content) needs them at once, and would otherwise ask for them only
 * once its own module has run, a round trip and more later.
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
  const deferred = [
    "await new Promise((resolve) => {",
    '  if (document.visibilityState === "hidden") resolve();',
    "  else requestAnimationFrame(() => setTimeout(resolve, 0));",
    "});",
    `for (const href of ${JSON.stringify(preloads)}) {`,
    '  const link = document.createElement("link");',
    '  link.rel = "modulepreload";',
    "  link.href = href;",
    "  document.head.append(link);",
    "}",
    `const [${bindings.join(", ")}] = await Promise.all([${imports.map((entry) => `import(${JSON.stringify(entry.href)})`).join(", ")}]);`,
    ...rest,
  ].join("\n");

  const withoutPreloads = html.replace(preloadTag, "");
  return withoutPreloads.replace(moduleScript, () => `<script type="module" async="">${deferred}</script>`);
}
