// Citations a reader of the repository cannot open: the design notes and the product specification the
// project started from, and issue numbers of a tracker that is not part of it. A comment or a page says
// the reason in place, or links a page of docs/ that says it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const unopenable: { pattern: RegExp; what: string }[] = [
  { pattern: /\bDESIGN\b/, what: "the design notes" },
  { pattern: /\bspec(?:ification)?(?:'s)?,?\s*\(?§/i, what: "a section of the specification" },
  { pattern: /\bproduct[- ]spec\b/i, what: "the product specification" },
  { pattern: /\bissues?\s+#?\d+/i, what: "an issue number" },
];

/** Each citation in `text` a reader cannot open, as "line: what (the line)". */
export function unopenableCitations(text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, index) => {
    for (const { pattern, what } of unopenable) {
      if (pattern.test(line)) found.push(`${index + 1}: ${what} (${line.trim()})`);
    }
  });
  return found;
}

const checkedExtensions = new Set([".ts", ".tsx", ".js", ".mjs", ".css", ".md"]);

/** The source files, tests, e2e specs, scripts and pages under `folders` of `root` that are checked. */
export function checkedFiles(root: string, folders: string[]): string[] {
  return folders
    .flatMap((folder) => {
      const full = path.join(root, folder);
      if (path.extname(full) !== "") return [folder];
      return readdirSync(full, { recursive: true, encoding: "utf8" }).map((name) => path.join(folder, name));
    })
    .filter(
      (file) => checkedExtensions.has(path.extname(file)) && !file.split(path.sep).includes("node_modules"),
    )
    .sort();
}

/** Every unopenable citation in those files, as "file:line: what (the line)". */
export function citationsIn(root: string, files: string[]): string[] {
  return files.flatMap((file) =>
    unopenableCitations(readFileSync(path.join(root, file), "utf8")).map((found) => `${file}:${found}`),
  );
}
