import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { OpenAPIV3_1 } from "openapi-types";
import { api } from "../../domain/api";
import { BEARER_SCHEME, routeSchema } from "./route-schema";
import { docsPage } from "./docs-page";

// GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the same zod schemas the routes
// validate and serialise with; GET /api/docs: a page made from it. Both are made on their first request
// (every route is registered by then) and kept.

/** Paths the document describes: the API and the media files. Everything else is the web app's. */
export function isDocumentedPath(url: string): boolean {
  if (url === "/api/*" || url === "/api/v1/*") return false; // the catch-alls that answer 404
  return url.startsWith("/api/") || url.startsWith("/media/") || url.startsWith("/documents/");
}

export function withoutTrailingSlash(url: string): string {
  return url.length > 1 ? url.replace(/\/$/, "") : url;
}

const tagDescriptions: Record<string, string> = {
  Accounts: "Registration, signing in and out, e-mail verification, passwords and one's profile.",
  Reports: "Sending an eyewitness report, and one's own reports.",
  "Review and publication": "Moderators' review of reports, and the published reports anyone can read.",
  Roles: "Users, their roles, and the audit log (administrators; moderators list users).",
  Corrections: "Suggested corrections of states' and schools' records, and their review.",
  "Open data": "Every dataset in open formats, under CC BY 4.0.",
  Health: "Whether the service can answer.",
  Media: "Photos and videos of reports, for those allowed to see them.",
  Documents: "PDFs editors upload (laws, the national policy, the SDIR report), and their public addresses.",
  Reference: "This reference.",
};

/** Must be registered before any route, so that it sees every one of them. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Inclusion Atlas API",
        version: "1",
        description:
          "Disability inclusion data for Nigeria, state by state, and eyewitness reports. Every answer " +
          "has `success`; a failure also has `message` (a sentence to show as it is) and `code` (to " +
          "branch on), and for `VALIDATION_FAILED` the `field`: the body field, query parameter or part " +
          "of the path to fix (absent only when the body as a whole could not be read).",
      },
      servers: [{ url: publicUrl }],
      tags: Object.entries(tagDescriptions).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: "http",
            scheme: "bearer",
            description: "The token that signing in (or verifying an e-mail address) answers with.",
          },
        },
      },
    },
    transform: (document) => {
      if (!isDocumentedPath(document.url))
        return { schema: { ...document.schema, hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      // A prefixed plugin's "/" route answers with and without the slash: documented without, as called.
      return { ...transformed, url: withoutTrailingSlash(transformed.url) };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/** The two routes that publish the document (full paths: registered on the root, before the catch-alls). */
export function openApiRoutes(app: FastifyInstance): void {
  let json: string | undefined;
  let page: { html: string; policy: string } | undefined;
  const documentText = () => (json ??= JSON.stringify(app.swagger()));

  app.get("/api/v1/openapi.json", { schema: routeSchema(api.reference.openApi) }, async (_request, reply) =>
    reply
      .header("content-type", "application/json; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(documentText()),
  );

  app.get("/api/docs", { schema: routeSchema(api.reference.docs) }, async (_request, reply) => {
    page ??= docsPage(JSON.parse(documentText()) as OpenAPIV3_1.Document);
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .header("content-security-policy", page.policy)
      .send(page.html);
  });
}
