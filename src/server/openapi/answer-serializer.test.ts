import { serializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { allEndpoints, publicUserSchema, usersAnswerSchema } from "../../domain/api";
import { answerSerializerCompiler } from "./answer-serializer";

// The answers' serializer must write exactly what zod's did (fastify-type-provider-zod: encode with the
// schema, then JSON.stringify) and refuse exactly what it refused, for every answer of the contract.

function serializers(schema: z.ZodType) {
  const route = { schema, method: "GET", url: "/api/v1/example", httpStatus: "200" };
  return { fast: answerSerializerCompiler(route), zod: serializerCompiler(route) };
}

type Outcome = { json: string } | { refused: string };

function outcome(serialize: (data: unknown) => string, data: unknown): Outcome {
  try {
    return { json: serialize(data) };
  } catch (error) {
    return { refused: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

function expectSameAsZod(schema: z.ZodType, data: unknown, compiled = serializers(schema)) {
  const expected = outcome(compiled.zod, data);
  expect(outcome(compiled.fast, data)).toEqual(expected);
  return expected;
}

const user = {
  id: 7,
  firstname: "Adaeze",
  lastname: "Okafor",
  email: "adaeze@example.net",
  role: "moderator",
  isVerified: true,
  language: "ha",
};

describe("the answers' serializer", () => {
  it("writes only the keys the schema lists, in the schema's order", () => {
    const { fast } = serializers(publicUserSchema);
    const { id, ...rest } = user;
    const row = { passwordHash: "$argon2id$…", ...rest, tokenHash: "secret", id };
    expect(fast(row)).toBe(JSON.stringify(user));
    expectSameAsZod(publicUserSchema, row);
  });

  it("writes a page of users as zod did", () => {
    const answer = {
      success: true,
      users: [user, { ...user, id: 8, role: "admin", searchText: "adaeze okafor" }],
      meta: { total: 2, page: 1, per_page: 50, last_page: 1, total_exact: true, extra: 1 },
    };
    const expected = expectSameAsZod(usersAnswerSchema, answer);
    expect(expected).toEqual({ json: expect.not.stringContaining("searchText") as unknown });
  });

  it("writes a schema that refers to itself as zod does, to any depth", () => {
    const place = z.object({
      name: z.string(),
      get within(): z.ZodOptional<typeof place> {
        return place.optional();
      },
    });
    const nested = { name: "Ikeja", secret: 1, within: { name: "Lagos", within: { name: "Nigeria", x: 2 } } };
    expect(expectSameAsZod(place, nested)).toEqual({
      json: JSON.stringify({ name: "Ikeja", within: { name: "Lagos", within: { name: "Nigeria" } } }),
    });
    expect(expectSameAsZod(place, { name: "Ikeja", within: { name: 3 } })).toHaveProperty("refused");
  });

  it("refuses what zod refused, with zod's error", () => {
    const misfits: [z.ZodType, unknown][] = [
      [publicUserSchema, { ...user, id: 1.5 }],
      [publicUserSchema, { ...user, id: 2 ** 53 }],
      [publicUserSchema, { ...user, role: "owner" }],
      [publicUserSchema, { ...user, isVerified: "yes" }],
      [publicUserSchema, { ...user, email: undefined }],
      [publicUserSchema, { id: 7 }],
      [publicUserSchema, null],
      [publicUserSchema, [user]],
      [z.object({ rate: z.number() }), { rate: Number.NaN }],
      [z.object({ rate: z.number() }), { rate: Number.POSITIVE_INFINITY }],
      [z.object({ done: z.literal(true) }), { done: false }],
      [z.object({ list: z.array(z.string()) }), { list: ["a", 1] }],
      [z.object({ list: z.array(z.string()) }), { list: "a" }],
      [z.object({ note: z.string().nullable() }), {}],
      [z.object({ anything: z.unknown() }), {}],
      [z.null(), undefined],
    ];
    for (const [schema, data] of misfits) {
      const expected = expectSameAsZod(schema, data);
      expect(expected, JSON.stringify(data)).toHaveProperty("refused");
    }
  });

  it("treats optional, nullable and unknown values as zod does", () => {
    const schema = z.object({
      note: z.string().optional(),
      reason: z.string().nullable(),
      both: z.string().optional().nullable(),
      anything: z.unknown(),
      list: z.array(z.string().optional()),
    });
    const cases = [
      { reason: null, anything: { nested: [1, "two"], extra: true }, list: [] },
      { note: undefined, reason: "r", both: null, anything: undefined, list: ["a", undefined] },
      { note: "n", reason: "r", both: "b", anything: 3, list: ["a"], dropped: "x" },
      Object.assign(Object.create({ reason: "inherited" }) as object, { anything: 1, list: [] }),
    ];
    for (const data of cases) expect(expectSameAsZod(schema, data)).toHaveProperty("json");
  });

  it("leaves to zod what it does not copy itself: unions, records, formats, bounds, strict objects", () => {
    const schema = z.object({
      either: z.union([z.string(), z.object({ count: z.int() })]),
      counts: z.record(z.string(), z.int()),
      email: z.email(),
      small: z.int().max(10),
      code: z.string().regex(/^[A-Z]{2}$/),
      strict: z.strictObject({ a: z.string() }),
      some: z.array(z.string()).min(1),
      fallback: z.string().default("none"),
    });
    const valid = {
      either: { count: 2, extra: 1 },
      counts: { a: 1 },
      email: "a@example.net",
      small: 3,
      code: "NG",
      strict: { a: "x" },
      some: ["x"],
      fallback: "given",
    };
    expect(expectSameAsZod(schema, valid)).toHaveProperty("json");
    const misfits = [
      { ...valid, either: 3 },
      { ...valid, counts: { a: 1.5 } },
      { ...valid, email: "nobody" },
      { ...valid, small: 11 },
      { ...valid, code: "ng" },
      { ...valid, strict: { a: "x", b: "y" } },
      { ...valid, some: [] },
    ];
    for (const data of misfits) expect(expectSameAsZod(schema, data)).toHaveProperty("refused");
  });

  it("serialises a schema that is not zod's as zod's serializer does (refused)", () => {
    const route = { schema: { type: "object" }, method: "GET", url: "/x", httpStatus: "200" };
    const fast = () => answerSerializerCompiler(route as never);
    const zod = () => serializerCompiler(route as never);
    expect(fast).toThrow();
    expect(zod).toThrow();
  });

  it("writes and refuses as zod did for every answer of the contract, on generated values", () => {
    const random = seededRandom(20261130);
    const schemas = allEndpoints.flatMap((endpoint) =>
      Object.values(endpoint.response).flatMap((answer) =>
        answer instanceof z.ZodType ? [answer] : Object.values(answer.content).map((c) => c.schema),
      ),
    );
    expect(schemas.length).toBeGreaterThan(100);
    let written = 0;
    let refused = 0;
    for (const schema of schemas) {
      const compiled = serializers(schema);
      for (let round = 0; round < 12; round += 1) {
        const value = sampleOf(schema, random, round % 3 === 0 ? 0.15 : 0);
        const expected = expectSameAsZod(schema, value, compiled);
        if ("json" in expected) written += 1;
        else refused += 1;
      }
    }
    // Both kinds of outcome were met many times, so the comparison covered both.
    expect(written).toBeGreaterThan(schemas.length * 5);
    expect(refused).toBeGreaterThan(schemas.length / 2);
  });
});

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const stringsOfFormat: Record<string, string[]> = {
  email: ["a@example.net", "ngozi.eze@example.org"],
  datetime: ["2026-11-30T12:00:00.000Z", "2026-01-02T03:04:05Z"],
  date: ["2026-11-30"],
  uuid: ["0b8e6f3c-2c1a-4c5e-9a7b-3d2f1e0c9b8a"],
  url: ["https://example.net/a?b=c"],
};

const misfitValues = [undefined, null, 1.5, Number.NaN, "text", true, [], {}, 2 ** 60, -3];

/**
 * A value for `schema`, mostly fitting it; with probability `misfit` at each part, something else (a wrong
 * type, a missing key, a number out of range), so refusals are compared too. Objects get extra keys.
 */
function sampleOf(schema: z.core.$ZodType, random: () => number, misfit: number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  if (random() < misfit) return pick(misfitValues);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (part: unknown) => sampleOf(part as z.core.$ZodType, random, misfit);
  switch (def.type) {
    case "string":
      return pick(stringsOfFormat[String(def.format)] ?? ["", "Adaeze", "NG", "ọ̀rọ̀ \u{1F600}", "a\u0000b"]);
    case "number":
      return def.format === "safeint" ? pick([0, 1, 42, 7, -0, 1e6]) : pick([0, 42, -0, 1.25, 1e6]);
    case "boolean":
      return random() < 0.5;
    case "null":
      return null;
    case "literal":
    case "enum":
      return pick([...schema._zod.values!]);
    case "nullable":
      return random() < 0.3 ? null : inner(def.innerType);
    case "optional":
      return random() < 0.3 ? undefined : inner(def.innerType);
    case "default":
      return random() < 0.3 ? undefined : inner(def.innerType);
    case "array":
      return Array.from({ length: Math.floor(random() * 3) }, () => inner(def.element));
    case "union": {
      // Mostly the first option: a later one may be a pattern no generated string follows.
      const options = def.options as unknown[];
      return inner(random() < 0.7 ? options[0] : pick(options));
    }
    case "record":
      return { a: inner(def.valueType), b: inner(def.valueType) };
    case "object": {
      const shape = (schema as z.core.$ZodObject)._zod.def.shape;
      const value: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const optional = field._zod.optin === "optional";
        if (optional && random() < 0.3) continue;
        if (!optional && random() < misfit) continue;
        value[key] = inner(field);
      }
      if (random() < 0.5) value.secretExtra = "must not leave";
      return value;
    }
    default:
      return pick(["anything", 3, { nested: true }, null]);
  }
}
