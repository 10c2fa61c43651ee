import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkedFiles, citationsIn, unopenableCitations } from "./citations";

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Written in pieces, so this file does not cite what it looks for.
const design = ["DES", "IGN"].join("");
const section = "§";

describe("a citation a reader cannot open", () => {
  it("is found: the design notes, the specification's sections and issue numbers", () => {
    const text = [
      `// Sessions live in the database (${design} ${section}2).`,
      `/** Sign in (spec ${section}2, ${section}4). */`,
      `/** Spec ${section}9: the dashboard follows. */`,
      `The success sentence is the spec's (${section}8).`,
      "// The data desk (issue 28): editors propose changes.",
      "// Open data (issues 16, 28).",
      "See the product spec.",
    ].join("\n");
    expect(unopenableCitations(text).map((found) => found.split(":")[0])).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
    ]);
  });

  it("is not confused with what a reader can open", () => {
    const text = [
      `// HTTP caching (RFC 9110 ${section}13).`,
      "// Unique, so the spec can run again on the same database.",
      "// The API contract's rules: docs/api.md.",
      "// Designed for slow phones; decision record 0019.",
    ].join("\n");
    expect(unopenableCitations(text)).toEqual([]);
  });
});

describe("the repository", () => {
  const files = checkedFiles(repository, ["src", "e2e", "bench", "scripts", "docs", "README.md"]).filter(
    (file) => file !== path.join("scripts", "citations.test.ts"),
  );

  it("cites no document a reader of it cannot open, in code, tests, e2e specs or docs", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(citationsIn(repository, files)).toEqual([]);
  });
});
