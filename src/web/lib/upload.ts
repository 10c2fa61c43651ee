import { ApiError, UNAUTHORIZED_MESSAGE } from "./api-client";
import { session } from "./session";
import { toast } from "../ui/toast/toast-store";

// Multipart uploads to the API with progress and cancelling, which fetch cannot report: a 100 MB video
// over mobile data takes minutes, and the person sending it must see it move and be able to stop it.
// Failures take the API client's shape (ApiError with the server's sentence) and a 401 ends the session
// the same way.

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send in all; null when the browser cannot tell. */
  total: number | null;
}

export interface UploadOptions {
  /** Aborting it stops the upload; the promise then rejects with a DOMException named "AbortError". */
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

const NETWORK_MESSAGE = "Network error: please check your connection and try again.";

/** POSTs `body` to `/api/v1{path}` with the signed-in user's token and resolves with the JSON answer. */
export function uploadFormData<T extends object>(
  path: string,
  body: FormData,
  { signal, onProgress }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const user = session.current();
    const request = new XMLHttpRequest();
    request.open("POST", `/api/v1${path}`);
    request.setRequestHeader("accept", "application/json");
    if (user) request.setRequestHeader("authorization", `Bearer ${user.token}`);

    const onAbortSignal = () => request.abort();
    const settle = () => signal?.removeEventListener("abort", onAbortSignal);
    signal?.addEventListener("abort", onAbortSignal, { once: true });

    request.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    };
    request.onload = () => {
      settle();
      const payload = readJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve(payload as T);
        return;
      }
      if (request.status === 401 && user) {
        session.signOut();
        toast.error(UNAUTHORIZED_MESSAGE);
      }
      reject(new ApiError(request.status, messageOf(payload, request.status), payload));
    };
    request.onerror = () => {
      settle();
      reject(new ApiError(0, NETWORK_MESSAGE));
    };
    request.onabort = () => {
      settle();
      reject(abortError());
    };
    request.send(body);
  });
}

/** True for the rejection of a cancelled upload (or fetch). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

function abortError(): DOMException {
  return new DOMException("The upload was cancelled.", "AbortError");
}

function readJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function messageOf(payload: unknown, status: number): string {
  const message =
    payload && typeof payload === "object" ? (payload as { message?: unknown }).message : undefined;
  return typeof message === "string" && message ? message : `Request failed with status code ${status}.`;
}
