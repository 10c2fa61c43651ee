import type { z } from "zod";
import type { api } from "../../domain/api";
import { isErrorCode } from "../../domain/api/error-codes";
import { isProblemKey, type Problem } from "../../domain/api/problems";
import type { Endpoint, ErrorCode } from "../../domain/api/shared";
import { session } from "./session";
import { sayUnauthorized } from "./unauthorized-notice";

/** What a 401 that signs the person out says in English (errors.unauthorized in en). */
export const UNAUTHORIZED_MESSAGE = "Unauthorized! Logging Out...";

// One client for the JSON API, typed by the contract (src/domain/api), with one error path: every failure
// becomes an ApiError carrying the status, the server's `code` and `field` when it sent them, and a message
// a person can read (the server's own sentence when it sent one); a 401 on a signed-in request ends the
// local session once, here, with the notice the app registered (lib/unauthorized-notice.ts).
//
// The contract is imported for its types only: its zod schemas reach the browser only in development and
// tests, where every answer is checked against them (a drift between server and client fails there).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** The server's machine-readable reason; undefined when it sent none (or no answer came). */
  get code(): ErrorCode | undefined {
    const code = field(this.body, "code");
    // Not one of the API's codes (a proxy's answer, say): nothing to branch on.
    return isErrorCode(code) ? code : undefined;
  }

  /** With VALIDATION_FAILED: the field the failure is about, when the server named one. */
  get field(): string | undefined {
    return field(this.body, "field");
  }

  /** What went wrong as a key and its values (the web app says it from the key); undefined without one. */
  get problem(): Problem | undefined {
    const given = (this.body as { problem?: { key?: unknown; params?: unknown } } | undefined)?.problem;
    if (!given || !isProblemKey(given.key)) return undefined;
    const params = given.params && typeof given.params === "object" ? given.params : {};
    return { key: given.key, params } as Problem;
  }
}

// The English sentences below are each failure's ApiError.message (its English fallback, for code that
// has no catalogue). A person reads a failure through failureText (src/web/i18n/failure-text.ts), which
// says the server's problem key in the page's language (errors.<key>), else the catalogue's sentence for its
// code or status (errors.status.0: no answer came), with these same English words in en/errors.json.

const NETWORK_MESSAGE = "Network error: please check your connection and try again.";

const statusMessages: Record<number, string> = {
  400: "The request could not be understood. Please check what you entered.",
  401: "Please sign in to continue.",
  403: "You do not have permission to do that.",
  404: "Not found.",
  409: "Someone else changed this at the same time. Please reload and try again.",
  413: "What you sent is too large.",
  415: "That type of file is not accepted.",
  429: "Too many attempts. Please wait a little and try again.",
};

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

// ----- The typed client -----

type Api = typeof api;
type Area = keyof Api;
/** "area.name" of every endpoint of the contract, e.g. "reviews.list". */
export type ContractKey = { [A in Area]: `${A}.${Extract<keyof Api[A], string>}` }[Area];
type EndpointOf<K extends ContractKey> = K extends `${infer A extends Area}.${infer N}`
  ? N extends keyof Api[A]
    ? Api[A][N]
    : never
  : never;

/** One endpoint as the client calls it: its key in the contract, its method and its path. */
export interface ApiRoute<K extends ContractKey = ContractKey> {
  key: K;
  method: Method;
  path: string;
}

/**
 * Names an endpoint of the contract for `request`. The compiler checks the method and the path against the
 * contract, so a caller cannot drift from it; they are written out so that the browser never loads the
 * schemas, and each page carries only the endpoints it calls.
 */
export function apiRoute<K extends ContractKey>(
  key: K,
  method: EndpointOf<K>["method"] & Method,
  path: EndpointOf<K>["path"],
): ApiRoute<K> {
  return { key, method, path };
}

type Part<E, P extends "params" | "querystring" | "body"> =
  E extends Record<P, z.ZodType> ? z.input<E[P]> : undefined;
type SuccessStatus = 200 | 201 | 202;

/** What a successful call of endpoint K resolves with, as the contract says. */
export type ApiAnswer<K extends ContractKey> = {
  [S in keyof EndpointOf<K>["response"]]: S extends SuccessStatus
    ? EndpointOf<K>["response"][S] extends z.ZodType
      ? z.output<EndpointOf<K>["response"][S]>
      : never
    : never;
}[keyof EndpointOf<K>["response"]];

