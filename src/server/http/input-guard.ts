import type { FastifyInstance } from "fastify";
import { problem } from "../../domain/api/problems";
import { HttpError } from "./errors";

// PostgreSQL cannot store a NUL character in text, and jsonb refuses an unpaired UTF-16 surrogate; nobody
// types either. Rather than each route remembering, one hook looks at every string of every request's
// query, route parameters and parsed body (JSON, and multipart text fields as they are read) and answers
// 400 naming the field. Raw request bytes with such characters never reach the database.

const NUL = "\u0000";
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function invalidCharacterMessage(field: string): string {
  return `The field "${field}" contains a character that is not allowed (a NUL character or broken text). Please remove it and try again.`;
}

/** True when the text holds a NUL or an unpaired surrogate. */
export function hasForbiddenCharacter(text: string): boolean {
  return text.includes(NUL) || UNPAIRED_SURROGATE.test(text);
}

/** How deep a request's JSON may nest: the API's bodies are flat, and a walk must never exhaust the stack. */
export const MAX_NESTING = 64;

/** What `findForbiddenCharacter` answers for a value nested deeper than MAX_NESTING. */
export const TOO_DEEP = Symbol("nested too deeply");

/**
 * The path of the first string (or key) in `value` that holds a forbidden character, TOO_DEEP for a value
 * nested deeper than MAX_NESTING, or null. Walked with a stack of its own, in document order, so a body of
 * a hundred thousand nested arrays is a 400, not a stack overflow.
 */
export function findForbiddenCharacter(value: unknown, path: string): string | typeof TOO_DEEP | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === "string") {
      if (hasForbiddenCharacter(next.value)) return next.path;
      continue;
    }
    if (!next.value || typeof next.value !== "object") continue;
    if (next.depth >= MAX_NESTING) return TOO_DEEP;
    const children: { value: unknown; path: string; depth: number }[] = [];
    const depth = next.depth + 1;
    if (Array.isArray(next.value)) {
      for (const [index, item] of next.value.entries())
        children.push({ value: item, path: `${next.path}[${index}]`, depth });
    } else {
      for (const [key, item] of Object.entries(next.value)) {
        const name = next.path === "" ? key : `${next.path}.${key}`;
        // The key is looked at before its value, as a string of its own.
        children.push({ value: key, path: name, depth }, { value: item, path: name, depth });
      }
    }
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]!);
  }
  return null;
}

export const tooDeepMessage =
  "The request is nested too deeply to be read. Please send the fields as the API describes them.";

function refusal(value: unknown): HttpError | null {
  const field = findForbiddenCharacter(value, "");
  if (field === null) return null;
  if (field === TOO_DEEP) return new HttpError(400, tooDeepMessage);
  const message = invalidCharacterMessage(field || "request");
  return new HttpError(
    400,
    message,
    field ? { field, problem: problem("request.fieldInvalid", { field }) } : {},
  );
}

/** Installs the check on every route: query and params before the handler, bodies once parsed. */
export function refuseForbiddenCharacters(app: FastifyInstance): void {
  // A callback hook, not an async one: every request passes here, and a promise each is measurable.
  app.addHook("preValidation", (request, _reply, done) => {
    done(refusal(request.params) ?? refusal(request.query) ?? refusal(request.body) ?? undefined);
  });
}
