import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { StateRecord } from "../../domain/datasets/schemas";
import { openDatabase, type Database, type DatabaseHandle } from "../db/database";
import {
  createPostgresTestDatabase,
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabaseKind,
  testServerUrl,
} from "../../test/server/databases";
import type { PublishedDataSource } from "./published-data";
import {
  databasePublishedData,
  datasetVersionsNow,
  publishedDataAt,
  readGeneration,
  readPublishedData,
} from "./published-data-db";
import { dataRecords } from "../db/schema";
import { addEditor, publishDirectly } from "../../test/server/publications";
import { readSeed, seedDataDesk } from "./seed";
import { publishRecord, addressDetails } from "../../test/server/datadesk";
import { seededSchools, seededStates } from "../../test/datasets";

const at = new Date("2026-11-29T06:00:00Z");
// Generous: a publication is seen within 10 s by the poll; a busy machine may take longer to run the test.
const WAIT = { timeout: 30_000, interval: 20 };

async function readData(file: string): Promise<unknown> {
  return JSON.parse(await readFile(new URL(`../../../data/${file}`, import.meta.url), "utf8"));
}

/**
 * Two instances of the site on one database: on PostgreSQL two handles (two pools, two listening
 * connections) on the same database; PGlite lives in one process, so its "instances" share the handle.
 */
async function openInstances(kind: TestDatabaseKind) {
  if (kind === "pglite") {
    const handle = await openTestDatabase(kind);
    return { first: handle, second: handle, close: () => handle.close() };
  }
  const created = await createPostgresTestDatabase(testServerUrl());
  const first = await openDatabase({ kind: "postgres", url: created.url, poolSize: 3 });
  await first.migrate();
  const second = await openDatabase({ kind: "postgres", url: created.url, poolSize: 3 });
  return {
    first,
    second,
    close: async () => {
      await second.close();
      await first.close();
      await created.drop();
    },
  };
}

const publishState = (db: Database, id: string, change: Partial<StateRecord>) =>
  publishRecord(db, "state", id, { data: change }, at);

