import { z } from "zod";
import { endpoint } from "./shared";

// The contract, published: the OpenAPI 3.1 document generated from these schemas, and a page that reads it.

const tag = "Reference";

export const referenceApi = {
  openApi: endpoint({
    method: "GET",
    path: "/api/v1/openapi.json",
    tag,
    summary: "This API as an OpenAPI 3.1 document.",
    access: "anyone",
    response: {
      200: z
        .record(z.string(), z.unknown())
        .meta({ description: "The OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)." }),
    },
  }),
  docs: endpoint({
    method: "GET",
    path: "/api/docs",
    tag,
    summary: "This API's reference as a page (made from the OpenAPI document).",
    access: "anyone",
    response: {
      200: { description: "The reference page.", content: { "text/html": { schema: z.string() } } },
    },
  }),
} as const;