/** The parts of a call; each is typed by the endpoint's schema and required when the endpoint has one. */
export type ApiInput<K extends ContractKey> = {
  signal?: AbortSignal;
  anonymous?: boolean;
} & OptionalWhenUndefined<"params", Part<EndpointOf<K>, "params">> &
  // Every query parameter is optional: the query may be left out.
  { query?: Part<EndpointOf<K>, "querystring"> } & OptionalWhenUndefined<"body", Part<EndpointOf<K>, "body">>;

type OptionalWhenUndefined<Name extends string, T> = [T] extends [undefined]
  ? { [P in Name]?: undefined }
  : { [P in Name]: T };

/**
 * Calls one endpoint of the contract: path parameters filled in, the query in the order given (empty
 * values left out), the body as JSON. Resolves with the answer, checked against the contract in
 * development and tests; rejects with an ApiError.
 */
export async function request<K extends ContractKey>(
  route: ApiRoute<K>,
  input: ApiInput<K>,
): Promise<ApiAnswer<K>> {
  const { key, method, path } = route;
  const { params, query, body, signal, anonymous } = input as {
    params?: Record<string, string>;
    query?: Record<string, string | string[] | undefined>;
    body?: unknown;
    signal?: AbortSignal;
    anonymous?: boolean;
  };
  const url = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ""));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const one of typeof value === "string" ? [value] : (value ?? [])) {
      if (one !== "") search.append(name, one);
    }
  }
  const text = search.toString();
  const { headers, signedIn } = callHeaders(anonymous);
  let sent: BodyInit | undefined;
  if (body instanceof FormData) sent = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    sent = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(text ? `${url}?${text}` : url, { method, headers, body: sent, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw noAnswer();
  }
  return readAnswer(key, response.status, await response.text(), signedIn);
}

// ----- What an answer becomes (for both transports: fetch above, XMLHttpRequest in upload.ts) -----

/** The headers of every call: JSON accepted, and the signed-in user's token unless `anonymous`. */
export function callHeaders(anonymous = false): { headers: Record<string, string>; signedIn: boolean } {
  const user = anonymous ? null : session.current();
  const headers: Record<string, string> = { accept: "application/json" };
  if (user) headers.authorization = `Bearer ${user.token}`;
  return { headers, signedIn: user !== null };
}

/** The failure of a call that got no answer (offline, connection dropped). */
export function noAnswer(): ApiError {
  return new ApiError(0, NETWORK_MESSAGE);
}

/**
 * An answer of endpoint `key`, as received: on success its JSON, checked against the contract in
 * development and tests; otherwise the ApiError, and a 401 on a signed-in call ends the session here.
 */
export async function readAnswer<K extends ContractKey>(
  key: K,
  status: number,
  text: string,
  signedIn: boolean,
): Promise<ApiAnswer<K>> {
  const payload = parseJson(text);
  if (status >= 200 && status < 300) {
    // Vite and Vitest set DEV; the production build drops this branch and the schemas with it.
    if (import.meta.env.DEV) await checkAnswer(key, status, payload);
    return payload as ApiAnswer<K>;
  }
  const message =
    field(payload, "message") ?? statusMessages[status] ?? `Request failed with status code ${status}.`;
  if (status === 401 && signedIn) {
    session.signOut();
    sayUnauthorized(UNAUTHORIZED_MESSAGE);
  }
  throw new ApiError(status, message, payload);
}

// Loaded as soon as the client is, so the first answer does not wait for it.
const contractLoad = import.meta.env.DEV ? import("../../domain/api") : undefined;

async function checkAnswer(endpoint: ContractKey, status: number, payload: unknown) {
  const { api: contract } = await (contractLoad ?? import("../../domain/api"));
  const [area, name] = endpoint.split(".") as [Area, string];
  const schema = (contract[area] as Record<string, Endpoint>)[name]?.response[status];
  if (!schema || !("safeParse" in schema)) {
    throw new Error(`${endpoint} answered ${status}, a status its contract does not list.`);
  }
  const checked = schema.safeParse(payload);
  if (!checked.success) {
    throw new Error(`${endpoint} answered ${status} against its contract: ${checked.error.message}`);
  }
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A non-empty string property of a JSON answer. */
function field(payload: unknown, name: string): string | undefined {
  if (!payload || typeof payload !== "object") return undefined;
  const value = (payload as Record<string, unknown>)[name];
  return typeof value === "string" && value ? value : undefined;
}

// ----- Reading failures -----

/** The sentence the server sent with a failure, if it sent one (not the client's own fallbacks). */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? (field(error.body, "message") ?? null) : null;
}

/**
 * True for a 401 on a signed-in call: the client has already signed the person out and said so, and the
 * signed-in area then leaves for the home page, so a page shows nothing more about it.
 */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** True when the call may succeed if simply sent again: no answer came, or the server failed (5xx). */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}
