import type { FastifyRequest } from "fastify";

// Request logs must never hold what lets someone act as another person: the tokens of verification and
// reset links (in the path of /verify-email/… and /reset-password/…, page or API), the signature of a
// media link (?sig=…), and Authorization headers. They are replaced by [redacted] before a line is written.

const TOKEN_IN_PATH = /(\/(?:verify-email|reset-password)\/)[^/?#]+/g;
const SECRET_QUERY = /([?&](?:sig|token|exp)=)[^&#]*/gi;

export const REDACTED = "[redacted]";

/** The URL with its secrets replaced, fit for a log line. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
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
