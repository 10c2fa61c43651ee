import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { reportServerMessages } from "../../domain/reports/report-rules";
import { getSignedInUser } from "../accounts/guards";
import { clientAddressKey } from "../rate-limit/client-address";
import { createLimit, type Limit } from "../rate-limit/limit";

// Eyewitness reports per user per hour (REPORT_RATE_LIMIT_MAX): enough for anyone telling what they
// saw, not enough to flood the review queue or the disk. Every attempt counts, counted before any byte
// of the upload is read. When Redis is away the count goes on in this instance's memory (rate-limit/).

export const REPORT_RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;

export class SubmissionLimit {
  private readonly limit: Limit;

  constructor(app: FastifyInstance, max: number, windowMs = REPORT_RATE_LIMIT_WINDOW_MS) {
    this.limit = createLimit(app, {
      max,
      windowMs,
      // The route signs the user in first; the guard's lookup is cached per request.
      key: async (request) => {
        const user = await getSignedInUser(request);
        return user
          ? `eyewitness-report:user:${user.id}`
          : `eyewitness-report:ip:${clientAddressKey(request.ip)}`;
      },
      tooMany: reportServerMessages.tooManySubmissions,
      problemKey: "report.tooManySubmissions",
    });
  }

  /** Counts a submission by the signed-in user; throws 429 when there have been too many this hour. */
  count(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.limit(request, reply);
  }
}
