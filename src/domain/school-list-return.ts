// "Back to results" on a school's page: the list the visitor came from travels in the school
// link's `from` parameter. Anyone can write a link with any `from`, so it is never followed as given: only
// the home page's Schools dialog is a list, and only its own parameters are kept; anything else gives no
// link at all (never an open redirect, never a path the visitor did not come from).

/** The Schools dialog's parameters (src/web/features/schools/schools-query.ts) and the selected state. */
const listParameters = ["state", "schools", "name", "type", "group", "boarding", "ownership"] as const;
const MAX_FROM_LENGTH = 500;
const MAX_VALUE_LENGTH = 100;
const base = "https://list.invalid";

/**
 * The list's path without a language prefix ("/?schools=lagos&name=deaf": links add the page's language),
 * or null when `from` is not a schools list of this site.
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
  if (url.origin !== base || url.pathname !== "/" || !url.searchParams.has("schools")) return null;
  const kept = new URLSearchParams();
  for (const name of listParameters) {
    const value = url.searchParams.get(name);
    if (value !== null && value.length <= MAX_VALUE_LENGTH) kept.set(name, value);
  }
  return `/?${kept.toString()}`;
}

/** A school's link that remembers the list it is shown in (`listSearch`: that list's "?schools=…"). */
export function withListReturn(schoolPath: string, listSearch: string): string {
  const list = schoolListReturnPath(`/${listSearch}`);
  return list ? `${schoolPath}?${new URLSearchParams({ from: list }).toString()}` : schoolPath;
}
