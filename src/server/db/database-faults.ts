// What a database error says about the database itself, rather than about the request: full (its disk
// or its resources), read-only, or out of reach. Both drivers surface PostgreSQL's own SQLSTATE in
// `code` (node-postgres from the server, PGlite from its embedded PostgreSQL); node-postgres adds its
// own errors when it cannot connect (a socket error's errno code, or a message of the pool's), and
// Drizzle wraps whichever it got in a DrizzleQueryError whose `cause` is the driver's error.

/** `full`: nothing can be written until an operator acts; `unavailable`: the database is out of reach. */
export type DatabaseFault = "full" | "unavailable";

/** SQLSTATEs of a database that cannot write: disk full, out of resources, read-only (a standby). */
const FULL_STATES = new Set(["53100", "53000", "25006"]);

/**
 * SQLSTATEs of a database going away, not there yet or overwhelmed for a while: shut down by an
 * administrator (57P01), crashed (57P02), starting or stopping (57P03), gone from its connection (class
 * 08), out of memory (53200) or connections (53300), a statement stopped by its time limit (57014).
 */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "57P05", "57014", "53200", "53300"]);

/** Socket errors of a connection to the database that could not be opened or was cut. */
const UNREACHABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** node-postgres' own words when it has no connection: its pool's wait, a cut socket, a closed client. */
const UNREACHABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /connection timeout/i,
  /query read timeout/i,
  /client has encountered a connection error and is not queryable/i,
  /client was closed and is not queryable/i,
  /the database system is (?:shutting down|starting up|in recovery mode)/i,
];

/** A full disk said in words, where no SQLSTATE says it (a file-system error passed on as text). */
const FULL_MESSAGES = [/no space left on device/i, /could not extend file/i, /disk quota exceeded/i];

/** The fault of the database that `error` (or an error it wraps) reports; null for any other error. */
export function databaseFault(error: unknown): DatabaseFault | null {
  for (const link of causeChain(error)) {
    const code = typeof link.code === "string" ? link.code : undefined;
    const message = typeof link.message === "string" ? link.message : "";
    if (code !== undefined && FULL_STATES.has(code)) return "full";
    if (code !== undefined && (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
      return "unavailable";
    }
    if (FULL_MESSAGES.some((pattern) => pattern.test(message)) && isDatabaseError(link)) return "full";
    if (code !== undefined && UNREACHABLE_SOCKET_CODES.has(code)) return "unavailable";
    if (UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return "unavailable";
  }
  return null;
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  severity?: unknown;
  name?: unknown;
}

/** An error that came from the database server (it has a severity), not from this process's own disk. */
function isDatabaseError(link: ErrorLike): boolean {
  return typeof link.severity === "string" || link.name === "DatabaseError";
}

/**
 * The error, what it wraps (`cause`) and, for a connection tried on several addresses (localhost's IPv6
 * and IPv4), each attempt's error; a few levels deep at most.
 */
function causeChain(error: unknown): ErrorLike[] {
  const links: ErrorLike[] = [];
  const pending: unknown[] = [error];
  while (pending.length > 0 && links.length < 8) {
    const next = pending.shift();
    if (typeof next !== "object" || next === null || links.includes(next as ErrorLike)) continue;
    links.push(next as ErrorLike);
    const { cause, errors } = next as { cause?: unknown; errors?: unknown };
    if (cause !== undefined) pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return links;
}
