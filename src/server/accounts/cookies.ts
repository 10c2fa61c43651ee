import type { FastifyReply, FastifyRequest } from "fastify";

// The two cookies of the accounts API, both HttpOnly (scripts never see them), SameSite=Strict and sent
// only to /api/v1/auth. Sessions themselves are bearer tokens (docs/architecture.md); these only say which browser
// is asking:
// - REGISTRATION: set by POST /register in the browser that registered; with it, a verification link
//   signs that browser in, while any other must give the registration's password or choose a new one
//   (pre-registration takeover).
// - DEVICE: set when a browser signs in; failed sign-ins from elsewhere never lock that browser out.

export const REGISTRATION_COOKIE = "ia_registration";
export const DEVICE_COOKIE = "ia_device";
const COOKIE_PATH = "/api/v1/auth";
export const REGISTRATION_COOKIE_SECONDS = 24 * 60 * 60;
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/** The cookie's value, if the request carries it (and it looks like one of our tokens). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const [key, ...rest] = pair.trim().split("=");
    if (key !== name) continue;
    const value = rest.join("=");
    return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
  }
  return undefined;
}

export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
): void {
  const attributes = [
    `${name}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ];
  const existing = reply.getHeader("set-cookie");
  const cookies = Array.isArray(existing) ? existing : existing ? [String(existing)] : [];
  reply.header("set-cookie", [...cookies, attributes.join("; ")]);
}

export function clearCookie(reply: FastifyReply, name: string, secure: boolean): void {
  setCookie(reply, name, "", 0, secure);
}
