import type { FastifyRequest } from "fastify";
import type { HttpError } from "./errors";

/** The shape of the ids the database gives rows (UUIDs), in any case. */
export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A `preValidation` hook: the path's `:id` must have the shape of an id, else `notFound()`, before the
 * body is checked (an unknown item is a 404 whatever is sent). The params are not validated yet here.
 */
export function idInPath(notFound: () => HttpError) {
  return async (request: FastifyRequest): Promise<void> => {
    const { id } = request.params as { id?: unknown };
    if (typeof id !== "string" || !UUID_SHAPE.test(id)) throw notFound();
  };
}
