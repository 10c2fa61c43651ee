import type { Failure } from "../../domain/api/shared";

// Failures as the server sends them (src/server/http/errors.ts), for tests of how pages say them.

/** The database out of reach: a 503's body, with the server's English sentence and its code's problem. */
export const databaseResting: Failure = {
  success: false,
  message: "The database is resting.",
  code: "UNAVAILABLE",
  problem: { key: "code.UNAVAILABLE", params: {} },
};

/** A field refused without a more precise problem than that it is invalid: a 400's body. */
export function fieldRefused(field: string, message: string): Failure {
  return {
    success: false,
    message,
    code: "VALIDATION_FAILED",
    field,
    problem: { key: "request.fieldInvalid", params: { field } },
  };
}
