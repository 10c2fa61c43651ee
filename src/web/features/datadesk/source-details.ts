import { fieldError, type FormProblem } from "../../ui/form/form-problem";

// What a change whose source is an address also says of it: its title, its publisher and the day it was
// read. Each is an input of the source's fieldset (SourceAndNote), named by the server's problem field.

/** Each detail: the body's field, the end of its input's id, its label and hint. */
export const sourceDetails = [
  {
    field: "sourceTitle",
    suffix: "source-title",
    label: "datadesk.form.sourceTitle",
    hint: "datadesk.form.sourceTitleHint",
  },
  {
    field: "sourcePublisher",
    suffix: "source-publisher",
    label: "datadesk.form.sourcePublisher",
    hint: "datadesk.form.sourcePublisherHint",
  },
  {
    field: "sourceRead",
    suffix: "source-read",
    label: "datadesk.form.sourceRead",
    hint: "datadesk.form.sourceReadHint",
  },
] as const;

export type SourceDetailErrors = Partial<Record<(typeof sourceDetails)[number]["field"], string>>;

/** The input of the address's detail a problem names (`sourceTitle` → `<idPrefix>-source-title`), or null. */
export function sourceDetailInputId(idPrefix: string, field: string): string | null {
  const detail = sourceDetails.find((candidate) => candidate.field === field);
  return detail ? `${idPrefix}-${detail.suffix}` : null;
}

/** Each of the address's details' errors in a form's problem. */
export function sourceDetailErrors(problem: FormProblem | null, idPrefix: string): SourceDetailErrors {
  return Object.fromEntries(
    sourceDetails.map(({ field, suffix }) => [field, fieldError(problem, `${idPrefix}-${suffix}`)]),
  );
}
