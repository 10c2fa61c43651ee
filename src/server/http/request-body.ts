import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { firstProblem } from "../../domain/accounts/schemas";
import { isProblemKey, problem, type Problem } from "../../domain/api/problems";
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
      error
        ? done(new HttpError(400, unreadableBodyMessage, { problem: problem("request.bodyUnreadable") }))
        : done(null, value),
    );
  });
}

/** The body as the schema reads it, or 400 with the one message a person needs to fix it. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const message = firstProblem(result.error);
  // The field named is the one the message is about (the body as a whole when it is not an object).
  const issue = result.error.issues.find((candidate) => candidate.message === message);
  const field = issue?.path[0];
  if (typeof field !== "string") throw new HttpError(400, message);
  const given = issue?.code === "custom" ? issueProblem(issue.params) : undefined;
  throw new HttpError(400, message, { field, problem: given ?? problem("request.fieldInvalid", { field }) });
}

/** The problem a schema's own check attached to its issue (`params.problem`), if any. */
function issueProblem(params: Record<string, unknown> | undefined): Problem | undefined {
  const given = params?.problem as Partial<Problem> | undefined;
  return given && isProblemKey(given.key) ? (given as Problem) : undefined;
}
