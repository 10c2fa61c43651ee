import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { noContacts } from "../../domain/site-contacts";
import { seededSchools, seededStates } from "../../test/datasets";
import { publishedDataOf, siteSettingsOf, type PageData } from "./datasets";

async function readData(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, "utf8"));
}

describe("the published data the loaders read", () => {
  it("is the server's, as it hands it over in the load context", async () => {
    const given = { generation: 7, states: [], schools: [] } as unknown as PageData;
    expect(await publishedDataOf({ publishedData: given })).toBe(given);
  });

  it("is data/*.json, its sources named as the seed names them, when no server hands any over (react-router dev)", async () => {
    const { schools, states, country, estimates } = await publishedDataOf({});
    expect(schools).toEqual(seededSchools);
    expect(states).toEqual(seededStates);
    expect(country).toEqual(await readData("data/country-ng.json"));
    expect(estimates).toEqual(await readData("data/estimates.json"));
    expect(states).toHaveLength(37);
  });

  it("comes with the deployer's settings, or none under react-router dev", () => {
    const site = { publicUrl: "https://atlas.example.ng", contacts: noContacts };
    expect(siteSettingsOf({ site })).toBe(site);
    expect(siteSettingsOf({}).contacts).toEqual(noContacts);
  });
});
