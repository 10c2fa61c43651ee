import type { FastifyError, FastifyInstance } from "fastify";

/** An error whose message is meant for the person using the product. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Machine-readable reason for the web app to branch on (e.g. "RATE_LIMITED"); the message is for people. */
    readonly code?: string,
  ) {
    super(message);
  }
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

/** One error path: the same JSON shape always; clear messages for 4xx, nothing internal on 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    // A 5xx the code chose (507, 503) carries a sentence for the person; it was logged where it arose.
    if (status >= 500 && error instanceof HttpError) {
      return reply.status(status).send({ success: false, message: error.message });
    }
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply
        .status(500)
        .send({ success: false, message: "Something went wrong on our side. Please try again." });
    }
    const message =
      error instanceof HttpError || error.validation === undefined
        ? error.message || fallbackMessages[status] || "The request was refused."
        : (fallbackMessages[400] ?? "");
    const code = error instanceof HttpError ? error.code : undefined;
    return reply.status(status).send({ success: false, message, ...(code ? { code } : {}) });
  });
}

export function apiNotFound(method: string, url: string) {
  const path = url.split("?")[0];
  return { success: false, message: `There is no API endpoint ${method} ${path}.` };
}
