// The one-time token of an e-mailed link (verification, password reset). It may come from the query
// (?token=), the route (/reset-password/{token}), the last path segment, or navigation state;
// the first that is long enough wins. A real token is 43 characters; anything of 10 or fewer is a
// truncated or mistyped link.

export const MIN_TOKEN_LENGTH = 11;

export interface LinkParts {
  search: string;
  pathname: string;
  routeToken?: string;
  state?: unknown;
}

export function tokenFromLink({ search, pathname, routeToken, state }: LinkParts): string | null {
  const candidates = [
    new URLSearchParams(search).get("token"),
    routeToken,
    lastPathSegment(pathname),
    state && typeof state === "object" ? (state as { token?: unknown }).token : undefined,
  ];
  for (const candidate of candidates) {
    if (typeof candidate !== "string") continue;
    const token = candidate.trim();
    if (token.length >= MIN_TOKEN_LENGTH) return token;
  }
  return null;
}

/** The last segment after the page's own (so "/reset-password" alone has none). */
function lastPathSegment(pathname: string): string | undefined {
  const segments = pathname.split("/").filter(Boolean);
  const segment = segments.length > 1 ? segments[segments.length - 1] : undefined;
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
