import type { FastifyRequest } from "fastify";
import { UUID_SHAPE } from "../../domain/uuid-shape";
import type { HttpError } from "./errors";

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
