import path from "node:path";
import { parseArgs } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { accountMessages } from "../../domain/accounts/messages";
import { endOtherRegistrations } from "../accounts/account-repository";
import { newPasswordProblem } from "../accounts/new-password";
import { checkDataDir, embeddedDatabaseUser } from "../data-dir";
import { readHiddenLine } from "./hidden-input";
import { emailRequestSchema, firstProblem, profileSchema } from "../../domain/accounts/schemas";
import { recordAudit } from "../audit/audit-log";
import { systemClock, type Clock } from "../clock";
import {
  createPasswordHasher,
  owaspPasswordHashing,
  type PasswordHashingOptions,
} from "../accounts/passwords";
import { ConfigError, loadConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/database";
import { passwords, users } from "../db/schema";

// npm run create-admin -- --email E --firstname F --lastname L
// Creates a verified admin, or makes an existing verified account an admin. Same environment as the
// server (DATABASE_URL, or PGlite in DATA_DIR/db); applies pending migrations first. The password comes
// from ADMIN_PASSWORD or, on a terminal, a prompt that does not echo: never from the command line, where
// other users of the machine (ps) and the shell history would see it.

export const EXIT_OK = 0;
/** The database or the environment failed. */
export const EXIT_FAILURE = 1;
/** The arguments were wrong; nothing was changed. */
export const EXIT_USAGE = 2;

export const usage = `Usage: npm run create-admin -- --email E --firstname F --lastname L

Creates a verified admin account, or makes an existing verified account an admin
(its password and names are then kept; --email alone is enough). Registrations
of the address that were never verified are not promoted: they end when the new
admin account is created.

The new account's password is read from the environment variable ADMIN_PASSWORD
or, when run in a terminal, typed at a prompt (it is not shown). It is never
taken from the command line.

Uses the same environment as the server: DATABASE_URL, or the embedded database
in DATA_DIR/db (stop the server first in that case: the embedded database has
one user at a time).`;

export const passwordOnCommandLine =
  "--password is not accepted: a password on the command line can be seen by other users of the machine and stays in the shell history. Set ADMIN_PASSWORD in the environment, or run the command in a terminal and type the password when asked.";

export const noPasswordSource =
  "A new account needs a password: set ADMIN_PASSWORD in the environment, or run the command in a terminal to type it when asked.";

export interface CreateAdminOptions {
  env?: NodeJS.ProcessEnv;
  /** Asks for the password without echo; undefined when there is no terminal. Tests pass their own. */
  askPassword?: (() => Promise<string>) | undefined;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** An open database to use (tests); by default the one the environment names, closed afterwards. */
  database?: DatabaseHandle;
  passwordHashing?: PasswordHashingOptions;
  now?: Clock;
}

/** The no-echo prompt when both ends are a terminal; undefined otherwise (CI, pipes, scripts). */
function terminalPrompt(): (() => Promise<string>) | undefined {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return undefined;
  return () => readHiddenLine("Password for the new admin (not shown): ");
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
  if (values.password !== undefined) return usageError(passwordOnCommandLine);
  const env = options.env ?? process.env;

  if (!values.email) return usageError("--email is required.");
  const email = emailRequestSchema.safeParse({ email: values.email });
  if (!email.success) return usageError(`--email: ${firstProblem(email.error)}`);
  const names =
    values.firstname !== undefined || values.lastname !== undefined
      ? profileSchema.safeParse({ firstname: values.firstname, lastname: values.lastname })
      : null;
  if (names && !names.success) {
    const problem = firstProblem(names.error);
    return usageError(
      problem === accountMessages.fillRequiredFields
        ? "--firstname and --lastname must both be given, not empty."
        : `--firstname, --lastname: ${problem}`,
    );
  }

  let database = options.database;
  const ownsDatabase = !database;
  try {
    if (!database) {
      const config = loadConfig(env);
      if (!config.databaseUrl) {
        const dbDir = path.join(config.dataDir, "db");
        const pid = await embeddedDatabaseUser(dbDir);
        if (pid !== null) {
          err(
            `The embedded database in ${dbDir} is in use by a running server (process ${pid}). Stop the server first, then run create-admin again (or use DATABASE_URL with a PostgreSQL server, which allows both at once).`,
          );
          return EXIT_FAILURE;
        }
        await checkDataDir(config.dataDir);
      }
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

    // Only a verified account is promoted: an unverified registration may be a stranger's, made with the
    // admin's address and the stranger's password, so promoting it would hand them the admin account.
    const [existing] = await database.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${address})`, eq(users.isVerified, true)))
      .limit(1);

    if (existing) {
      if (existing.role === "admin") {
        out(`${address} is already a verified admin. Nothing changed.`);
        return EXIT_OK;
      }
      await database.db.transaction(async (tx) => {
        await tx.update(users).set({ role: "admin", updatedAt: now }).where(eq(users.id, existing.id));
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
      if (names) out("The account's password and names were kept; its owner can change them as usual.");
      return EXIT_OK;
    }

    const missing = (["firstname", "lastname"] as const).filter((name) => values[name] === undefined);
    if (missing.length > 0 || !names?.success) {
      return usageError(
        `There is no verified account for ${address}, so a new one needs ${missing.map((name) => `--${name}`).join(", ")}.`,
      );
    }
    const askPassword = "askPassword" in options ? options.askPassword : terminalPrompt();
    const password = env.ADMIN_PASSWORD ?? (askPassword ? await askPassword() : undefined);
    if (password === undefined || password === "") return usageError(noPasswordSource);
    const problem = newPasswordProblem(password, {
      email: address,
      names: [names.data.firstname, names.data.lastname],
    });
    if (problem) return usageError(`The password: ${problem}`);
    const passwordHash = await hasher.hash(password);
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
      // The address is verified now: its registrations waiting for a link end, as when one is verified.
      await endOtherRegistrations(tx, created.id, address);
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
