import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { describe, expect, it, vi } from "vitest";
import type { TestProject } from "vitest/node";
import setUpDatabaseTemplates from "./database-templates";
import { testDatabaseKinds, testServerUrl, withAdminClient } from "./databases";

// The node tests' global set-up leaves nothing behind when it fails half-way: neither its folder in the
// system's temporary directory nor the template database it made on the server. Each kind fails at its own
// step: the PGlite dump (while the template, made beside it when TEST_DATABASE_URL is set, succeeds), or the
// template's migration.

const failures = vi.hoisted(() => ({ kind: "pglite" as string, templateUrls: [] as string[] }));

vi.mock(import("../../server/db/database"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    migratedPgliteImage: async () => {
      if (failures.kind === "pglite") throw new Error("the PGlite dump failed");
      return new Blob(["a dump"]);
    },
    openDatabase: async (options: Parameters<typeof actual.openDatabase>[0]) => {
      const handle = await actual.openDatabase(options);
      if (options.kind !== "postgres") return handle;
      failures.templateUrls.push(options.url);
      if (failures.kind !== "postgres") return handle;
      return {
        ...handle,
        migrate: async () => {
          throw new Error("a migration failed");
        },
      };
    },
  };
});

const folderPrefix = "inclusion-atlas-test-templates-";
const folders = async () =>
  new Set((await readdir(tmpdir())).filter((name) => name.startsWith(folderPrefix)));

const project = { provide: vi.fn() } as unknown as TestProject;

describe.each(testDatabaseKinds())("the test databases' global set-up failing on %s", (kind) => {
  it("removes what it made and reports the failure", async () => {
    failures.kind = kind;
    failures.templateUrls = [];
    const before = await folders();

    await expect(setUpDatabaseTemplates(project)).rejects.toThrow(
      kind === "pglite" ? "the PGlite dump failed" : "a migration failed",
    );

    const left = [...(await folders())].filter((name) => !before.has(name));
    expect(left).toEqual([]);
    if (process.env.TEST_DATABASE_URL) {
      const [templateUrl] = failures.templateUrls;
      expect(templateUrl, "the set-up made a template").toBeDefined();
      const name = new URL(templateUrl ?? "").pathname.slice(1);
      const { rows } = await withAdminClient(testServerUrl(), (client) =>
        client.query("select 1 from pg_database where datname = $1", [name]),
      );
      expect(rows).toEqual([]);
    }
  });
});