describe.each(testDatabaseKinds())("the published data of the database on %s", (kind) => {
  let instances: Awaited<ReturnType<typeof openInstances>>;
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  const sources: PublishedDataSource[] = [];
  const source = (...args: Parameters<typeof databasePublishedData>) => {
    const made = databasePublishedData(...args);
    sources.push(made);
    return made;
  };

  beforeAll(async () => {
    instances = await openInstances(kind);
    ({ first, second } = instances);
    await seedDataDesk(first.db, await readSeed(), at);
  });
  afterAll(async () => {
    for (const made of sources) await made.close();
    await instances.close();
  });

  it("says what data/*.json says once seeded, estimates rebuilt key for key", async () => {
    const data = await source(first).current();
    // Each address of the files a source with its title, publisher and day read (the seed's conversion).
    expect(data.states).toEqual(seededStates);
    expect(data.schools).toEqual(seededSchools);
    expect(data.closedSchools).toEqual([]);
    expect(data.country).toEqual(await readData("country-ng.json"));
    // The same text, byte for byte: the downloads serialise these objects as they come.
    expect(JSON.stringify(data.estimates)).toBe(JSON.stringify(await readData("estimates.json")));
    expect(JSON.stringify(data.states)).toBe(JSON.stringify(seededStates));
    expect(data.generation).toBe(await readGeneration(first.db));
    expect(data.checkedAt.state["25"]).toBe("2026-11-01T00:00:00.000Z");
  });

  it("keeps its snapshot while the generation stays, and reads again once it moves", async () => {
    const published = source(first);
    const before = await published.current();
    expect(await published.current()).toBe(before);
    const told: number[] = [];
    published.onChange((generation) => told.push(generation));
    // Baseline read: the source knows the generation before a publication raises it.
    await published.current();
    const { generation } = await publishState(first.db, "6", { status: "Passed" });
    await vi.waitFor(() => expect(told).toEqual([generation]), WAIT);
    const after = await published.current();
    expect(after.generation).toBe(generation);
    expect(after.states.find((state) => state.id === 6)?.status).toBe("Passed");
    expect(before.states.find((state) => state.id === 6)?.status).not.toBe("Passed");
  });

  it("on another instance, learns of a publication by NOTIFY (no poll)", async () => {
    const other = source(second, { pollIntervalMs: null });
    await other.current();
    const told: number[] = [];
    other.onChange((generation) => told.push(generation));
    const { generation } = await publishState(first.db, "6", { law: { name: "Bayelsa law", year: 2024 } });
    await vi.waitFor(() => expect(told).toEqual([generation]), WAIT);
    const bayelsa = (await other.current()).states.find((state) => state.id === 6);
    expect(bayelsa?.law).toEqual({ name: "Bayelsa law", year: 2024 });
  });

  it("on another instance, learns of it by the poll when LISTEN is unavailable", async () => {
    const unlistenable = {
      db: second.db,
      listen: () => Promise.reject(new Error("LISTEN is not available here")),
    };
    const problems: string[] = [];
    const other = source(unlistenable, { onError: (_error, what) => problems.push(what) });
    await other.current();
    const told: number[] = [];
    other.onChange((generation) => told.push(generation));
    const { generation } = await publishState(first.db, "6", { agency: "Bayelsa agency, renamed" });
    await vi.waitFor(() => expect(told).toEqual([generation]), WAIT);
    expect((await other.current()).states.find((state) => state.id === 6)?.agency).toBe(
      "Bayelsa agency, renamed",
    );
    expect(problems).toEqual(["listening for publications"]);
  });

  // PGlite has no connection to lose.
  if (kind === "postgres")
    it("listens again when its connection drops, and catches up on what it missed (no poll)", async () => {
      const other = source(second, { pollIntervalMs: null });
      await other.current();
      const told: number[] = [];
      other.onChange((generation) => told.push(generation));
      // What a server restart or a cut connection does to the listening session.
      const listening = sql`select pid from pg_stat_activity
        where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`;
      const ended = (await first.db.execute(
        sql`select pg_terminate_backend(pid) as ended from (${listening}) as listeners`,
      )) as unknown as { rows: unknown[] };
      expect(ended.rows.length).toBeGreaterThan(0);
      const { generation } = await publishState(first.db, "6", { address: "Yenagoa, moved" });
      await vi.waitFor(() => expect(told).toContain(generation), WAIT);
      expect((await other.current()).states.find((state) => state.id === 6)?.address).toBe("Yenagoa, moved");
    });

  it("gives a dataset exactly as it was at each of its versions, and nothing for an unknown one", async () => {
    const versions = await datasetVersionsNow(first.db);
    const latest = versions.get("states")?.version ?? 0;
    expect(latest).toBeGreaterThanOrEqual(4);
    expect(versions.get("schools")?.version).toBe(1);
    const original = await publishedDataAt(first.db, "states", 1);
    expect(original?.states).toEqual(seededStates);
    const second = await publishedDataAt(first.db, "states", 2);
    const bayelsa = second?.states.find((state) => state.id === 6);
    expect(bayelsa?.status).toBe("Passed");
    expect(bayelsa?.law).toEqual((original?.states.find((state) => state.id === 6) as StateRecord).law);
    expect((await publishedDataAt(first.db, "states", latest))?.states).toEqual(
      (await source(first).current()).states,
    );
    expect(await publishedDataAt(first.db, "states", latest + 1)).toBeNull();
    expect(await publishedDataAt(first.db, "states", 0)).toBeNull();
    const estimates = await publishedDataAt(first.db, "estimates", 1);
    expect(JSON.stringify(estimates?.estimates)).toBe(JSON.stringify(await readData("estimates.json")));
    expect((await publishedDataAt(first.db, "country", 1))?.country).toEqual(
      await readData("country-ng.json"),
    );
  });

  it("keeps a closed school out of the directory and in closedSchools, at its version and after", async () => {
    await publishRecord(first.db, "school", "2", { status: "closed" }, at);
    const now = await source(first).current();
    expect(now.schools.map((school) => school.id)).not.toContain(2);
    expect(now.closedSchools.map((school) => school.id)).toEqual([2]);
    const before = await publishedDataAt(first.db, "schools", 1);
    expect(before?.schools.map((school) => school.id)).toContain(2);
    expect(before?.closedSchools).toEqual([]);
    const after = await publishedDataAt(first.db, "schools", 2);
    expect(after?.schools.map((school) => school.id)).not.toContain(2);
    expect(after?.closedSchools.map((school) => school.id)).toEqual([2]);
  });

  it("leads each merged school to the school it lives in now, through a chain of merges", async () => {
    const merge = (id: string, into: string) =>
      first.db
        .update(dataRecords)
        .set({ status: "merged", mergedInto: into })
        .where(and(eq(dataRecords.kind, "school"), eq(dataRecords.id, id)));
    await merge("10", "11");
    await merge("11", "12");
    const data = await readPublishedData(first.db);
    expect(data.mergedSchools).toEqual({ "10": "12", "11": "12" });
    expect(data.schools.map((school) => school.id)).not.toContain(10);
  });

  it("keeps for each field the source of the latest published change that touched it", async () => {
    const editor = await addEditor(first.db, { email: "ada@example.ng", firstname: "Ada", lastname: "Obi" });
    const publish = (fields: string[], sourceUrl: string, hour: number) =>
      publishDirectly(first.db, {
        kind: "school",
        recordId: "13",
        fields: fields.map((field) => ({ field, from: "", to: "x" })),
        sourceUrl,
        ...addressDetails,
        note: "Checked.",
        authorId: editor,
        reviewerId: editor,
        at: new Date(Date.UTC(2026, 10, 29, hour)),
      });
    await publish(["phone", "email"], "https://example.ng/first", 7);
    await publish(["phone"], "https://example.ng/second", 8);
    await publish(["email"], "https://example.ng/third", 9);
    const data = await readPublishedData(first.db);
    const detailsGiven = {
      title: addressDetails.sourceTitle,
      publisher: addressDetails.sourcePublisher,
      read: addressDetails.sourceRead,
    };
    expect(data.fieldSources.school["13"]).toEqual({
      phone: { url: "https://example.ng/second", ...detailsGiven, document: null },
      email: { url: "https://example.ng/third", ...detailsGiven, document: null },
    });
    expect(data.fieldSources.state).toEqual({});
  });
});
