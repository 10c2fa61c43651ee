import { z } from "zod";
import { userRoles } from "../accounts/user";
import { errorCodes } from "./error-codes";
import {
  type CodeProblemKey,
  deskProblemKeyPattern,
  type Problem,
  problemKeys,
  type SpecificProblemKey,
} from "./problems";

// The web app's Content-Security-Policy forbids eval; zod's optional speed-up probes for it with
// `new Function` when an object schema is made, which the browser reports as a violation. The web client
// imports this module first, so it says so here too (as accounts/schemas.ts does).
z.config({ jitless: true });

// The pieces every area of the API contract shares (docs/api.md): the failure shape and its closed list of
// codes, the public user, page meta, and how an endpoint is described. Pure data: the server validates and
// serialises with these schemas, the OpenAPI document is generated from them, the web client reads them.

export { errorCodes };
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The code a failure has when nothing more specific is known: one per HTTP status. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return "VALIDATION_FAILED";
    case 401:
      return "UNAUTHENTICATED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 405:
      return "METHOD_NOT_ALLOWED";
    case 408:
      return "TIMEOUT";
    case 409:
      return "CONFLICT";
    case 413:
      return "TOO_LARGE";
    case 415:
      return "UNSUPPORTED_MEDIA_TYPE";
    case 422:
      return "UNPROCESSABLE";
    case 429:
      return "RATE_LIMITED";
    case 503:
      return "UNAVAILABLE";
    case 507:
      return "STORAGE_FULL";
    default:
      return status >= 500 ? "INTERNAL" : "VALIDATION_FAILED";
  }
}

type ErrorsProblemKey = SpecificProblemKey | CodeProblemKey;

/** The values of a problem's sentence, by placeholder (`{minutes}`, `{max}`, the missing rules). */
export const problemParamsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.array(z.string())]),
);

/** What went wrong as a key and its values, which a client says in its own language. */
export const problemSchema = z
  .object({
    key: z
      .union([
        z.enum(problemKeys as readonly [ErrorsProblemKey, ...ErrorsProblemKey[]]),
        z.string().regex(deskProblemKeyPattern),
      ])
      .meta({
        description:
          "One of a closed list (src/domain/api/problems.ts): the web app shows the message `errors.<key>` of the page's language; a data desk refusal's key is the id of its sentence in the desk's catalogue (`datadesk.message.conflict`).",
      }),
    params: problemParamsSchema.meta({
      description: "The values the key's sentence needs (minutes, a field, missing rules…).",
    }),
  })
  .meta({ id: "Problem" });

/**
 * Every failure: a sentence in English a person can act on, its code, its problem (the same, as a key a
 * client translates), and for VALIDATION_FAILED the field it is about.
 */
export const failureSchema = z
  .object({
    success: z.literal(false),
    message: z.string().meta({ description: "A sentence in English, for clients without translations." }),
    code: errorCodeSchema,
    problem: problemSchema,
    field: z.string().optional().meta({
      description:
        "With VALIDATION_FAILED: the body field, query parameter or path parameter to fix; absent only when the body as a whole could not be read.",
    }),
  })
  .meta({ id: "Failure" });
/** A failure as the server builds it, its problem typed per key. */
export type Failure = Omit<z.infer<typeof failureSchema>, "problem"> & { problem: Problem };

/** An answer that only says what happened. */
export const messageAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

export const userRoleSchema = z.enum(userRoles);

/** `user` is always these six fields: never a password hash or a token hash (docs/api.md). */
export const publicUserSchema = z
  .object({
    id: z.int(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    role: userRoleSchema,
    isVerified: z.boolean(),
    language: z
      .string()
      .meta({ description: "The language of the account's e-mails: en, ha, yo, ig or pcm." }),
  })
  .meta({ id: "User" });

/** Where a page of a list sits in the whole list. */
export const pageMetaSchema = z
  .object({ total: z.int(), page: z.int(), per_page: z.int(), last_page: z.int() })
  .meta({ id: "PageMeta" });
export type PageMetaAnswer = z.infer<typeof pageMetaSchema>;

/** A UUID-like identifier in a path; an unknown or malformed one is a 404 (or 400) with a sentence. */
export const idParams = z.object({ id: z.string().meta({ description: "The item's id (a UUID)." }) });

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/** Who may call an endpoint, as documented; the server's guards enforce it. */
export type Access = "anyone" | "signed-in" | string;

/** One endpoint of the contract: where it is, who may call it, and the schema of each part. */
export interface Endpoint {
  method: HttpMethod;
  /** The full path, Fastify style (`/api/v1/eyewitness/:id/review`). */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** Request headers the endpoint reads (besides Authorization), documented and validated. */
  headers?: z.ZodType;
  body?: z.ZodType;
  /** Documented only: a multipart body is read as a stream and checked field by field by the server. */
  multipart?: z.ZodType;
  response: Record<number, z.ZodType | ContentResponse>;
}

/** A response that comes in several media types (open data's formats, media files). */
export interface ContentResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** Checked at compile time, kept as declared (so each schema's own type is what a client infers). */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

/** The failure statuses an endpoint answers with, each the shared failure shape. */
export const failures = <const Statuses extends readonly number[]>(...statuses: Statuses) =>
  Object.fromEntries(statuses.map((status) => [status, failureSchema])) as {
    [Status in Statuses[number]]: typeof failureSchema;
  };

/** The success answer of an endpoint, typed (what a client gets back for status S). */
export type Answer<E extends Endpoint, S extends keyof E["response"]> = E["response"][S] extends z.ZodType
  ? z.output<E["response"][S]>
  : never;
