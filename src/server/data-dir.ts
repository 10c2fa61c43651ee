import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "./config";

// DATA_DIR holds the embedded database, mail files and uploads. A folder that cannot be made or
// written stops the start in one line naming it, instead of a stack trace from deep inside PGlite.
// While a server runs on the embedded database it keeps a lock file there, so `create-admin` can say
// that the database is in use instead of failing obscurely (PGlite has one user at a time).

export class DataDirError extends ConfigError {}

const reasons: Record<string, string> = {
  EROFS: "it is on a read-only file system",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOTDIR: "a part of the path is a file, not a folder",
  ENOENT: "it does not exist and cannot be created",
  ENOSPC: "the disk is full",
};

/** Makes DATA_DIR if needed and checks a file can be written in it; throws a one-line DataDirError. */
export async function checkDataDir(dataDir: string): Promise<void> {
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(probe, "ok");
    await rm(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    throw new DataDirError(
      `DATA_DIR ${dataDir} cannot be used: ${reasons[code] ?? code ?? String(error)}. Make it a writable folder or set DATA_DIR to another one.`,
    );
  }
}

const LOCK_FILE = "server.pid";

/** Marks the embedded database in `dbDir` as used by this process; returns the function that unmarks it. */
export async function lockEmbeddedDatabase(dbDir: string): Promise<() => Promise<void>> {
  const file = path.join(dbDir, LOCK_FILE);
  await writeFile(file, String(process.pid));
  return () => rm(file, { force: true });
}

/** The pid of a running server using the embedded database in `dbDir`, or null. */
export async function embeddedDatabaseUser(dbDir: string): Promise<number | null> {
  const text = await readFile(path.join(dbDir, LOCK_FILE), "utf8").catch(() => null);
  const pid = Number(text);
  if (!text || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}
