import { openDataMessages } from "../../domain/opendata/messages";
import { HttpError } from "./errors";

/** A query string as Fastify parses it: a repeated parameter comes as an array. */
export type Query = Record<string, unknown>;

/** One value of a parameter, trimmed; undefined when absent or empty. A repeated parameter is a 400. */
export function singleParameter(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") throw new HttpError(400, openDataMessages.repeated(name));
  return value.trim();
}
