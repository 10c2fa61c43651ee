import { isSessionEnded, isTransient } from "./api-client";

// When a failed read is tried again, for both ways the app reads the API (the query client of the
// signed-in area, query-client.ts, and the public pages' single reads, use-public-read.ts): only when
// trying again can help (no answer came, or the server failed with a 5xx), never after a refusal (4xx),
// and never after a 401, which has already ended the session.

/** Tries of a read after its first failure. */
export const READ_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < READ_RETRIES && !isSessionEnded(error) && isTransient(error);
}

/** The wait before try `failureCount + 1`: 1 s, 2 s, 4 s… at most 30 s (TanStack Query's default too). */
export function retryDelayMs(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000);
}
