import { normalizeIP } from "@fastify/rate-limit";

// Whose requests count together. An IPv6 client usually holds a whole /64 (one home, one phone) and can
// pick any address in it, so counting per address would give it 2^64 fresh starts: a /64 counts as one
// client. An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 client.

export const IPV6_CLIENT_PREFIX_LENGTH = 64;

/** The rate-limit key of the client at `ip` (request.ip, after the trusted proxies). */
export function clientAddressKey(ip: string): string {
  return normalizeIP(ip, IPV6_CLIENT_PREFIX_LENGTH);
}
