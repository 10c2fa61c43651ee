import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { openDataCatalogue } from "../../domain/opendata/catalogue";
import type { EstimatesFile } from "../../domain/opendata/datasets";
import { readSeed } from "../datadesk/seed";
import { stateBoundaries } from "./state-boundaries";

// CITATION.cff, read by reference managers and by GitHub's "Cite this repository", must cite the data
// the site serves: the same licence and the version of the datasets in data/.

describe("CITATION.cff", () => {
  it("names the open data's licence and the datasets' version", async () => {
    const seed = await readSeed();
    const dataOf = (kind: string) =>
      seed.filter((record) => record.kind === kind).map((record) => record.data);
    const { order: _order, ...estimates } = dataOf("estimate")[0] as EstimatesFile & { order: string[] };
    const catalogue = openDataCatalogue({
      states: dataOf("state") as never,
      schools: dataOf("school") as never,
      estimates: { ...estimates, estimates: dataOf("estimate").slice(1) as never },
      boundaries: await stateBoundaries(),
    });
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
