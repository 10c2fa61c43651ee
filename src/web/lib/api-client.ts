import { failureSchema, type ErrorCode } from "../../domain/api/shared";
import { session } from "./session";
import { toast } from "../ui/toast/toast-store";

// One client for the JSON API, with one error path: every failure becomes an ApiError whose message a
// person can read (the server's own sentence when it sent one), and a 401 on a signed-in request ends the
// local session once, here.

export class ApiError extends Error {
  /** The failure's code (DESIGN §5), to branch on; null when the answer was not the API's failure shape. */
  readonly code: ErrorCode | null;
  /** With VALIDATION_FAILED: the field (as the API names it) the message is about, when one is known. */
  readonly field: string | null;

  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    const failure = failureSchema.safeParse(body);
    this.code = failure.success ? failure.data.code : null;
    this.field = failure.success ? (failure.data.field ?? null) : null;
  }
}

export const UNAUTHORIZED_MESSAGE = "Unauthorized! Logging Out...";

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

export interface ApiRequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the bearer token (calls that must not carry a session). */
  anonymous?: boolean;
}

export async function apiRequest<T extends object>(
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const user = options.anonymous ? null : session.current();
  if (user) headers.authorization = `Bearer ${user.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, { method, headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "Network error: please check your connection and try again.");
  }

  const payload = await readJson(response);
  if (response.ok) return payload as T;

  const message =
    payload && typeof payload === "object" && typeof (payload as { message?: unknown }).message === "string"
      ? (payload as { message: string }).message
      : (statusMessages[response.status] ?? `Request failed with status code ${response.status}.`);

  if (response.status === 401 && user) {
    session.signOut();
    toast.error(UNAUTHORIZED_MESSAGE);
  }
  throw new ApiError(response.status, message, payload);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The message to show for a failed call: the server's sentence, else the fallback the spec names. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
