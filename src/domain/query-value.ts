// How pages compare a query's values, in the browser and on the server alike: the server renders a page
// for the query it keeps (page-query.ts), and the page's first render in the browser must read the same.

/** A query value as pages compare it: trimmed, spaces collapsed, in lower case. */
export function normalQueryValue(value: string): string {
  return value.trim().replace(/\s+/g, " ").toLowerCase();
}
