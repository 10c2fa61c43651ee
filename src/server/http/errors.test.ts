import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { useContractCompilers } from "../openapi/route-schema";
import { registerErrorHandling } from "./errors";

// A contract schema that refuses a query or path parameter: the failure names it, in `field` and in its
// sentence. (The contract's own queries take any text and leave the checks to the handlers; this is the
// answer for a schema that does not.)

describe("a parameter a contract schema refuses", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    useContractCompilers(app);
    registerErrorHandling(app);
    app.get(
      "/items/:id",
      {
        schema: {
          params: z.object({ id: z.string().regex(/^\d+$/) }),
          querystring: z.object({ size: z.enum(["small", "large"]).optional() }),
        },
      },
      async () => ({ success: true }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ["/items/12?size=huge", "size"],
    ["/items/twelve", "id"],
  ])("GET %s is a 400 naming %s", async (url, field) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: "VALIDATION_FAILED",
      field,
      message: `The value of ${field} could not be understood. Please check what you sent.`,
      problem: { key: "request.fieldInvalid", params: { field } },
    });
  });

  it("answers what the schemas accept", async () => {
    expect((await app.inject({ method: "GET", url: "/items/12?size=small" })).json()).toEqual({
      success: true,
    });
  });
});
