import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

// drizzle-kit writes the next migration from the last snapshot: a missing or stale snapshot makes it repeat
// (or drop) changes that already shipped.
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

interface Journal {
  entries: { idx: number; tag: string }[];
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(path.join(migrations, file), "utf8")) as T;
}

async function snapshots(): Promise<{ tag: string; snapshot: DrizzleSnapshotJSON }[]> {
  const journal = await readJson<Journal>("meta/_journal.json");
  return Promise.all(
    journal.entries.map(async (entry) => ({
      tag: entry.tag,
      snapshot: await readJson<DrizzleSnapshotJSON>(
        `meta/${String(entry.idx).padStart(4, "0")}_snapshot.json`,
      ),
    })),
  );
}

describe("migrations", () => {
  it("have one snapshot per journal entry, each pointing back to the one before", async () => {
    const chain = await snapshots();
    chain.forEach(({ snapshot }, index) => {
      if (index > 0) expect(snapshot.prevId).toBe(chain[index - 1]!.snapshot.id);
    });
    const ids = chain.map(({ snapshot }) => snapshot.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("end with a snapshot equal to the schema, so drizzle-kit generate finds nothing to add", async () => {
    const chain = await snapshots();
    const last = chain.at(-1)!.snapshot;
    const current = generateDrizzleJson(schema, last.id);
    expect(await generateMigration(last, current)).toEqual([]);
  });

  // Hand-written statements (extensions, triggers) may be added to a file; none of drizzle-kit's may be missing.
  it("between consecutive snapshots, give statements that each migration's SQL file runs", async () => {
    const chain = await snapshots();
    for (const [index, { tag, snapshot }] of chain.entries()) {
      if (index === 0) continue;
      const statements = await generateMigration(chain[index - 1]!.snapshot, snapshot);
      const file = await readFile(path.join(migrations, `${tag}.sql`), "utf8");
      const written = file.split("--> statement-breakpoint").map((statement) => statement.trim());
      for (const statement of statements) expect(written, tag).toContain(statement.trim());
    }
  });
});
