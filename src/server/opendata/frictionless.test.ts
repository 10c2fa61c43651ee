import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import datapackage from "datapackage";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PUBLIC_URL } from "../../test/server/accounts";
import { openTestDatabase } from "../../test/server/databases";
import { publishRecord } from "../../test/server/datadesk";
import { buildReportsTestApp } from "../../test/server/reports";
import { seedAtStartUp } from "../datadesk/seed";
import type { DatabaseHandle } from "../db/database";

// The open data package checked by Frictionless's own validator (the `datapackage` library of
// frictionlessdata): the descriptor against the Data Package profile, and every CSV read and cast with its
// Table Schema, so a column whose values do not fit its declared type fails here as it would for a user
// running `frictionless validate`. The validator reads each CSV as the server sent it, from a file (the
// package's addresses point at the public site, which a test cannot reach).

interface Descriptor {
  resources: { name: string; path: string; format: string }[];
}

/** The validator's own answer for the package and each table: the problems it names, none when valid. */
async function frictionlessProblems(descriptor: Descriptor, files: Map<string, string>) {
  const folder = await mkdtemp(join(tmpdir(), "datapackage-"));
  try {
    const local = structuredClone(descriptor);
    for (const resource of local.resources) {
      const file = `${resource.name}.${resource.format}`;
      const body = files.get(resource.path);
      if (body === undefined) throw new Error(`no download for ${resource.path}`);
      await writeFile(join(folder, file), body);
      resource.path = file;
    }
    const loaded = await datapackage.Package.load(local, { basePath: folder });
    const problems = loaded.errors.map((error) => `package: ${error.message}`);
    const tables: Record<string, number> = {};
    for (const resource of loaded.resources) {
      if (!resource.tabular) continue;
      try {
        tables[resource.name] = (await resource.read({ cast: true })).length;
      } catch (error) {
        // A table with bad cells rejects with each of them in `errors`; anything else is one problem.
        const { errors = [error as Error] } = error as { errors?: Error[] };
        problems.push(...errors.map((each) => `${resource.name}: ${each.message}`));
      }
    }
    return { valid: loaded.valid, problems, tables };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe("the open data as a Frictionless data package", () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  const downloadsOf = async (descriptor: Descriptor) => {
    const files = new Map<string, string>();
    for (const { path } of descriptor.resources) {
      const answer = await app.inject({ method: "GET", url: path.slice(PUBLIC_URL.length) });
      expect(answer.statusCode, path).toBe(200);
      files.set(path, answer.body);
    }
    return files;
  };
  const packageNow = async () => {
    const answer = await app.inject({ method: "GET", url: "/api/v1/open/datapackage.json" });
    expect(answer.statusCode).toBe(200);
    return answer.json<Descriptor>();
  };

  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    expect(await seedAtStartUp(handle.db, new Date("2026-11-29T06:00:00Z"))).toBe("seeded");
    ({ app } = await buildReportsTestApp(handle));
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it("is accepted by the validator, every table read and cast with its schema", async () => {
    const descriptor = await packageNow();
    const checked = await frictionlessProblems(descriptor, await downloadsOf(descriptor));
    expect(checked.problems).toEqual([]);
    expect(checked.valid).toBe(true);
    expect(checked.tables).toMatchObject({ states: 37, schools: 249, estimates: expect.any(Number) });
  });

  it("names the value and the column of a cell that does not fit its column's type", async () => {
    const descriptor = await packageNow();
    const files = await downloadsOf(descriptor);
    const states = descriptor.resources.find((resource) => resource.name === "states")!;
    // A score written as words: what a broken writer or a wrong schema type would produce.
    const [header = [], ...rows] = parse(files.get(states.path)!) as string[][];
    rows[0]![header.indexOf("score")] = "high";
    const quoted = (row: string[]) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",");
    files.set(states.path, [header, ...rows].map(quoted).join("\r\n"));
    const checked = await frictionlessProblems(descriptor, files);
    expect(checked.problems).toEqual([expect.stringMatching(/states: .*"high".*"score".*number/)]);
  });

  it("stays valid after a publication changes a state", async () => {
    const finding = 'A finding, with a comma; a semicolon and a "quote"';
    await publishRecord(handle.db, "state", "20", {
      data: { score: 61.5, key_findings: [finding, "Two", "Three", "Four", "Five"] },
    });
    await vi.waitFor(
      async () => {
        const states = await app.inject({ method: "GET", url: "/api/v1/open/states.csv" });
        expect(states.body).toContain('""quote""');
      },
      { timeout: 30_000, interval: 50 },
    );
    const descriptor = await packageNow();
    const checked = await frictionlessProblems(descriptor, await downloadsOf(descriptor));
    expect(checked.problems).toEqual([]);
  });
});
