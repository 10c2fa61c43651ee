import { describe, expect, it } from "vitest";
import { z } from "zod";
import { allEndpoints, failureSchema, publicUserSchema } from "./index";

describe("the API contract", () => {
  it("turns every part of every endpoint into JSON Schema (what the OpenAPI document is made of)", () => {
    for (const endpoint of allEndpoints) {
      for (const part of [endpoint.params, endpoint.querystring, endpoint.body, endpoint.multipart]) {
        if (part) expect(z.toJSONSchema(part, { io: "input" })).toBeTypeOf("object");
      }
      for (const answer of Object.values(endpoint.response)) {
        const schemas =
          answer instanceof z.ZodType ? [answer] : Object.values(answer.content).map((c) => c.schema);
        for (const schema of schemas) expect(z.toJSONSchema(schema, { io: "output" })).toBeTypeOf("object");
      }
    }
  });

  it("names each endpoint once", () => {
    const keys = allEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("drops anything a user row carries beyond its seven public fields", () => {
    const row = {
      id: 1,
      firstname: "Ada",
      lastname: "Obi",
      email: "ada@example.com",
      role: "user",
      isVerified: true,
      language: "ha",
      passwordHash: "$argon2id$…",
    };
    expect(publicUserSchema.parse(row)).not.toHaveProperty("passwordHash");
  });

  it("accepts only the closed list of failure codes, and of problem keys", () => {
    const failure = {
      success: false,
      message: "No.",
      code: "NOT_FOUND",
      problem: { key: "code.NOT_FOUND", params: {} },
    };
    expect(failureSchema.safeParse(failure).success).toBe(true);
    expect(failureSchema.safeParse({ ...failure, code: "SOMETHING_ELSE" }).success).toBe(false);
    const unknownKey = { ...failure, problem: { key: "something.else", params: {} } };
    expect(failureSchema.safeParse(unknownKey).success).toBe(false);
    const { problem: _problem, ...withoutProblem } = failure;
    expect(failureSchema.safeParse(withoutProblem).success).toBe(false);
  });
});
