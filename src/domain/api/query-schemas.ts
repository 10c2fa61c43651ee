import { z } from "zod";
import { isCalendarDay } from "../nigeria-day";
import { codeProblem, type Problem } from "./problems";

// The query parameters of the contract, as Fastify validates and coerces them before a handler runs: a
// page is a number, a status one of its values, a search trimmed text. What the transport gives is a
// string, or a list when a parameter is repeated; each parameter reads its one string itself, so that
// what it cannot read is refused with the list's own sentence and problem (requestRefusal turns the
// custom issue into the 400, naming the parameter), never zod's words. An absent or empty parameter is
// the default. The documented schema (the second half of each) is what OpenAPI shows: integer, enum.

/**
 * How a parameter is refused: its English sentence and its problem (the failure code's by default), as a
 * 400 naming the parameter; or with another status, as a refusal of the request as a whole (a forged link
 * is a 403, a size a photo cannot have a 404), where no field is named.
 */
export type ParameterRefusal = string | { message: string; problem: Problem; status?: 403 | 404 };

/** What a repeated parameter (`?page=1&page=2`) is refused with, when not the parameter's own sentence. */
export interface RepeatRefusal {
  repeated?: ParameterRefusal;
}

/** How a parameter is read beyond its refusals. */
export interface ParameterReading extends RepeatRefusal {
  /** An empty value (`?w=`) is read like any other, not taken as the parameter's absence. */
  emptyIsAValue?: boolean;
}

function refuse(context: z.RefinementCtx, refusal: ParameterRefusal): typeof z.NEVER {
  const { message, problem, status } =
    typeof refusal === "string"
      ? { message: refusal, problem: codeProblem("VALIDATION_FAILED"), status: undefined }
      : refusal;
  context.addIssue({ code: "custom", message, params: { problem, ...(status ? { status } : {}) } });
  return z.NEVER;
}

/**
 * One query parameter: `read` turns its one value into what the handler gets, or undefined to refuse it;
 * `documented` is its type as OpenAPI shows it (with its default, or optional).
 */
export function queryParameter<Documented extends z.ZodType>(
  documented: Documented,
  read: (text: string) => z.output<Documented> | undefined,
  refusal: ParameterRefusal,
  { repeated = refusal, emptyIsAValue = false }: ParameterReading = {},
) {
  // Typed as the transport gives it, so a client's query is text (`page: "2"`), as it goes in the address.
  return z.preprocess((value: string | string[] | undefined, context) => {
    if (value === undefined || (value === "" && !emptyIsAValue)) return undefined;
    if (typeof value !== "string") return refuse(context, repeated);
    const understood = read(value);
    return understood === undefined ? refuse(context, refusal) : understood;
  }, documented);
}

/** Reads a whole number from 1 to `max`, digits only ("+1", "1.0" and " 1" are not). */
export function wholeNumberUpTo(max: number): (text: string) => number | undefined {
  return (text) => {
    const number = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
    return number >= 1 && number <= max ? number : undefined;
  };
}

/** A whole number from 1 to `max` (digits only: "+1", "1.0" and " 1" are refused), or its default. */
export function wholeNumberParam(
  range: { max: number; fallback: number; description: string },
  refusal: ParameterRefusal,
  options?: RepeatRefusal,
) {
  return queryParameter(
    z.int().min(1).max(range.max).default(range.fallback).meta({ description: range.description }),
    wholeNumberUpTo(range.max),
    refusal,
    options,
  );
}

function chosen<const Choice extends string>(
  choices: readonly [Choice, ...Choice[]],
  lowerCase: boolean | undefined,
): (text: string) => Choice | undefined {
  return (text) => {
    const wanted = lowerCase ? text.trim().toLowerCase() : text;
    return choices.find((known) => known === wanted);
  };
}

