import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The review queue's loader brings the catalogues its cards use: a namespace left out shows its keys
// ("report.place.state") instead of words. Read from the sources, as the bundler sees them.

const root = path.resolve(import.meta.dirname, "../../../../..");
const cardFiles = ["ReviewsPage.tsx", "ReviewCard.tsx", "ReviewPublicPreview.tsx", "PhoneDetailsForm.tsx"];

/** The namespaces of the message ids a source file translates with t("namespace.…"). */
async function namespacesOf(file: string): Promise<Set<string>> {
  const source = await readFile(file, "utf8");
  return new Set([...source.matchAll(/\bt\(\s*[`"]([a-zA-Z]+)\./g)].map((match) => match[1]!));
}

describe("the review queue's messages", () => {
  it("loads every namespace its cards and the phone report's details form translate with", async () => {
    const loader = await readFile(path.join(root, "src/web/app/routes/dashboard/reviews.tsx"), "utf8");
    const loaded = /pageMessages\(request, \[([^\]]*)\]\)/.exec(loader)?.[1] ?? "";
    const namespaces = new Set([...loaded.matchAll(/"([a-zA-Z]+)"/g)].map((match) => match[1]!));
    for (const file of cardFiles) {
      const used = await namespacesOf(path.join(root, "src/web/features/moderation", file));
      used.delete("common"); // the shell's, always loaded
      expect(
        [...used].filter((namespace) => !namespaces.has(namespace)),
        file,
      ).toEqual([]);
    }
  });
});
