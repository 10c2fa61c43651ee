import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { anchorsOf, brokenLinks, headingSlug, markdownFilesUnder } from "./markdown-links";

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("a Markdown link's anchor", () => {
  it("is GitHub's slug of the heading", () => {
    expect(headingSlug("The public site: law status, all states compared, every figure sourced")).toBe(
      "the-public-site-law-status-all-states-compared-every-figure-sourced",
    );
    expect(headingSlug("What `npm test` runs")).toBe("what-npm-test-runs");
    expect(headingSlug("Pages from the server's cache, measured on 29 November 2026")).toBe(
      "pages-from-the-servers-cache-measured-on-29-november-2026",
    );
  });

  it("counts repeated headings and ignores headings inside code", () => {
    const anchors = anchorsOf("# A\n\n## Notes\n\n```sh\n# not a heading\n```\n\n## Notes\n");
    expect([...anchors].sort()).toEqual(["a", "notes", "notes-1"]);
  });
});

describe("the link checker", () => {
  const root = mkdtempSync(path.join(tmpdir(), "atlas-links-"));
  mkdirSync(path.join(root, "docs"));
  writeFileSync(path.join(root, "docs", "page.md"), "# Page\n\n## Media storage\n");
  writeFileSync(
    path.join(root, "README.md"),
    [
      "# Readme",
      "[ok](docs/page.md#media-storage) [self](#readme) [web](https://example.org/x) `[code](nowhere.md)`",
      "[gone](docs/missing.md)",
      "[moved section](docs/page.md#ffmpeg)",
      "![picture](docs/none.png)",
      "```",
      "[inside a fence](nowhere.md)",
      "```",
    ].join("\n"),
  );

  it("names each link to a missing file or heading, and nothing else", () => {
    expect(brokenLinks(root, "README.md")).toEqual([
      "README.md:3 docs/missing.md: no such file",
      "README.md:4 docs/page.md#ffmpeg: no heading with that anchor",
      "README.md:5 docs/none.png: no such file",
    ]);
  });
});

describe("the repository's documentation", () => {
  const files = [
    "README.md",
    "bench/README.md",
    ...markdownFilesUnder(repository, "docs"),
    ...markdownFilesUnder(repository, "bench/results"),
  ];

  it("links only to files and headings that exist", () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => brokenLinks(repository, file))).toEqual([]);
  });
});
