import { describe, expect, it } from "vitest";
import estimates from "../../../data/estimates.json";
import boundaries from "../../../data/nigeria-states.geojson?raw";
import { parseStateBoundaries } from "./boundaries";
import { openDataCatalogue } from "./catalogue";
import type { EstimatesFile } from "./datasets";
import { geojsonDocument, openDataPath } from "./documents";
import { openDatasets, withoutEmailAddresses } from "./datasets";
import { seededSchools, seededStates } from "../../test/datasets";

/** data/*.json as the seed holds them. */
const seeded = {
  states: seededStates,
  schools: seededSchools,
  estimates: estimates as unknown as EstimatesFile,
  boundaries: parseStateBoundaries(boundaries),
};
const catalogue = openDataCatalogue(seeded);

describe("the open data catalogue (the /data page's list)", () => {
  it("lists every dataset in every format, with the HXL variant of each CSV", () => {
    expect(
      catalogue.datasets.map((dataset) => [dataset.id, dataset.downloads.map((download) => download.href)]),
    ).toEqual([
      [
        "states",
        [
          openDataPath("states", "json"),
          openDataPath("states", "csv"),
          openDataPath("states", "csv", "?hxl=1"),
          openDataPath("states", "geojson"),
        ],
      ],
      [
        "schools",
        [
          openDataPath("schools", "json"),
          openDataPath("schools", "csv"),
          openDataPath("schools", "csv", "?hxl=1"),
          openDataPath("schools", "geojson"),
        ],
      ],
      [
        "estimates",
        [
          openDataPath("estimates", "json"),
          openDataPath("estimates", "csv"),
          openDataPath("estimates", "csv", "?hxl=1"),
        ],
      ],
      [
        "reports",
        [
          openDataPath("reports", "json"),
          openDataPath("reports", "csv"),
          openDataPath("reports", "csv", "?hxl=1"),
        ],
      ],
    ]);
  });

  it("gives each static download its rows, size and date, and reports none (they change)", () => {
    const states = catalogue.datasets[0]!;
    expect(states.downloads.map((download) => download.rows)).toEqual([37, 37, 37, 37]);
    expect(states.downloads.every((download) => (download.bytes ?? 0) > 10_000)).toBe(true);
    expect(states.downloads[0]?.asOf).toBe("2026-11");
    expect(catalogue.datasets[1]?.downloads[3]).toMatchObject({ format: "geojson", rows: 0 });
    expect(catalogue.datasets[3]?.downloads.every((download) => download.bytes === null)).toBe(true);
    expect(catalogue.positionedSchools).toBe(0);
    expect(catalogue.schoolCount).toBe(249);
  });

  it("has a field dictionary with a real example wherever the data has a value", () => {
    const states = catalogue.datasets[0]!;
    expect(states.fields.map((field) => field.name)).toEqual(
      openDatasets.states.fields.map((field) => field.name),
    );
    expect(states.fields.find((field) => field.name === "state")?.example).toBe("Abia");
    expect(states.fields.find((field) => field.name === "score")?.example).toBe("56");
    for (const dataset of catalogue.datasets) {
      for (const field of dataset.fields) {
        expect(field.meaning, `${dataset.id}.${field.name}`).not.toBe("");
        expect(field.example?.length ?? 0, `${dataset.id}.${field.name}`).toBeLessThanOrEqual(80);
      }
    }
  });
});

describe("how to cite a numbered version", () => {
  const numbered = openDataCatalogue(seeded, {
    states: { version: 3, changedAt: "2026-11-30T09:12:00.000Z" },
    schools: { version: 1, changedAt: "2026-11-25T08:00:00.000Z" },
    estimates: { version: 2, changedAt: "2026-11-28T10:00:00.000Z" },
  });

  it("names each dataset's version number and the day it was published", () => {
    expect(numbered.datasets.map((dataset) => dataset.citation)).toEqual([
      "Inclusion Atlas (2026). State disability policy records, Nigeria [Data set], version 3 of 2026-11-30. Inclusion Atlas open data, CC-BY-4.0.",
      expect.stringContaining("[Data set], version 1 of 2026-11-25."),
      expect.stringContaining("[Data set], version 2 of 2026-11-28."),
      null,
    ]);
  });

  it("cites the compilation as of its latest publication, with every dataset's version", () => {
    expect(numbered.citation).toBe(
      "Inclusion Atlas (2026). Inclusion Atlas open data: disability inclusion in Nigeria [Data set], as published on 2026-11-30 (states version 3, schools version 1, estimates version 2). Licensed under CC-BY-4.0.",
    );
  });

  it("dates a publication by the day in Nigeria, as the page says when it changed", () => {
    const late = openDataCatalogue(seeded, { states: { version: 4, changedAt: "2026-12-31T23:30:00.000Z" } });
    expect(late.datasets[0]?.citation).toBe(
      "Inclusion Atlas (2027). State disability policy records, Nigeria [Data set], version 4 of 2027-01-01. Inclusion Atlas open data, CC-BY-4.0.",
    );
    expect(late.citation).toContain("Inclusion Atlas (2027).");
    expect(late.citation).toContain("as published on 2027-01-01 (states version 4)");
  });

  it("cites the data's month where no version is numbered yet", () => {
    expect(catalogue.datasets[0]?.citation).toContain("[Data set], version 2026-11.");
    expect(catalogue.citation).toContain("[Data set], version 2026-11.");
  });
});

describe("open data documents", () => {
  it("writes a GeoJSON point for every positioned record, longitude first", () => {
    const collection = JSON.parse(
      geojsonDocument(
        openDatasets.schools,
        [{ record: { id: 7, name: "Wesley School 1" }, position: [3.38, 6.52] }],
        "2026-11",
      ),
    ) as { type: string; features: { type: string; id: number; geometry: unknown; properties: unknown }[] };
    expect(collection.type).toBe("FeatureCollection");
    expect(collection.features).toEqual([
      {
        type: "Feature",
        id: 7,
        geometry: { type: "Point", coordinates: [3.38, 6.52] },
        properties: { id: 7, name: "Wesley School 1" },
      },
    ]);
  });

  it("shows an e-mail address in a text so a person can read it and a harvester cannot", () => {
    expect(withoutEmailAddresses("Write to info@pacelli.org or a.b@x.gov.ng.")).toBe(
      "Write to info [at] pacelli.org or a.b [at] x.gov.ng.",
    );
    expect(withoutEmailAddresses("No address here @ all")).toBe("No address here @ all");
  });
});
