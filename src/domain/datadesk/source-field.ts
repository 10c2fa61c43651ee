import { recordSourcesOf, sourceAddresses, withSourceAddresses } from "../datasets/record-sources";
import { valueAt, withValueAt } from "./fields";

// The field `sources` of a state or a school is edited, proposed, compared and exported as a list of
// addresses, while the document keeps each source with its title, publisher and date read. Every reader
// and writer of a field's value goes through these two, so the address list is the field's value
// everywhere the data desk and the downloads see it.

const SOURCES = "sources";

/**
 * A field's value as the edit form, a change's from/to and the downloads see it; for `sources`, the web
 * addresses (an uploaded document a change gave stays in the record, not in the list).
 */
export function fieldValueAt(document: unknown, path: string): unknown {
  const value = valueAt(document, path);
  if (path !== SOURCES || !Array.isArray(value)) return value;
  return sourceAddresses(
    value.map((entry: unknown) =>
      typeof entry === "string" ? entry : String((entry as { url?: unknown }).url ?? ""),
    ),
  );
}

/**
 * A copy of the document with a field's new value; for `sources`, the addresses become sources (those
 * kept keep their details, new ones are read on `read`, the day the change was proposed).
 */
export function withFieldValueAt<Document>(
  document: Document,
  path: string,
  value: unknown,
  read: string,
): Document {
  if (path !== SOURCES || !Array.isArray(value)) return withValueAt(document, path, value);
  const asOf = valueAt(document, "as_of");
  const kept = recordSourcesOf(valueAt(document, SOURCES), typeof asOf === "string" ? asOf : read);
  return withValueAt(document, path, withSourceAddresses(kept, value.map(String), read));
}
