import { ApiError, isTransient } from "../../lib/api-client";
import type { FieldProblem, FormProblem } from "../../ui/form/form-problem";
import type { DataDeskFailure, DataDeskProblem } from "./datadesk-api";

// What a refused proposal shows: the server's problems (400), each beside its field and listed, as links,
// in the summary at the top; problems of the change as a whole (nothing changed, an unknown record) as the
// summary's sentence.

/** The server's problems of a failed request (400 with `problems`), or none. */
export function problemsOf(error: unknown): DataDeskProblem[] {
  if (!(error instanceof ApiError)) return [];
  const body = error.body as DataDeskFailure | null;
  return Array.isArray(body?.problems) ? body.problems : [];
}

/** A field path from a problem's field (`fields.law.year` → `law.year`), or null for a body field. */
export function problemPath(problem: DataDeskProblem): string | null {
  return problem.field.startsWith("fields.") ? problem.field.slice("fields.".length) : null;
}

/**
 * The summary and each field's message, from the problems: `inputId` gives the input a problem's field
 * names (null when the form has none: then its sentence is the summary's own).
 */
export function formProblemOf(
  problems: readonly DataDeskProblem[],
  inputId: (problem: DataDeskProblem) => string | null,
  text: (problem: DataDeskProblem) => string,
  fallback: string,
): FormProblem {
  const fields: FieldProblem[] = [];
  const sentences: string[] = [];
  for (const problem of problems) {
    const fieldId = inputId(problem);
    const message = text(problem);
    // One message per input: the first problem the server found with it.
    if (fieldId && !fields.some((field) => field.fieldId === fieldId)) fields.push({ fieldId, message });
    else if (!fieldId) sentences.push(message);
  }
  return {
    message: sentences.length > 0 ? sentences.join(" ") : fields.length === 0 ? fallback : undefined,
    fields,
  };
}

/** A request that got no answer, or a server failure: sending again may work, and the form offers it. */
export function mayRetry(error: unknown): boolean {
  return isTransient(error);
}
