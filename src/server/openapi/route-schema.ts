import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteGenericInterface,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { requestRefusal } from "../http/request-body";
import { answerSerializerCompiler } from "./answer-serializer";
import type { Endpoint } from "../../domain/api/shared";

// How the contract (src/domain/api) reaches the routes: each route declares `schema: routeSchema(…)`,
// and Fastify validates and coerces its params, query, headers and body with those zod schemas before
// the handler runs, and serialises every answer with them. A response schema lists every key an answer
// may have; the serialiser drops anything else, so a password hash or a reporter's e-mail can never leave
// by accident.
//
// The order of the checks is part of the contract: a request without a session is a 401 whatever its
// body holds, and every attempt counts against a rate limit, valid or not. So a route's session check and
// its per-address limits run as `preValidation` hooks (before the body is validated); what needs a valid
// body (a per-account limit) runs in the handler.

/** The security scheme of signed-in endpoints in the OpenAPI document. */
export const BEARER_SCHEME = "bearerAuth";

/** How a route's body reaches its handler: validated by its schema, or read by the handler itself. */
export type BodyReading = "validated" | "read by the handler";

/**
 * A route's schema as its handler sees it: each part keeps the zod type of the contract, so that with the
 * zod type provider (typedRoutes) `request.params`, `request.query`, `request.body` and what the handler
 * answers are typed from src/domain/api, and a field added to a schema fails the type check where a
 * handler must change. A body the handler reads itself stays `unknown` to it.
 */
export type RouteSchema<E extends Endpoint, Body extends BodyReading = "validated"> = FastifySchema & {
  params: E["params"];
  querystring: E["querystring"];
  headers: E["headers"];
  body: Body extends "validated" ? E["body"] : undefined;
  response: E["response"];
};

/** Body schemas that only document a body: the route's handler reads and checks it itself. */
const documentedBodies = new WeakSet<object>();

/**
 * The Fastify schema of a route: its parts, its answers, and what the OpenAPI document says of it. A
 * multipart body is read as a stream by its handler, field by field; its schema only documents it. A
 * route whose handler words its own refusal of a body (the data desk lists every problem in the editor's
 * language) says "read by the handler".
 */
export function routeSchema<const E extends Endpoint, Body extends BodyReading = "validated">(
  endpoint: E,
  body?: Body,
): RouteSchema<E, Body> {
  if (endpoint.multipart) documentedBodies.add(endpoint.multipart);
  if (endpoint.body && body === "read by the handler") documentedBodies.add(endpoint.body);
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
  } as RouteSchema<E, Body>;
}

/** A group of routes whose handlers are typed from their route schemas (see RouteSchema). */
export function typedRoutes(scope: FastifyInstance) {
  return scope.withTypeProvider<ZodTypeProvider>();
}

/** A group of routes typed from the contract, as typedRoutes returns it. */
export type ContractScope = ReturnType<typeof typedRoutes>;

/** The request of an endpoint's route, its parts typed from the contract. */
export type ContractRequest<E extends Endpoint, Body extends BodyReading = "validated"> = FastifyRequest<
  RouteGenericInterface,
  ContractScope["server"],
  FastifyRequest["raw"],
  RouteSchema<E, Body>,
  ZodTypeProvider
>;

/** The reply of an endpoint's route, its answers typed from the contract. */
export type ContractReply<E extends Endpoint, Body extends BodyReading = "validated"> = FastifyReply<
  RouteGenericInterface,
  ContractScope["server"],
  FastifyRequest["raw"],
  FastifyReply["raw"],
  unknown,
  RouteSchema<E, Body>,
  ZodTypeProvider
>;

/** Every part of a request is validated, every answer serialised, with the zod schemas of the contract. */
export function useContractCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler<z.ZodType>(({ schema, httpPart }) => {
    if (httpPart === "body" && documentedBodies.has(schema)) return (data: unknown) => ({ value: data });
    return (data: unknown) => {
      const result = schema.safeParse(data);
      // Returned as it is, the refusal reaches the error handler with its sentence, field and problem.
      return result.success
        ? { value: result.data }
        : { error: requestRefusal(result.error, httpPart ?? "") };
    };
  });
  app.setSerializerCompiler(answerSerializerCompiler);
}
