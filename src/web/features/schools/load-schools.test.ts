import { afterEach, describe, expect, it, vi } from "vitest";
import allSchools from "../../../../data/schools.json" with { type: "json" };
import { publishedDataPaths } from "../../../domain/routes";
import { loadedSchools, loadSchools } from "./load-schools";

describe("loadSchools", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("fetches the published school list once and keeps it for later openings", async () => {
    // The server's answer (src/server/site/web-app.ts) stands in here: a unit test has no server.
    const fetchMock = vi.fn(async () => Response.json(allSchools));
    vi.stubGlobal("fetch", fetchMock);
    expect(loadedSchools()).toBeNull();

    const first = loadSchools();
    expect(loadSchools()).toBe(first);
    const schools = await first;

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([publishedDataPaths.schools, expect.anything()]);
    expect(schools).toHaveLength(allSchools.length);
    expect(schools[0]).toMatchObject({ id: 1, name: expect.any(String), type: expect.any(Array) });
    expect(loadedSchools()).toBe(schools);
    expect(loadSchools()).toBe(first);
  });
});
