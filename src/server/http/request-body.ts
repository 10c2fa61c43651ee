import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { firstProblem } from "../../domain/accounts/schemas";
import { HttpError } from "./errors";

export const unreadableBodyMessage =
  "We could not read what was sent: it is not valid JSON. Please try again.";

/**
 * JSON bodies for a group of routes: an empty body counts as no body (a POST without data is fine) and
 * malformed JSON is a 400 with a sentence, never a 500. Prototype poisoning is still refused.
 */
export function acceptJsonBodies(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser("error", "error");
  scope.removeContentTypeParser("application/json");
  scope.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    parseJson(request, text, (error, value) =>
      error ? done(new HttpError(400, unreadableBodyMessage), undefined) : done(null, value),
    );
  });
}

/** The body as the schema reads it, or 400 with the one message a person needs to fix it. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const message = firstProblem(result.error);
  // The field named is the one the message is about (the body as a whole when it is not an object).
  const field = result.error.issues.find((issue) => issue.message === message)?.path[0];
  throw new HttpError(400, message, typeof field === "string" ? { field } : {});
}
