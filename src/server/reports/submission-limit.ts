import type { FastifyReply, FastifyRequest } from "fastify";
import { reportServerMessages } from "../../domain/reports/report-rules";
import { HttpError } from "../http/errors";
import type { RateLimitStore } from "../rate-limit/store";

// Eyewitness reports per user per hour (REPORT_RATE_LIMIT_MAX): enough for anyone telling what they
// saw, not enough to flood the review queue or the disk. Every attempt counts, counted before any byte
// of the upload is read.

export const REPORT_RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;

export class SubmissionLimit {
  constructor(
    private readonly store: RateLimitStore,
    private readonly max: number,
    private readonly windowMs = REPORT_RATE_LIMIT_WINDOW_MS,
  ) {}

  /** Counts a submission by this user; throws 429 when there have been too many this hour. */
  async count(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    let window;
    try {
      window = await this.store.hit(`eyewitness-report:user:${userId}`, this.windowMs);
    } catch (error) {
      // A report must not be lost because the counter store is away.
      request.log.warn({ error: String(error) }, "rate-limit store unavailable; report not counted");
      return;
    }
    if (window.count <= this.max) return;
    const seconds = Math.max(1, Math.ceil(window.msLeft / 1000));
    reply.header("retry-after", String(seconds));
    throw new HttpError(429, reportServerMessages.tooManySubmissions(Math.ceil(seconds / 60)));
  }
}
