// The shape of the ids the database gives (UUIDs). A path or body names a record by one: checked before a
// query, because PostgreSQL refuses a malformed UUID with an error where it should simply find nothing.

/** A UUID in either case, as PostgreSQL reads one. */
export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in lower case only: the ids in the addresses the server gives out (a media file's, a document's). */
export const LOWER_CASE_UUID = new RegExp(UUID_SHAPE.source);
