import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { openDataCatalogue } from "../../domain/opendata/catalogue";
import { staticDatasets } from "./static-bodies";

// CITATION.cff, read by reference managers and by GitHub's "Cite this repository", must cite the data
// the site serves: the same licence and the version of the datasets in data/.

describe("CITATION.cff", () => {
  it("names the open data's licence and the datasets' version", async () => {
    const catalogue = openDataCatalogue(staticDatasets);
    const cff = await readFile("CITATION.cff", "utf8");

    expect(cff).toMatch(/^cff-version: 1\.2\.0$/m);
    expect(cff).toMatch(/^type: dataset$/m);
    expect(cff).toMatch(/^license: CC-BY-4\.0$/m);
    expect(cff).toContain(`version: "${catalogue.version}"`);
    expect(cff).toContain(`title: "Inclusion Atlas open data: disability inclusion in Nigeria"`);
    expect(catalogue.citation).toBe(
      `Inclusion Atlas (2026). Inclusion Atlas open data: disability inclusion in Nigeria [Data set], version ${catalogue.version}. Licensed under CC-BY-4.0.`,
    );
  });
});
