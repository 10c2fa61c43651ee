import type { FastifyRequest } from "fastify";

// Request logs must never hold what lets someone act as another person: the tokens of verification and
// reset links (in the path of /verify-email/… and /reset-password/…, page or API), the signature of a
// media link (?sig=…), the secret of a phone channel's callback address, and Authorization headers. They are replaced by [redacted] before a line is written.

const TOKEN_IN_PATH = /(\/(?:verify-email|reset-password)\/)[^/?#]+/g;
// A phone channel's callback address holds the secret that authenticates the provider.
const CHANNEL_SECRET_IN_PATH = /(\/channels\/[^/?#]+\/)[^/?#]+/g;
const SECRET_QUERY = /([?&](?:sig|token|exp)=)[^&#]*/gi;

export const REDACTED = "[redacted]";

/** The URL with its secrets replaced, fit for a log line. */
export function redactUrl(url: string): string {
  return url
    .replace(TOKEN_IN_PATH, `$1${REDACTED}`)
    .replace(CHANNEL_SECRET_IN_PATH, `$1${REDACTED}`)
    .replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** Headers with Authorization and cookies replaced. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...headers };
  for (const name of ["authorization", "cookie", "set-cookie", "proxy-authorization"]) {
    if (name in copy) copy[name] = REDACTED;
  }
  return copy;
}

/** Fastify's request serializer, with the URL redacted (and never the headers' secrets). */
export const redactingSerializers = {
  /** Every `{ err }` logged anywhere goes through loggableError: no query parameters, no failing rows. */
  err: (error: unknown) => loggableError(error),
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** What a database error may say in a log: its kind and where it arose, never the values involved. */
const loggableDatabaseFields = ["code", "constraint", "table", "column", "schema", "routine", "severity"];

/**
 * An unexpected error as it may be logged. Drizzle's query errors end their message with the query's
 * parameters, and PostgreSQL's `detail` repeats a failing row ("Failing row contains (…)"): either could put
 * a reporter's name, e-mail address or place in the logs. Those are cut; the query text (parameters as
 * $1, $2), the codes and the stack's frames stay.
 */
export interface LoggableError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: "A value that is not an Error was thrown.", stack: "" };
  }
  const message = error.message.split(/\nparams:/)[0] ?? "";
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const logged: LoggableError = {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join("\n"),
  };
  for (const field of loggableDatabaseFields) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === "string" || typeof value === "number") logged[field] = value;
  }
  if (error.cause !== undefined && depth < 3) logged.cause = loggableError(error.cause, depth + 1);
  return logged;
}
