import type { FastifyError, FastifyInstance } from "fastify";
import { faultMessages, faultRetryAfterSeconds } from "../../domain/api/fault-messages";
import { codeProblem, problem, type Problem } from "../../domain/api/problems";
import { errorCodeForStatus, type ErrorCode, type Failure } from "../../domain/api/shared";
import { databaseFault } from "../db/database-faults";
import { storageFault } from "../media/media-store";

/**
 * What a refusal says beyond its English sentence: a more precise code than its status gives, the field,
 * and the problem the web app translates (the code's own when none is given).
 */
export interface FailureDetails {
  code?: ErrorCode;
  /** The field the person has to fix (VALIDATION_FAILED). */
  field?: string;
  problem?: Problem;
}

/** An error whose message is meant for the person using the product. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly problem: Problem;

  constructor(
    readonly statusCode: number,
    message: string,
    details: FailureDetails = {},
  ) {
    super(message);
    this.code = details.code ?? errorCodeForStatus(statusCode);
    this.field = details.field;
    this.problem = details.problem ?? codeProblem(this.code);
  }
}

/**
 * A part of the server failing (the database, the disk, the media store), answered as such: 507 while it
 * cannot take writes, 503 while it is out of reach, each with its one sentence and a Retry-After.
 */
export class ServiceFault extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(readonly kind: "full" | "unavailable") {
    const fault = kind === "full" ? "storageFull" : "unavailable";
    super(kind === "full" ? 507 : 503, faultMessages[fault]);
    this.retryAfterSeconds = faultRetryAfterSeconds[fault];
  }
}

/** What failed, when `error` is a fault of the database or the media store (not of the request). */
function faultOf(error: unknown): { part: string; kind: ServiceFault["kind"] } | null {
  const ofDatabase = databaseFault(error);
  if (ofDatabase) return { part: "the database", kind: ofDatabase };
  const ofStorage = storageFault(error);
  return ofStorage ? { part: "the media storage", kind: ofStorage } : null;
}

/** The failure answer (docs/api.md): the same shape on every path, the code beside the sentence. */
export function failure(status: number, message: string, details: FailureDetails = {}): Failure {
  const code = details.code ?? errorCodeForStatus(status);
  return {
    success: false,
    message,
    code,
    problem: details.problem ?? codeProblem(code),
    ...(details.field === undefined ? {} : { field: details.field }),
  };
}

const fallbackMessages: Record<number, string> = {
  400: "The request could not be understood. Please check what you sent.",
  401: "Please sign in to continue.",
  403: "You do not have permission to do that.",
  404: "Not found.",
  405: "That method is not allowed here.",
  413: "What you sent is too large.",
  415: "That type of content is not accepted.",
  429: "Too many requests. Please wait a little and try again.",
};

/** The first field a schema validation error names (`/query/page` style paths → `page`). */
function firstInvalidField(error: FastifyError): string | undefined {
  const path = error.validation?.[0]?.instancePath ?? "";
  const field = path.split("/").find((segment) => segment !== "");
  return field === undefined || field === "" ? undefined : field;
}

/** One error path: the same JSON shape always; clear messages for 4xx, nothing internal on 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    const details: FailureDetails =
      error instanceof HttpError ? { code: error.code, field: error.field, problem: error.problem } : {};
    if (error instanceof ServiceFault) reply.header("retry-after", String(error.retryAfterSeconds));
    // A 5xx the code chose (507, 503) carries a sentence for the person; it was logged where it arose.
    if (status >= 500 && error instanceof HttpError) {
      return reply.status(status).send(failure(status, error.message, details));
    }
    const fault = status >= 500 ? faultOf(error) : null;
    if (fault) {
      // The database or the store failed, not the request: said as such, never a 500, and logged once here.
      request.log.error(
        { err: error },
        `${fault.part} ${fault.kind === "full" ? "cannot take writes" : "is out of reach"}`,
      );
      const answer = new ServiceFault(fault.kind);
      reply.header("retry-after", String(answer.retryAfterSeconds));
      return reply.status(answer.statusCode).send(failure(answer.statusCode, answer.message));
    }
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply
        .status(500)
        .send(failure(500, "Something went wrong on our side. Please try again.", { code: "INTERNAL" }));
    }
    if (error instanceof HttpError || error.validation === undefined) {
      const message = error.message || fallbackMessages[status] || "The request was refused.";
      return reply.status(status).send(failure(status, message, details));
    }
    // A contract schema refused a parameter, a part of the path or the body: the answer names it.
    const field = firstInvalidField(error);
    const message = field
      ? `The value of ${field} could not be understood. Please check what you sent.`
      : (fallbackMessages[400] ?? "");
    return reply.status(status).send(
      failure(status, message, {
        code: "VALIDATION_FAILED",
        ...(field ? { field, problem: problem("request.fieldInvalid", { field }) } : {}),
      }),
    );
  });
}

export function apiNotFound(method: string, url: string): Failure {
  const path = url.split("?")[0];
  return failure(404, `There is no API endpoint ${method} ${path}.`);
}
