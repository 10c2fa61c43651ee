import { serializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

// Every answer is serialised through its contract schema (route-schema.ts): only the keys the schema lists
// leave, and an answer that does not fit the schema is an error, never sent. zod does that by encoding the
// whole answer into a new value, then JSON.stringify writes it; for a list of 50 users that took about a
// seventh of the server's CPU per request. The contract's answers use a handful of plain schema kinds
// (objects, arrays, strings, numbers, whole numbers, booleans, literals, enums, null, optional and nullable
// values, unknown), so each answer schema is turned once into a function that checks and copies just what
// zod would keep, in zod's key order. Anything else in a schema (a union, a record, a string with a format,
// a number with bounds, an object with a catch-all or refinements, a default, a codec) is left to zod for
// that part. When the copy finds a value that does not fit, the whole answer goes to zod, which refuses it
// with its own error, as before; so the answer sent, or the error, is the one zod would have made.

/** What a part of an answer that does not fit its schema copies to. */
const MISFIT: unique symbol = Symbol("misfit");

/** The value zod would encode `input` to, or MISFIT. */
type Copy = (input: unknown) => unknown;

type Schema = z.core.$ZodType;

/**
 * The copy of one schema's values: plain kinds checked here, anything else encoded by zod. `compiling` holds
 * the schemas being compiled above this one: a schema that refers to itself (an object's getter returning its
 * own schema) is left to zod where it recurs, where compiling it again would never end.
 */
export function compileCopy(schema: Schema, compiling: Set<Schema> = new Set()): Copy {
  if (compiling.has(schema)) return byZod(schema);
  compiling.add(schema);
  try {
    return compileKnownKind(schema, compiling);
  } finally {
    compiling.delete(schema);
  }
}

function compileKnownKind(schema: Schema, compiling: Set<Schema>): Copy {
  const internals = schema._zod;
  const def = internals.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const hasChecks = Array.isArray(def.checks) && def.checks.length > 0;
  switch (def.type) {
    case "string":
      // A format (e-mail, UUID, a pattern) or a length bound: zod's to check.
      if (hasChecks || "format" in def) return byZod(schema);
      return (input) => (typeof input === "string" ? input : MISFIT);
    case "number":
      if (hasChecks) return byZod(schema);
      if (!("format" in def))
        return (input) => (typeof input === "number" && Number.isFinite(input) ? input : MISFIT);
      if (def.format === "safeint") return (input) => (Number.isSafeInteger(input) ? input : MISFIT);
      return byZod(schema);
    case "boolean":
      return (input) => (typeof input === "boolean" ? input : MISFIT);
    case "null":
      return (input) => (input === null ? null : MISFIT);
    case "unknown":
    case "any":
      return (input) => input;
    case "literal":
    case "enum": {
      const values = internals.values;
      if (!values || hasChecks) return byZod(schema);
      return (input) => (values.has(input as never) ? input : MISFIT);
    }
    case "nullable": {
      const inner = compileCopy(def.innerType as Schema, compiling);
      return (input) => (input === null ? null : inner(input));
    }
    case "optional": {
      const inner = compileCopy(def.innerType as Schema, compiling);
      return (input) => (input === undefined ? undefined : inner(input));
    }
    case "array": {
      if (hasChecks) return byZod(schema);
      const element = compileCopy(def.element as Schema, compiling);
      return (input) => {
        if (!Array.isArray(input)) return MISFIT;
        const copy = new Array<unknown>(input.length);
        for (let index = 0; index < input.length; index += 1) {
          const value = element(input[index]);
          if (value === MISFIT) return MISFIT;
          copy[index] = value;
        }
        return copy;
      };
    }
    case "object":
      return compileObject(schema, def, compiling) ?? byZod(schema);
    default:
      return byZod(schema);
  }
}

/** An object that strips unknown keys, as z.object does; null for any other kind of object. */
function compileObject(schema: Schema, def: Record<string, unknown>, compiling: Set<Schema>): Copy | null {
  if (def.catchall !== undefined || (Array.isArray(def.checks) && def.checks.length > 0)) return null;
  const shape = (schema as z.core.$ZodObject)._zod.def.shape;
  if (Object.getOwnPropertySymbols(shape).length > 0) return null;
  const fields: { key: string; optional: boolean; copy: Copy }[] = [];
  for (const key of Object.keys(shape)) {
    // zod never copies this key (it would replace the copy's prototype).
    if (key === "__proto__") continue;
    const field = shape[key]!;
    const { optin, optout } = field._zod;
    const optional = optin === "optional" && optout === "optional";
    // A default, or another kind of absence zod treats its own way.
    if (!optional && optin !== undefined) return null;
    fields.push({ key, optional, copy: compileCopy(field, compiling) });
  }
  return (input) => {
    if (typeof input !== "object" || input === null || Array.isArray(input)) return MISFIT;
    const record = input as Record<string, unknown>;
    const copy: Record<string, unknown> = {};
    for (let index = 0; index < fields.length; index += 1) {
      const field = fields[index]!;
      const given = record[field.key];
      // zod asks with `in` whether a key is there (one the value inherits counts).
      if (given === undefined && !(field.key in record)) {
        if (field.optional) continue;
        return MISFIT;
      }
      const value = field.copy(given);
      if (value === MISFIT) return MISFIT;
      copy[field.key] = value;
    }
    return copy;
  };
}

function byZod(schema: Schema): Copy {
  return (input) => {
    const result = z.safeEncode(schema, input as never);
    return result.success ? result.data : MISFIT;
  };
}

/**
 * Fastify's serializer compiler for the contract's answers: the copy above, then JSON.stringify; zod's
 * serializer (fastify-type-provider-zod) for a schema that is not a zod schema, and for an answer that
 * does not fit, so its refusal is the one it always was.
 */
export const answerSerializerCompiler: typeof serializerCompiler = (route) => {
  const byZodAlone = serializerCompiler(route);
  const schema = route.schema;
  if (!(schema instanceof z.core.$ZodType)) return byZodAlone;
  const copy = compileCopy(schema);
  return (data: unknown) => {
    const copied = copy(data);
    return copied === MISFIT ? byZodAlone(data) : JSON.stringify(copied);
  };
};
