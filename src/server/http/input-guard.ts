import type { FastifyInstance } from "fastify";
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

/** The path of the first string in `value` that holds a forbidden character, or null. */
export function findForbiddenCharacter(value: unknown, path: string): string | null {
  if (typeof value === "string") return hasForbiddenCharacter(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findForbiddenCharacter(item, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const name = path === "" ? key : `${path}.${key}`;
      if (hasForbiddenCharacter(key)) return name;
      const found = findForbiddenCharacter(item, name);
      if (found) return found;
    }
  }
  return null;
}

function refusal(value: unknown): HttpError | null {
  const field = findForbiddenCharacter(value, "");
  return field === null
    ? null
    : new HttpError(400, invalidCharacterMessage(field || "request"), field ? { field } : {});
}

/** Installs the check on every route: query and params before the handler, bodies once parsed. */
export function refuseForbiddenCharacters(app: FastifyInstance): void {
  // A callback hook, not an async one: every request passes here, and a promise each is measurable.
  app.addHook("preValidation", (request, _reply, done) => {
    done(refusal(request.params) ?? refusal(request.query) ?? refusal(request.body) ?? undefined);
  });
}
