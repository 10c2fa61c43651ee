// A published or proposed value as words, shared by the data desk's pages and the public history, kept apart
// from the fields' descriptions (fields.ts carries the rules' library, which the desk loads only when it
// must).

/**
 * The message id suffix of a choice's value: "Passed/awaiting Gov assent" → "passed-awaiting-gov-assent",
 * "" → "none" (`datadesk.option.<path>.<key>`).
 */
export function optionKey(value: string): string {
  const key = value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return key === "" ? "none" : key;
}

/**
 * A field's value as words: empty values say so, lists are joined, other shapes are written as JSON;
 * `wordsOf` words a text (a choice in the reader's language), else it is shown as it is.
 */
export function describeValue(
  value: unknown,
  empty: string,
  wordsOf: (text: string) => string = (text) => text,
): string {
  if (value === null || value === undefined || value === "") return empty;
  if (Array.isArray(value)) {
    // An empty item of a list (a phone left blank) is nothing to show.
    const items = value.filter((item) => item !== "" && item !== null && item !== undefined);
    if (items.length === 0) return empty;
    return items.map((item) => describeValue(item, empty, wordsOf)).join("; ");
  }
  if (typeof value === "string") return wordsOf(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
