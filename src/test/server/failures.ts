/** The body of a 400 for a field the request got wrong, as every route answers it (src/server/http/errors.ts). */
export function validationFailure(message: string, field: string | undefined) {
  return {
    success: false,
    message,
    code: "VALIDATION_FAILED",
    field,
    problem: { key: "code.VALIDATION_FAILED", params: {} },
  };
}
