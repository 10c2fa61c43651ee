import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { loadDatasets } from "./datasets";

async function readData(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, "utf8"));
}

describe("the datasets of the build-time loaders", () => {
  it("are the whole of data/schools.json and data/states.json", async () => {
    const { schools, states } = await loadDatasets();
    expect(schools).toEqual(await readData("data/schools.json"));
    expect(states).toEqual(await readData("data/states.json"));
    expect(states).toHaveLength(37);
  });
});
