import { readFileSync } from "node:fs";
import path from "node:path";
import type { LazyDependencies } from "./defer-hydration";

// The build writes, at the top of a module that imports others lazily, the list of files each such import
// loads (`const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js",…])))=>…`), so that the
// browser can fetch them together when the import runs. The page renderer reads that list to have them
// fetched with the page's other modules instead (defer-hydration.ts). Built files never change under a
// running server: each is read once.

const lazyImportList = /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])/;
const builtAsset = /^\/assets\/[\w.-]+\.js$/;

/** The files listed as `files` in the head of the module's source, as addresses; [] when it lists none. */
export function lazyImportsOf(source: string): string[] {
  const list = lazyImportList.exec(source)?.[1];
  if (!list) return [];
  try {
    const files: unknown = JSON.parse(list);
    if (!Array.isArray(files)) return [];
    return files
      .filter((file): file is string => typeof file === "string")
      .map((file) => `/${file}`)
      .filter((href) => builtAsset.test(href));
  } catch {
    return [];
  }
}

/** The lazy imports of the built modules in `clientDir` (build/client), by their address (`/assets/x.js`). */
export function lazyDependenciesIn(clientDir: string): LazyDependencies {
  const known = new Map<string, readonly string[]>();
  return (href) => {
    if (!builtAsset.test(href)) return [];
    let found = known.get(href);
    if (!found) {
      let source = "";
      try {
        source = readFileSync(path.join(clientDir, href), "utf8");
      } catch {
        // A module the build does not hold: the page loads as it would have, without the early fetches.
      }
      found = lazyImportsOf(source);
      known.set(href, found);
    }
    return found;
  };
}
