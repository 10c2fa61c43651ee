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

/**
 * A part of a request its schema refused, as a 400 a person can act on. A body is refused with the one
 * message its schema gives for the problem to fix first, naming the field it is about; a parameter of the
 * path, the query or the headers by its name.
 */
export function requestRefusal(error: z.ZodError, part: string): HttpError {
  if (part !== "body") {
    const issue = error.issues[0];
    const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
    const given = issue?.code === "custom" ? issueProblem(issue.params) : undefined;
    // A parameter refused with another status (a forged media link) refuses the request, naming no field.
    const status = issue?.code === "custom" ? issueStatus(issue.params) : undefined;
    if (given && issue && status) return new HttpError(status, issue.message, { problem: given });
    if (given && issue) return new HttpError(400, issue.message, { field, problem: given });
    return field === undefined
      ? new HttpError(400, unreadableRequestMessage)
      : new HttpError(400, `The value of ${field} could not be understood. Please check what you sent.`, {
          field,
          problem: problem("request.fieldInvalid", { field }),
        });
  }
  const message = firstProblem(error);
  // The field named is the one the message is about (the body as a whole when it is not an object).
  const issue = error.issues.find((candidate) => candidate.message === message);
  const field = issue?.path[0];
  if (typeof field !== "string") return new HttpError(400, message);
  const given = issue?.code === "custom" ? issueProblem(issue.params) : undefined;
  return new HttpError(400, message, { field, problem: given ?? problem("request.fieldInvalid", { field }) });
}

const unreadableRequestMessage = "The request could not be understood. Please check what you sent.";

/** The status other than 400 a parameter's own refusal gives (`params.status`), if any. */
function issueStatus(params: Record<string, unknown> | undefined): 403 | 404 | undefined {
  const status = params?.status;
  return status === 403 || status === 404 ? status : undefined;
}

/** The problem a schema's own check attached to its issue (`params.problem`), if any. */
function issueProblem(params: Record<string, unknown> | undefined): Problem | undefined {
  const given = params?.problem as Partial<Problem> | undefined;
  return given && isProblemKey(given.key) ? (given as Problem) : undefined;
}
