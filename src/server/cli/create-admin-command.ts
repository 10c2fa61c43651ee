import path from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { describePasswordProblems } from "../../domain/accounts/password-policy";
import { emailRequestSchema, firstProblem, profileSchema } from "../../domain/accounts/schemas";
import { recordAudit } from "../accounts/audit-log";
import { systemClock, type Clock } from "../accounts/clock";
import {
  createPasswordHasher,
  owaspPasswordHashing,
  type PasswordHashingOptions,
} from "../accounts/passwords";
import { ConfigError, loadConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/database";
import { passwords, users } from "../db/schema";

// npm run create-admin -- --email E --password P --firstname F --lastname L
// Creates a verified admin, or makes an existing account a verified admin. Same environment as the
// server (DATABASE_URL, or PGlite in DATA_DIR/db); applies pending migrations first.

export const EXIT_OK = 0;
/** The database or the environment failed. */
export const EXIT_FAILURE = 1;
/** The arguments were wrong; nothing was changed. */
export const EXIT_USAGE = 2;

export const usage = `Usage: npm run create-admin -- --email E --password P --firstname F --lastname L

Creates a verified admin account, or makes an existing account a verified admin
(its password and names are then kept; --email alone is enough).

Uses the same environment as the server: DATABASE_URL, or the embedded database
in DATA_DIR/db (stop the server first in that case: the embedded database has
one user at a time).`;

export interface CreateAdminOptions {
  env?: NodeJS.ProcessEnv;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** An open database to use (tests); by default the one the environment names, closed afterwards. */
  database?: DatabaseHandle;
  passwordHashing?: PasswordHashingOptions;
  now?: Clock;
}

export async function runCreateAdmin(argv: string[], options: CreateAdminOptions = {}): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  const usageError = (message: string) => {
    err(`Error: ${message}\n\n${usage}`);
    return EXIT_USAGE;
  };

  let values: { email?: string; password?: string; firstname?: string; lastname?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        firstname: { type: "string" },
        lastname: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    out(usage);
    return EXIT_OK;
  }

  if (!values.email) return usageError("--email is required.");
  const email = emailRequestSchema.safeParse({ email: values.email });
  if (!email.success) return usageError(`--email: ${firstProblem(email.error)}`);
  if (values.password !== undefined) {
    const problem = describePasswordProblems(values.password);
    if (problem) return usageError(`--password: ${problem}`);
  }
  const names =
    values.firstname !== undefined || values.lastname !== undefined
      ? profileSchema.safeParse({ firstname: values.firstname, lastname: values.lastname })
      : null;
  if (names && !names.success) return usageError("--firstname and --lastname must both be given, not empty.");

  let database = options.database;
  const ownsDatabase = !database;
  try {
    if (!database) {
      const config = loadConfig(options.env ?? process.env);
      database = await openDatabase(
        config.databaseUrl
          ? { kind: "postgres", url: config.databaseUrl, poolSize: 1 }
          : { kind: "pglite", dataDir: path.join(config.dataDir, "db") },
      );
    }
    await database.migrate();
    const now = (options.now ?? systemClock)();
    const address = email.data.email;
    const hasher = createPasswordHasher(options.passwordHashing ?? owaspPasswordHashing);

    const [existing] = await database.db
      .select({ id: users.id, role: users.role, isVerified: users.isVerified })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${address})`)
      .limit(1);

    if (existing) {
      if (existing.role === "admin" && existing.isVerified) {
        out(`${address} is already a verified admin. Nothing changed.`);
        return EXIT_OK;
      }
      await database.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ role: "admin", isVerified: true, updatedAt: now })
          .where(eq(users.id, existing.id));
        await recordAudit(tx, {
          actorId: null,
          action: "user.role-changed",
          subjectType: "user",
          subjectId: existing.id,
          details: { from: existing.role, to: "admin", by: "create-admin" },
          at: now,
        });
      });
      out(`${address} is now a verified admin.`);
      if (values.password !== undefined || names) {
        out("The account's password and names were kept; its owner can change them as usual.");
      }
      return EXIT_OK;
    }

    const missing = (["password", "firstname", "lastname"] as const).filter(
      (name) => values[name] === undefined,
    );
    if (missing.length > 0 || !names?.success || values.password === undefined) {
      return usageError(
        `There is no account for ${address}, so a new one needs ${missing.map((name) => `--${name}`).join(", ")}.`,
      );
    }
    const passwordHash = await hasher.hash(values.password);
    await database.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: address,
          firstname: names.data.firstname,
          lastname: names.data.lastname,
          role: "admin",
          isVerified: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!created) throw new Error("the account was not created");
      await tx.insert(passwords).values({ userId: created.id, hash: passwordHash, updatedAt: now });
      await recordAudit(tx, {
        actorId: null,
        action: "user.created-as-admin",
        subjectType: "user",
        subjectId: created.id,
        details: { by: "create-admin" },
        at: now,
      });
    });
    out(`Created the verified admin ${address}. They can sign in now.`);
    return EXIT_OK;
  } catch (error) {
    err(
      error instanceof ConfigError
        ? error.message
        : `Could not create the admin: ${error instanceof Error ? error.message : String(error)}`,
    );
    return EXIT_FAILURE;
  } finally {
    if (ownsDatabase) await database?.close();
  }
}
