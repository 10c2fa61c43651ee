import { execFile, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  alice,
  buildTestApp,
  emptyTables,
  login,
  register,
  tenThousandListPassword,
  tokenMailedTo,
  verifyEmail,
  testPasswordHashing,
  type AccountsTestApp,
} from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { auditLog, users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { passwordMessages } from "../../domain/accounts/password-policy";
import {
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  noPasswordSource,
  passwordOnCommandLine,
  runCreateAdmin,
} from "./create-admin-command";

const admin = ["--email", "Grace.Admin@example.org", "--firstname", "Grace", "--lastname", "Eze"];
const withPassword = { ADMIN_PASSWORD: "Quiet-Harbour-88" };

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

  const run = (
    argv: string[],
    env: Record<string, string> = withPassword,
    askPassword?: () => Promise<string>,
  ) =>
    runCreateAdmin(argv, {
      database,
      env,
      askPassword,
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

  it("makes an existing verified account an admin, keeping its password", async () => {
    await register(t.app);
    const link = await tokenMailedTo(database.db, alice.email, "verify-email");
    expect((await verifyEmail(t.app, { token: link, password: alice.password })).statusCode).toBe(200);

    expect(await run(["--email", "ALICE.OKAFOR@example.org"], {})).toBe(EXIT_OK);

    expect(output.join("\n")).toContain("is now a verified admin");
    const [user] = await database.db.select().from(users).where(eq(users.id, 1));
    expect(user).toMatchObject({ role: "admin", isVerified: true, firstname: "Alice" });
    expect((await login(t.app)).statusCode).toBe(200);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.action, "user.role-changed"));
    expect(entries).toEqual([
      expect.objectContaining({ actorId: null, details: { from: "user", to: "admin", by: "create-admin" } }),
    ]);
  });

  it("never promotes a registration nobody verified: the new admin's password signs in, the stranger's does not", async () => {
    // A stranger registered the admin's address with a password of their own and never verified it.
    await register(t.app, { ...alice, email: "grace.admin@example.org", password: "Stranger-Lantern-51" });

    expect(await run(["--email", "grace.admin@example.org"])).toBe(EXIT_USAGE);
    expect(output.join("\n")).toContain("There is no verified account for grace.admin@example.org");
    expect(await run(admin)).toBe(EXIT_OK);

    const admins = await database.db.select().from(users);
    expect(admins).toEqual([
      expect.objectContaining({ firstname: "Grace", role: "admin", isVerified: true }),
    ]);
    const stranger = { email: "grace.admin@example.org", password: "Stranger-Lantern-51" };
    expect((await login(t.app, stranger)).statusCode).toBe(401);
    const owner = { email: "grace.admin@example.org", password: "Quiet-Harbour-88" };
    expect((await login(t.app, owner)).statusCode).toBe(200);
  });

  it("changes nothing when the account is already a verified admin", async () => {
    await run(admin);
    output = [];
    expect(await run(["--email", "grace.admin@example.org"])).toBe(EXIT_OK);
    expect(output).toEqual(["grace.admin@example.org is already a verified admin. Nothing changed."]);
  });

  it("says what a new account still needs", async () => {
    expect(await run(["--email", "new@example.org"])).toBe(EXIT_USAGE);
    expect(output.join("\n")).toContain(
      "There is no verified account for new@example.org, so a new one needs --firstname, --lastname.",
    );
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it("refuses bad arguments, and a password on the command line, before touching the database", async () => {
    const cases: [string[], string][] = [
      [[], "Error: --email is required."],
      [["--email", "not-an-address"], "Error: --email: Please enter a valid email address"],
      [[...admin, "--password", "Quiet-Harbour-88"], `Error: ${passwordOnCommandLine}`],
      [[...admin, "--role", "admin"], "Error: Unknown option '--role'"],
      [
        ["--email", "a@example.org", "--firstname", "\u3164", "--lastname", "Eze"],
        "Error: --firstname, --lastname: Names can only contain letters, spaces and punctuation.",
      ],
      [
        ["--email", "a@example.org", "--firstname", "Grace", "--lastname", "E\u2800ze"],
        "Error: --firstname, --lastname: Names can only contain letters, spaces and punctuation.",
      ],
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
    expect(passwordOnCommandLine).toContain("ADMIN_PASSWORD");
    expect(passwordOnCommandLine).toContain("terminal");
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it("holds the password from ADMIN_PASSWORD to the rules, the person's details, the common list and the strength check", async () => {
    const cases: [string, string][] = [
      ["password", "Error: The password: Your password needs"],
      ["P@ssw0rd1", "Error: The password: This password is too common"],
      ["Grace-Admin-2024!", `Error: The password: ${passwordMessages.personal}`],
      ["Michael1!", "Error: The password: This password is too common"],
      // Only the list of the 10,000 most common passwords has this one (src/test/server/accounts.ts).
      [tenThousandListPassword, `Error: The password: ${passwordMessages.common}`],
      ["Inclusion!Atlas1", `Error: The password: ${passwordMessages.siteName}`],
      ["Example.org2024!", `Error: The password: ${passwordMessages.emailAddress}`],
      ["Aa1!aaaa", `Error: The password: ${passwordMessages.pattern}`],
    ];
    for (const [password, message] of cases) {
      output = [];
      expect(await run(admin, { ADMIN_PASSWORD: password }), password).toBe(EXIT_USAGE);
      expect(output.join("\n"), password).toContain(message);
    }
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it("asks for the password at a prompt when there is no ADMIN_PASSWORD, and says both ways when it cannot", async () => {
    expect(await run(admin, {}, undefined)).toBe(EXIT_USAGE);
    expect(output.join("\n")).toContain(noPasswordSource);
    expect(await database.db.select().from(users)).toHaveLength(0);

    output = [];
    let asked = 0;
    const prompt = async () => {
      asked += 1;
      return "Quiet-Harbour-88";
    };
    expect(await run(admin, {}, prompt)).toBe(EXIT_OK);
    expect(asked).toBe(1);
    expect(
      (await login(t.app, { email: "grace.admin@example.org", password: "Quiet-Harbour-88" })).statusCode,
    ).toBe(200);
  });

  it("prints its usage on --help", async () => {
    expect(await run(["--help"])).toBe(EXIT_OK);
    expect(output[0]).toMatch(/^Usage: npm run create-admin -- --email E --firstname F --lastname L/);
    expect(output[0]).toContain("ADMIN_PASSWORD");
  });
});

describe("the create-admin command", () => {
  it("exits with status 2 and says why when an argument is missing", async () => {
    const result = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "src/server/cli/create-admin.ts", "--firstname", "Grace"],
      { env: { ...process.env, DATA_DIR: "/nonexistent" } },
    ).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(EXIT_USAGE);
    expect(result.stderr).toContain("Error: --email is required.");
  });
});

describe("create-admin and the embedded database", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "ia-admin-"));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it("says clearly that a running server is using the embedded database", async () => {
    // A live process stands for the server; its pid is in the lock file the server writes.
    const server = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      await mkdir(path.join(dataDir, "db"), { recursive: true });
      await writeFile(path.join(dataDir, "db", "server.pid"), String(server.pid));
      const lines: string[] = [];
      const code = await runCreateAdmin(admin, {
        env: { DATA_DIR: dataDir, ...withPassword },
        out: (line) => lines.push(line),
        err: (line) => lines.push(line),
      });
      expect(code).toBe(EXIT_FAILURE);
      expect(lines.join("\n")).toContain(
        `The embedded database in ${path.join(dataDir, "db")} is in use by a running server (process ${server.pid}). Stop the server first`,
      );
    } finally {
      server.kill("SIGKILL");
    }
  });

  it("names the folder in one line when DATA_DIR cannot be used", async () => {
    const file = path.join(dataDir, "a-file");
    await writeFile(file, "not a folder");
    const lines: string[] = [];
    const code = await runCreateAdmin(admin, {
      env: { DATA_DIR: path.join(file, "data"), ...withPassword },
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    });
    expect(code).toBe(EXIT_FAILURE);
    expect(lines).toEqual([
      `DATA_DIR ${path.join(file, "data")} cannot be used: a part of the path is a file, not a folder. Make it a writable folder or set DATA_DIR to another one.`,
    ]);
  });
});
