import {
  callHeaders,
  noAnswer,
  readAnswer,
  type ApiAnswer,
  type ApiRoute,
  type ContractKey,
} from "./api-client";

// Multipart uploads to the API with progress and cancelling, which fetch cannot report: a 100 MB video
// over mobile data takes minutes, and the person sending it must see it move and be able to stop it.
// Only the transport differs from `request`: the answer is read by the API client (checked against the
// contract in development and tests; a failure is its ApiError with `code` and `field`, and a 401 ends
// the session there).

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
  /** Headers of the request besides the session's (an Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Sends `body` to the endpoint `route` names, with the signed-in user's token, and resolves with its answer. */
export function uploadFormData<K extends ContractKey>(
  route: ApiRoute<K>,
  body: FormData,
  { signal, onProgress, headers: extraHeaders = {} }: UploadOptions = {},
): Promise<ApiAnswer<K>> {
  return new Promise<ApiAnswer<K>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const { headers, signedIn } = callHeaders();
    const request = new XMLHttpRequest();
    request.open(route.method, route.path);
    for (const [name, value] of Object.entries({ ...headers, ...extraHeaders }))
      request.setRequestHeader(name, value);

    const onAbortSignal = () => request.abort();
    const settle = () => signal?.removeEventListener("abort", onAbortSignal);
    signal?.addEventListener("abort", onAbortSignal, { once: true });

    request.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    };
    request.onload = () => {
      settle();
      readAnswer(route.key, request.status, request.responseText, signedIn).then(resolve, reject);
    };
    request.onerror = () => {
      settle();
      reject(noAnswer());
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
