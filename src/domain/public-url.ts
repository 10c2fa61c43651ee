// The site's public address (PUBLIC_URL): the base of e-mailed links and of the pages' hreflang alternates,
// both read by the server when it starts (pages are rendered by the server, decision record 0019). One rule
// for both, so a page and an e-mail never disagree on where the site lives.

/** The variables the address is made from: PORT only counts when PUBLIC_URL is unset. */
export const publicUrlVariables = ["PUBLIC_URL", "PORT"] as const;

/**
 * PUBLIC_URL without a trailing slash, or http://localhost:<PORT> (3000) when it is unset; an error naming
 * the variable when it is not an http(s) address.
 */
export function publicUrlFromEnv(env: Record<string, string | undefined>): string {
  const value = env.PUBLIC_URL?.trim();
  if (!value) return `http://localhost:${env.PORT?.trim() || "3000"}`;
  if (!/^https?:$/.test(parsedProtocol(value) ?? "")) {
    throw new Error("PUBLIC_URL must be an http or https address, such as https://atlas.example.ng");
  }
  return value.replace(/\/+$/, "");
}

/** The address's scheme ("https:"), or undefined when it is not an address at all. */
function parsedProtocol(value: string): string | undefined {
  try {
    return new URL(value).protocol;
  } catch {
    return undefined;
  }
}
