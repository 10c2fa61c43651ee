import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migratedPgliteImage, openDatabase } from "../../server/db/database";
import { createPostgresTestDatabase, waitUntilUnused, type PostgresTestDatabase } from "./databases";

// The node tests' global set-up: one migrated database of each kind, made once for the run, which
// openTestDatabase copies for every test file (databases.ts). A new PGlite database runs initdb and every
// migration, 4 to 5 s on a two-core machine, a copy of the image about 1.6 s; a PostgreSQL database made
// from a template skips the migrations, about 1 s.

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding migratedPgliteImage's dump. */
    pgliteImageFile: string;
    /** The name of a migrated database on TEST_DATABASE_URL's server, which no one connects to; "" without one. */
    postgresTemplate: string;
  }
}

export default async function setUpDatabaseTemplates(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), "inclusion-atlas-test-templates-"));
  // Kept in a list, not a variable the closure below sets (which TypeScript would still take for null here).
  const templates: PostgresTestDatabase[] = [];
  const tearDown = async () => {
    await Promise.all(templates.map((template) => template.drop()));
    await rm(folder, { recursive: true, force: true });
  };
  // A set-up that fails half-way (a migration's error) leaves neither the folder nor the template behind.
  try {
    // The two are made side by side: the PGlite image is work in this process, the template the server's.
    const pgliteImageFile = path.join(folder, "pglite.tar");
    const writeImage = async () =>
      writeFile(pgliteImageFile, Buffer.from(await (await migratedPgliteImage()).arrayBuffer()));
    const makeTemplate = async (adminUrl: string): Promise<void> => {
      const made = await createPostgresTestDatabase(adminUrl);
      templates.push(made);
      const handle = await openDatabase({ kind: "postgres", url: made.url, poolSize: 1 });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to: the migration's connection
      // must be gone on the server's side too, and no test may connect to it afterwards.
      await waitUntilUnused(adminUrl, made.name);
    };
    const adminUrl = process.env.TEST_DATABASE_URL;
    const [image, template] = await Promise.allSettled([
      writeImage(),
      adminUrl ? makeTemplate(adminUrl) : undefined,
    ]);
    if (image.status === "rejected") throw image.reason;
    if (template.status === "rejected") throw template.reason;
    project.provide("pgliteImageFile", pgliteImageFile);
    project.provide("postgresTemplate", templates[0]?.name ?? "");
  } catch (error) {
    await tearDown();
    throw error;
  }
  return tearDown;
}
