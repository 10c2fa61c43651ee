// "Back to results" on a school's page: the list the visitor came from travels in the school
// link's `from` parameter. Anyone can write a link with any `from`, so it is never followed as given: only
// the home page's Schools dialog and the school results page are lists, and only their own parameters are
// kept; anything else gives no link at all (never an open redirect, never a path the visitor did not come
// from).

/** The Schools dialog's parameters (src/web/features/schools/schools-query.ts) and the selected state. */
const listParameters = ["state", "schools", "name", "type", "group", "boarding", "ownership"] as const;
/** The school results page's (school-results.ts), in the order that page writes them. */
const resultsParameters = ["state", "lga", "group", "boarding", "ownership", "type", "name", "page"] as const;
const MAX_FROM_LENGTH = 500;
const MAX_VALUE_LENGTH = 100;
const base = "https://list.invalid";

/**
 * The list's path without a language prefix ("/?schools=lagos&name=deaf", "/schools?state=kano": links add
 * the page's language), or null when `from` is not a schools list of this site.
 */
export function schoolListReturnPath(from: string | null | undefined): string | null {
  if (!from || from.length > MAX_FROM_LENGTH) return null;
  // A path of this site only: not "//host", not "/\host" (browsers read both as another site).
  if (!/^\/(?![/\\])/.test(from)) return null;
  let url: URL;
  try {
    url = new URL(from, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const isDialog = url.pathname === "/" && url.searchParams.has("schools");
  const isResultsPage = url.pathname === "/schools";
  if (!isDialog && !isResultsPage) return null;
  const kept = new URLSearchParams();
  for (const name of isDialog ? listParameters : resultsParameters) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== "" && value.length <= MAX_VALUE_LENGTH) kept.set(name, value);
  }
  if (isResultsPage) return kept.size > 0 ? `/schools?${kept.toString()}` : "/schools";
  return `/?${kept.toString()}`;
}

/**
 * A school's link that remembers the list it is shown in: `list` is the home page's query ("?schools=…")
 * or the results page's path and query ("/schools?state=kano").
 */
export function withListReturn(schoolPath: string, list: string): string {
  const returnPath = schoolListReturnPath(list.startsWith("?") ? `/${list}` : list);
  return returnPath ? `${schoolPath}?${new URLSearchParams({ from: returnPath }).toString()}` : schoolPath;
}