/** One of `choices`, as written (or any case when `lowerCase`); undefined when absent. */
export function choiceParam<const Choice extends string>(
  choices: readonly [Choice, ...Choice[]],
  described: { description: string; lowerCase?: boolean },
  refusal: ParameterRefusal,
  options?: RepeatRefusal,
) {
  const documented = z.enum(choices).optional().meta({ description: described.description });
  return queryParameter(documented, chosen(choices, described.lowerCase), refusal, options);
}

/** One of `choices`, as written; `fallback` when absent. */
export function choiceParamOr<const Choice extends string>(
  choices: readonly [Choice, ...Choice[]],
  described: { description: string; fallback: NoInfer<Choice> },
  refusal: ParameterRefusal,
  options?: RepeatRefusal,
) {
  const documented = z
    .enum(choices)
    .default(described.fallback as never)
    .meta({ description: described.description });
  return queryParameter(documented, chosen(choices, false), refusal, options);
}

/** Text of at most `maxLength` characters as sent, trimmed; undefined when absent or empty. */
export function singleTextParam(
  described: { maxLength: number; description: string },
  refusal: ParameterRefusal,
  options?: RepeatRefusal,
) {
  return queryParameter(
    z.string().max(described.maxLength).optional().meta({ description: described.description }),
    (text) => (text.length > described.maxLength ? undefined : text.trim()),
    refusal,
    options,
  );
}

/** Yes or no, written 1 or true, 0 or false (spaces aside); absent or empty, no. */
export function yesNoParam(description: string, refusal: ParameterRefusal, options?: RepeatRefusal) {
  const answers: Record<string, boolean> = { "1": true, true: true, "0": false, false: false };
  return queryParameter(
    z.boolean().default(false).meta({ description }),
    (text) => answers[text.trim()],
    refusal,
    options,
  );
}

/** One value, trimmed, that the handler checks against the data (a state, an LGA); never repeated. */
export function singleValueParam(description: string, repeated: ParameterRefusal) {
  return queryParameter(z.string().optional().meta({ description }), (text) => text.trim(), repeated);
}

/** A calendar day written YYYY-MM-DD (2026-02-30 is not one), as sent; undefined when absent. */
export function calendarDayParam(description: string, refusal: ParameterRefusal, options?: RepeatRefusal) {
  return queryParameter(
    z.iso.date().optional().meta({ description }),
    (text) => (isCalendarDay(text) ? text : undefined),
    refusal,
    options,
  );
}

/**
 * A parameter that may be repeated for several values (`status=passed&status=pending`): each value read by
 * `read` (empty ones skipped), the list as given; undefined when there is none. One value it cannot read
 * refuses the whole parameter with its sentence.
 */
export function choiceListParam<const Choice extends string>(
  choices: readonly [Choice, ...Choice[]],
  description: string,
  read: (text: string) => Choice | undefined,
  refusal: ParameterRefusal,
) {
  const documented = z.array(z.enum(choices)).optional().meta({ description });
  return z.preprocess((value: string | string[] | undefined, context) => {
    const given = value === undefined ? [] : typeof value === "string" ? [value] : value;
    const understood: Choice[] = [];
    for (const text of given) {
      if (text.trim() === "") continue;
      const choice = read(text);
      if (choice === undefined) return refuse(context, refusal);
      understood.push(choice);
    }
    return understood.length > 0 ? understood : undefined;
  }, documented);
}

/** The sentences and sizes of a list's paging. */
export interface PagingRules {
  defaultSize: number;
  maxSize: number;
  pageProblem: ParameterRefusal;
  perPageProblem: ParameterRefusal;
}

/** ?page=&per_page= of a paged list: whole numbers, a repeated one refused with the same sentence. */
export function pagingQuery(rules: PagingRules) {
  return {
    page: wholeNumberParam(
      { max: Number.MAX_SAFE_INTEGER, fallback: 1, description: "Page number, 1 or more (default 1)." },
      rules.pageProblem,
    ),
    per_page: wholeNumberParam(
      {
        max: rules.maxSize,
        fallback: rules.defaultSize,
        description: `Items per page, 1 to ${rules.maxSize} (default ${rules.defaultSize}).`,
      },
      rules.perPageProblem,
    ),
  };
}
