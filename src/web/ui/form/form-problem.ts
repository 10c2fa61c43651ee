// What a failed submit shows: one sentence for the whole form (the product's message, such as 'Please fill
// out all fields') and the fields to fix, each with what is wrong with it. The error summary lists the
// fields as links; each field shows its own message.

export interface FieldProblem {
  /** The id of the input to fix: the summary links to it. */
  fieldId: string;
  message: string;
}

export interface FormProblem {
  /** The sentence about the whole form; left out when a field already says the same. */
  message?: string;
  fields: FieldProblem[];
}

export function formProblem(message: string | undefined, fields: FieldProblem[] = []): FormProblem {
  const repeated = fields.some((field) => field.message === message);
  return repeated || !message ? { fields } : { message, fields };
}

/** The message to show beside one field, if the last submit found a problem with it. */
export function fieldError(problem: FormProblem | null, fieldId: string): string | undefined {
  return problem?.fields.find((field) => field.fieldId === fieldId)?.message;
}
