import { ApiError } from "../../lib/api-client";
import { authApi, type VerifyAnswer } from "./auth-api";

// A verification link works once. React may run the page's effect twice (StrictMode in development, a
// remount), so the request for a token is made once and its answer shared: a second call must never
// turn a success into "this link has already been used".
//
// The spec makes "a direct second attempt as a fallback on failure". Only a failure with no answer
// (the connection dropped) is retried: a 400 answer is final, and retrying it could only say "used".

const attempts = new Map<string, Promise<VerifyAnswer>>();

export function verifyEmailOnce(token: string): Promise<VerifyAnswer> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = authApi.verifyEmail(token).catch((error: unknown) => {
      if (error instanceof ApiError && error.status !== 0) throw error;
      return authApi.verifyEmail(token);
    });
    attempts.set(token, attempt);
  }
  return attempt;
}

/** Forgets every attempt: for tests, which reuse tokens across cases. */
export function forgetVerificationAttempts(): void {
  attempts.clear();
}
