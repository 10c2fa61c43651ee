import { HttpError } from "./errors";

// Query parameters are read by each route's query schema (src/domain/api/query-schemas.ts); what needs the
// data or another part of the request (a state in the data, a filter of another dataset) is refused by the
// handler, with the same answer as a refusal of the schema.

/** A 400 about one query parameter or part of the path, naming it as the failure's `field`. */
export function invalidParameter(name: string, message: string): HttpError {
  return new HttpError(400, message, { field: name });
}
