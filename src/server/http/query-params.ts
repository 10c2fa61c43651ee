import { openDataMessages } from "../../domain/opendata/messages";
import { HttpError } from "./errors";

/** A query string as Fastify parses it: a repeated parameter comes as an array. */
export type Query = Record<string, unknown>;

/** A 400 about one query parameter or part of the path, naming it as the failure's `field`. */
export function invalidParameter(name: string, message: string): HttpError {
  return new HttpError(400, message, { field: name });
}

/** One value of a parameter, trimmed; undefined when absent or empty. A repeated parameter is a 400. */
export function singleParameter(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") throw invalidParameter(name, openDataMessages.repeated(name));
  return value.trim();
}
