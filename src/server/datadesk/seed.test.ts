import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { dataRecordVersions, dataRecords, datasetVersions } from "../db/schema";
import { openDatabase, type DatabaseHandle } from "../db/database";
import {
  createPostgresTestDatabase,
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabaseKind,
  testServerUrl,
} from "../../test/server/databases";
import { readSeed, seedAtStartUp, seedDataDesk } from "./seed";
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
    const { sources, ...rest } = states.find((state) => state.state === "Lagos")!;
    expect(lagos?.data).toEqual({ ...rest, sources: expect.any(Array) });
    expect(lagos?.version).toBe(1);
    // Each address of data/states.json becomes a source: its title and publisher as the address tells,
    // read in the record's "as of" month (the only date the file knows).
    const stored = (lagos?.data as { sources: unknown[] }).sources;
    expect(stored.map((source) => (source as { url: string }).url)).toEqual(sources);
    expect(stored).toContainEqual({
      url: "https://guardian.ng/news/lagos-to-reduce-out-of-school-children-with-improved-infrastructure-others/",
      title: "Lagos to reduce out of school children with improved infrastructure others",
      publisher: "The Guardian (Nigeria)",
      read: rest.as_of,
    });
    // An address without words of its own keeps an empty title: pages name it by its publisher.
    expect(stored).toContainEqual({
      url: "https://healthwise.punchng.com/?p=57034",
      title: "",
      publisher: "Punch Healthwise",
      read: rest.as_of,
    });
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

/** A database that outlives one start: a PGlite folder, or a PostgreSQL database. */
async function persistentDatabase(kind: TestDatabaseKind) {
  if (kind === "pglite") {
    const folder = await mkdtemp(path.join(tmpdir(), "ia-seed-"));
    return {
      open: () => openDatabase({ kind: "pglite", dataDir: folder }),
      remove: () => rm(folder, { recursive: true, force: true }),
    };
  }
  const created = await createPostgresTestDatabase(testServerUrl());
  return {
    open: () => openDatabase({ kind: "postgres", url: created.url, poolSize: 2 }),
    remove: () => created.drop(),
  };
}

describe.each(testDatabaseKinds())("start-up seeding on %s", (kind) => {
  it("seeds at the first start and keeps an edited record at the second", async () => {
    const store = await persistentDatabase(kind);
    try {
      // First start: migrations, then the seed, as main.ts runs them.
      const first = await store.open();
      await first.migrate();
      expect(await seedAtStartUp(first.db, at)).toBe("seeded");
      const bayelsa = and(eq(dataRecords.kind, "state"), eq(dataRecords.id, "6"));
      const [seeded] = await first.db.select().from(dataRecords).where(bayelsa);
      const edited = { ...(seeded?.data as object), status: "Passed" };
      await first.db.update(dataRecords).set({ data: edited, version: 2 }).where(bayelsa);
      await first.close();

      const second = await store.open();
      try {
        await second.migrate();
        expect(await seedAtStartUp(second.db, new Date("2026-12-01T06:00:00Z"))).toBe("kept");
        const [kept] = await second.db.select().from(dataRecords).where(bayelsa);
        expect(kept?.data).toEqual(edited);
        expect(kept?.version).toBe(2);
        const rows = await second.db.select({ id: dataRecords.id }).from(dataRecords);
        expect(rows).toHaveLength(seedSize());
      } finally {
        await second.close();
      }
    } finally {
      await store.remove();
    }
  });
});

function seedSize() {
  return states.length + schools.length + estimates.estimates.length + 2;
}
