import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { dataRecordVersions, dataRecords, datasetVersions } from "../db/schema";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { readSeed, seedDataDesk } from "./seed";
import states from "../../../data/states.json" with { type: "json" };
import schools from "../../../data/schools.json" with { type: "json" };
import estimates from "../../../data/estimates.json" with { type: "json" };

const at = new Date("2026-11-29T06:00:00Z");

describe.each(testDatabaseKinds())("seeding the data desk on %s", (kind) => {
  let handle: DatabaseHandle;
  const database = () => handle;
  let seed: Awaited<ReturnType<typeof readSeed>>;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    seed = await readSeed();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("copies every state, school, estimate and the country into an empty database, once", async () => {
    expect(await seedDataDesk(database().db, seed, at)).toBe("seeded");
    const rows = await database().db.select().from(dataRecords).orderBy(asc(dataRecords.kind));
    expect(rows.filter((row) => row.kind === "state")).toHaveLength(37);
    expect(rows.filter((row) => row.kind === "school")).toHaveLength(schools.length);
    // Every estimate, and the dataset's own description.
    expect(rows.filter((row) => row.kind === "estimate")).toHaveLength(estimates.estimates.length + 1);
    expect(rows.filter((row) => row.kind === "country")).toHaveLength(1);
    const lagos = rows.find(
      (row) => row.kind === "state" && row.data && (row.data as { state: string }).state === "Lagos",
    );
    expect(lagos?.data).toEqual(states.find((state) => state.state === "Lagos"));
    expect(lagos?.version).toBe(1);
    const versions = await database().db.select().from(dataRecordVersions);
    expect(versions).toHaveLength(rows.length);
    const datasets = await database().db.select().from(datasetVersions);
    expect(datasets.map((row) => `${row.dataset}@${row.version}`).sort()).toEqual([
      "country@1",
      "estimates@1",
      "schools@1",
      "states@1",
    ]);
  });

  it("never overwrites a database that holds data", async () => {
    await database()
      .db.update(dataRecords)
      .set({ data: { edited: true } })
      .where(eq(dataRecords.id, "25"));
    expect(await seedDataDesk(database().db, seed, at)).toBe("kept");
    const [row] = await database().db.select().from(dataRecords).where(eq(dataRecords.id, "25"));
    expect(row?.data).toEqual({ edited: true });
  });
});
