// Relative links in the project's Markdown, checked as GitHub resolves them: a file that exists and, after
// a "#", a heading of that file (GitHub's anchor for it) or an explicit `<a id>`. Used by its test over the
// README, docs/ and the bench's pages, so a moved section cannot leave a link pointing nowhere.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export interface MarkdownLink {
  line: number;
  target: string;
}

/** The text outside fenced code blocks, line by line (fenced lines blanked, so line numbers hold). */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split("\n").map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return "";
    }
    return fence === null ? line : "";
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  const text = heading
    .replace(/`/g, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\p{M} _-]/gu, "").replace(/ /g, "-");
}

/** Every anchor a file offers: its headings' slugs (repeats get -1, -2, …) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = headingSlug(heading);
      const count = seen.get(slug) ?? 0;
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
      seen.set(slug, count + 1);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? "");
  }
  return anchors;
}

/** The links of a file that point inside the repository (no scheme, no protocol-relative address). */
export function relativeLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  proseLines(markdown).forEach((raw, index) => {
    const line = raw.replace(/`[^`]*`/g, "");
    const targets = [
      ...[...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] ?? ""),
      ...[...line.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/g)].map(
        (match) => match[1] ?? "",
      ),
    ];
    for (const target of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue;
      links.push({ line: index + 1, target });
    }
  });
  return links;
}

/** What is wrong with each relative link of `file` (a path inside `root`), as "file:line target: why". */
export function brokenLinks(root: string, file: string): string[] {
  const problems: string[] = [];
  const source = path.join(root, file);
  for (const { line, target } of relativeLinks(readFileSync(source, "utf8"))) {
    const [rawPath = "", rawAnchor] = target.split("#", 2);
    const targetPath =
      rawPath === "" ? source : path.resolve(path.dirname(source), decodeURIComponent(rawPath));
    const where = `${file}:${line} ${target}`;
    if (!targetPath.startsWith(path.resolve(root) + path.sep) && targetPath !== path.resolve(root)) {
      problems.push(`${where}: points outside the repository`);
    } else if (!existsSync(targetPath)) {
      problems.push(`${where}: no such file`);
    } else if (rawAnchor !== undefined && rawAnchor !== "") {
      if (statSync(targetPath).isDirectory() || !targetPath.endsWith(".md")) {
        problems.push(`${where}: an anchor into something that is not a Markdown file`);
      } else if (
        !anchorsOf(readFileSync(targetPath, "utf8")).has(decodeURIComponent(rawAnchor).toLowerCase())
      ) {
        problems.push(`${where}: no heading with that anchor`);
      }
    }
  }
  return problems;
}

/** The Markdown files under `folder` (relative to `root`), recursively. */
export function markdownFilesUnder(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join(folder, name))
    .sort();
}
