import type { FastifyInstance, FastifySchema } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { $ZodType } from "zod/v4/core";
import type { Endpoint } from "../../domain/api/shared";

// How the contract (src/domain/api) reaches the routes: each route declares `schema: routeSchema(…)`,
// and the app validates params and queries and serialises every answer with those zod schemas. A
// response schema lists every key an answer may have; the serialiser drops anything else, so a password
// hash or a reporter's e-mail can never leave by accident.
//
// Bodies are declared (they type the clients and the OpenAPI document) but parsed by the handler, with
// the very same schema (parseBody): the order of the checks is part of the contract. A request without
// a session is a 401 whatever its body holds, and every attempt counts against a rate limit, valid or
// not, so neither may wait for a body to be valid.

/** The security scheme of signed-in endpoints in the OpenAPI document. */
export const BEARER_SCHEME = "bearerAuth";

/** The Fastify schema of a route: its parts, its answers, and what the OpenAPI document says of it. */
export function routeSchema(endpoint: Endpoint): FastifySchema {
  return {
    summary: endpoint.summary,
    description: `Who may call it: ${endpoint.access}.`,
    tags: [endpoint.tag],
    ...(endpoint.access === "anyone" ? {} : { security: [{ [BEARER_SCHEME]: [] }] }),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.multipart ? { body: endpoint.multipart, consumes: ["multipart/form-data"] } : {}),
    response: endpoint.response,
  };
}

/** Params and queries are validated, answers serialised, with the zod schemas of the contract. */
export function useContractCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler<$ZodType>((route) => {
    // See above: the handler parses the body, after the session and rate-limit checks.
    if (route.httpPart === "body") return (data: unknown) => ({ value: data });
    return validatorCompiler(route);
  });
  app.setSerializerCompiler(serializerCompiler);
}
