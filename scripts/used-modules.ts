import path from "node:path";

// Which of our modules a part of the page really uses, followed import by import from its root module. A
// feature's index.ts only re-exports (vite.config.ts marks it free of side effects), so through an index
// only the modules of the names imported from it are followed: the home page's content imports
// `StateOverview` from the states feature, not the state page's reports list that the same index also
// names. The build uses this to give such a part a chunk of its own (vite.config.ts).

export interface ModuleGraph {
  /** The module's code after the TypeScript and JSX transforms (type-only imports gone), or null. */
  code(id: string): string | null;
  /** The ids the module imports statically, as resolved by the bundler. */
  importedIds(id: string): readonly string[];
}

const namedImport = /\bimport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const namedReexport = /\bexport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const otherImport = /\b(?:(?:import|export)\s*(?:\*|[\w$]+\s*(?:,|from))[^;]*?|import\s*)["']([^"']+)["']/g;

const sourceExtensions = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.tsx", "/index.js"];

/** The id among `importedIds` that `specifier`, written in module `importer`, names; undefined if none. */
function resolvedId(importer: string, specifier: string, importedIds: readonly string[]): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(importer), specifier);
  return sourceExtensions.map((extension) => base + extension).find((id) => importedIds.includes(id));
}

/** "a, b as c, type D" → the names as exported by the other side: a, b. */
function importedNames(list: string): string[] {
  return list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !part.startsWith("type "))
    .map((part) => part.split(/\s+as\s+/)[0] ?? part);
}

/** "a, b as c" in an `export { … } from` → [exported name, name in the module it comes from]. */
function reexportedNames(list: string): [exported: string, original: string][] {
  return list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !part.startsWith("type "))
    .map((part) => {
      const [original = part, exported = original] = part.split(/\s+as\s+/);
      return [exported, original];
    });
}

/**
 * Our modules (`isOurs`) reachable from `roots` (the roots included) that the parts use. `isReexportIndex`
 * says which modules only re-export; through those, only the modules of the names imported are followed.
 * Any other kind of import (a namespace, a default, a side effect, `export *`) follows the whole module.
 */
export function usedModules(
  roots: readonly string[],
  graph: ModuleGraph,
  { isOurs, isReexportIndex }: { isOurs: (id: string) => boolean; isReexportIndex: (id: string) => boolean },
): Set<string> {
  const used = new Set<string>();
  // For an index: the names asked for so far, or "all".
  const askedOfIndex = new Map<string, Set<string> | "all">();
  const pending = [...roots];

  const ask = (id: string, names: readonly string[] | "all"): void => {
    if (!isOurs(id)) return;
    if (!isReexportIndex(id)) {
      pending.push(id);
      return;
    }
    const asked = askedOfIndex.get(id) ?? new Set<string>();
    if (asked === "all") return;
    if (names === "all") askedOfIndex.set(id, "all");
    else {
      const fresh = names.filter((name) => !asked.has(name));
      if (fresh.length === 0 && askedOfIndex.has(id)) return;
      for (const name of fresh) asked.add(name);
      askedOfIndex.set(id, asked);
    }
    // Asked for more: go through the index again.
    used.delete(id);
    pending.push(id);
  };

  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (used.has(id)) continue;
    used.add(id);
    const code = graph.code(id);
    const importedIds = graph.importedIds(id);
    if (code === null) {
      for (const imported of importedIds) ask(imported, "all");
      continue;
    }
    const asked = isReexportIndex(id) ? (askedOfIndex.get(id) ?? "all") : "all";
    const followed = new Set<string>();
    const statements =
      isReexportIndex(id) && asked !== "all"
        ? [...code.matchAll(namedReexport)].map((match) => {
            const names = reexportedNames(match[1] ?? "")
              .filter(([exported]) => asked.has(exported))
              .map(([, original]) => original);
            return { names, specifier: match[2] ?? "" };
          })
        : [...code.matchAll(namedImport), ...code.matchAll(namedReexport)].map((match) => ({
            names: importedNames(match[1] ?? ""),
            specifier: match[2] ?? "",
          }));
    for (const { names, specifier } of statements) {
      const target = resolvedId(id, specifier, importedIds);
      if (target === undefined) continue;
      followed.add(target);
      if (names.length > 0) ask(target, names);
    }
    // Every other import of the module (and, outside an index being read name by name, any import the
    // patterns above did not recognise) is followed whole.
    for (const match of code.matchAll(otherImport)) {
      const target = resolvedId(id, match[1] ?? "", importedIds);
      if (target !== undefined && !followed.has(target)) {
        followed.add(target);
        ask(target, "all");
      }
    }
    if (asked === "all" || !isReexportIndex(id)) {
      for (const imported of importedIds) if (!followed.has(imported)) ask(imported, "all");
    }
  }
  return used;
}
