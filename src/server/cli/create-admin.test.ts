import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  buildTestApp,
  emptyTables,
  login,
  register,
  testPasswordHashing,
  type AccountsTestApp,
} from "../accounts/test-support";
import type { DatabaseHandle } from "../db/database";
import { auditLog, users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../test/databases";
import { EXIT_OK, EXIT_USAGE, runCreateAdmin } from "./create-admin-command";

const admin = [
  "--email",
  "Grace.Admin@example.org",
  "--password",
  "Quiet-Harbour-88",
  "--firstname",
  "Grace",
  "--lastname",
  "Eze",
];

describe.each(testDatabaseKinds())("create-admin on %s", (kind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  let output: string[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildTestApp(database);
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(async () => {
    await emptyTables(database.db);
    output = [];
  });

  const run = (argv: string[]) =>
    runCreateAdmin(argv, {
      database,
      passwordHashing: testPasswordHashing,
      out: (line) => output.push(line),
      err: (line) => output.push(line),
    });

  it("creates a verified admin who can sign in at once", async () => {
    expect(await run(admin)).toBe(EXIT_OK);

    expect(output.join("\n")).toContain("Created the verified admin Grace.Admin@example.org");
    const signIn = await login(t.app, { email: "grace.admin@example.org", password: "Quiet-Harbour-88" });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ role: "admin", isVerified: true, firstname: "Grace" });
    expect((await database.db.select().from(auditLog)).map((entry) => entry.action)).toEqual([
      "user.created-as-admin",
    ]);
  });

  it("makes an existing account a verified admin, keeping its password", async () => {
    await register(t.app);

    expect(await run(["--email", "ALICE.OKAFOR@example.org", "--password", "Quiet-Harbour-88"])).toBe(
      EXIT_OK,
    );

    expect(output.join("\n")).toContain("is now a verified admin");
    expect(output.join("\n")).toContain("password and names were kept");
    const [user] = await database.db.select().from(users).where(eq(users.id, 1));
    expect(user).toMatchObject({ role: "admin", isVerified: true, firstname: "Alice" });
    expect((await login(t.app)).statusCode).toBe(200);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.action, "user.role-changed"));
    expect(entries).toEqual([
      expect.objectContaining({ actorId: null, details: { from: "user", to: "admin", by: "create-admin" } }),
    ]);
  });

  it("changes nothing when the account is already a verified admin", async () => {
    await run(admin);
    output = [];
    expect(await run(["--email", "grace.admin@example.org"])).toBe(EXIT_OK);
    expect(output).toEqual(["grace.admin@example.org is already a verified admin. Nothing changed."]);
  });

  it("says what a new account still needs", async () => {
    expect(await run(["--email", "new@example.org", "--password", "Quiet-Harbour-88"])).toBe(EXIT_USAGE);
    expect(output.join("\n")).toContain(
      "There is no account for new@example.org, so a new one needs --firstname, --lastname.",
    );
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it("refuses bad arguments before touching the database", async () => {
    const cases: [string[], string][] = [
      [[], "Error: --email is required."],
      [["--email", "not-an-address"], "Error: --email: Please enter a valid email address"],
      [[...admin.slice(0, 2), "--password", "password"], "Error: --password: Your password needs"],
      [[...admin.slice(0, 2), "--password", "P@ssw0rd1"], "Error: --password: This password is too common"],
      [[...admin, "--role", "admin"], "Error: Unknown option '--role'"],
      [
        ["--email", "a@example.org", "--firstname", "Ada"],
        "Error: --firstname and --lastname must both be given",
      ],
    ];
    for (const [argv, message] of cases) {
      output = [];
      expect(await run(argv), argv.join(" ")).toBe(EXIT_USAGE);
      expect(output.join("\n"), argv.join(" ")).toContain(message);
      expect(output.join("\n")).toContain("Usage: npm run create-admin");
    }
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it("prints its usage on --help", async () => {
    expect(await run(["--help"])).toBe(EXIT_OK);
    expect(output[0]).toMatch(/^Usage: npm run create-admin -- --email E --password P/);
  });
});

describe("the create-admin command", () => {
  it("exits with status 2 and says why when an argument is missing", async () => {
    const result = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "src/server/cli/create-admin.ts", "--password", "Quiet-Harbour-88"],
      { env: { ...process.env, DATA_DIR: "/nonexistent" } },
    ).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(EXIT_USAGE);
    expect(result.stderr).toContain("Error: --email is required.");
  });
});
