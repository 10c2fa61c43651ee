import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteGenericInterface,
} from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
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

/**
 * A route's schema as its handler sees it: params, query, headers and answers keep the zod types of the
 * contract, so that with the zod type provider (typedRoutes) the handler's `request.params` and
 * `request.query` and what it answers are typed from src/domain/api, and a field added to a schema fails
 * the type check where a handler must change. The body stays `unknown` to the handler: it is not
 * validated before the handler runs (above), which reads it through parseBody.
 */
export type RouteSchema<E extends Endpoint> = FastifySchema & {
  params: E["params"];
  querystring: E["querystring"];
  headers: E["headers"];
  body: undefined;
  response: E["response"];
};

/** The Fastify schema of a route: its parts, its answers, and what the OpenAPI document says of it. */
export function routeSchema<const E extends Endpoint>(endpoint: E): RouteSchema<E> {
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
  } as RouteSchema<E>;
}

/** A group of routes whose handlers are typed from their route schemas (see RouteSchema). */
export function typedRoutes(scope: FastifyInstance) {
  return scope.withTypeProvider<ZodTypeProvider>();
}

/** A group of routes typed from the contract, as typedRoutes returns it. */
export type ContractScope = ReturnType<typeof typedRoutes>;

/** The request of an endpoint's route, its parts typed from the contract. */
export type ContractRequest<E extends Endpoint> = FastifyRequest<
  RouteGenericInterface,
  ContractScope["server"],
  FastifyRequest["raw"],
  RouteSchema<E>,
  ZodTypeProvider
>;

/** The reply of an endpoint's route, its answers typed from the contract. */
export type ContractReply<E extends Endpoint> = FastifyReply<
  RouteGenericInterface,
  ContractScope["server"],
  FastifyRequest["raw"],
  FastifyReply["raw"],
  unknown,
  RouteSchema<E>,
  ZodTypeProvider
>;

/** Params and queries are validated, answers serialised, with the zod schemas of the contract. */
export function useContractCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler<$ZodType>((route) => {
    // See above: the handler parses the body, after the session and rate-limit checks.
    if (route.httpPart === "body") return (data: unknown) => ({ value: data });
    return validatorCompiler(route);
  });
  app.setSerializerCompiler(serializerCompiler);
}
