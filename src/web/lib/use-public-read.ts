import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "./api-client";
import { retryDelayMs, shouldRetry } from "./read-retry";

// A public page's one read of the API once it is interactive (a state's latest reports, the report counts
// of /states), sent without a token (so never a 401 that ends a session): asked when shown, tried again by the app's rule (read-retry.ts), abandoned when the page
// leaves. The signed-in area reads through TanStack Query (use-api.ts), whose cache, sharing and
// invalidation its lists need; a public page needs none of them (each visit asks anew, so it is never
// stale), and without it a first visit loads about 8 KB (brotli) less script before it is usable
// (decision record 0033).

export interface PublicRead<T> {
  /** The answer, once it came (for this key). */
  data: T | undefined;
  /** Why the read failed, after its retries; null while it is being read or when it succeeded. */
  failure: Error | null;
  /** Reads again from the start (a Retry button); the failure is cleared at once. */
  retry: () => void;
}

interface ReadState<T> {
  key: string;
  data: T | undefined;
  failure: Error | null;
}

/**
 * Reads `read` when `enabled`, again whenever `key` changes (say the state shown), and returns what it has.
 * `read` is the latest one given; only `key` says when to read again.
 */
export function usePublicRead<T>(
  key: string,
  read: (signal: AbortSignal) => Promise<T>,
  enabled: boolean,
): PublicRead<T> {
  const [state, setState] = useState<ReadState<T>>({ key, data: undefined, failure: null });
  const [attempt, setAttempt] = useState(0);
  const latestRead = useRef(read);
  // Declared before the effect that reads, so it has run first in each commit.
  useEffect(() => {
    latestRead.current = read;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryRead = (failureCount: number) => {
      // A read that throws at once fails like one whose answer failed.
      let reading: Promise<T>;
      try {
        reading = latestRead.current(controller.signal);
      } catch (error) {
        reading = Promise.reject(error);
      }
      reading.then(
        (data) => {
          if (!controller.signal.aborted) setState({ key, data, failure: null });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (shouldRetry(failureCount, error)) {
            timer = setTimeout(() => tryRead(failureCount + 1), retryDelayMs(failureCount));
            return;
          }
          const failure = error instanceof Error ? error : new ApiError(0, String(error));
          setState({ key, data: undefined, failure });
        },
      );
    };
    tryRead(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
      // A failure belongs to the read that had it: coming back to this key later shows it loading again.
      setState((now) => (now.failure ? { ...now, failure: null } : now));
    };
  }, [key, enabled, attempt]);

  const retry = useCallback(() => {
    setState((now) => ({ ...now, failure: null }));
    setAttempt((count) => count + 1);
  }, []);

  // A read that failed for want of a connection is tried again when the browser is back online (as the
  // query client does for the signed-in area).
  const failedOffline = state.key === key && state.failure instanceof ApiError && state.failure.status === 0;
  useEffect(() => {
    if (!failedOffline) return;
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [failedOffline, retry]);

  // Nothing of another key's answer is shown: a new key shows nothing until its own answer has come.
  const current = state.key === key;
  return { data: current ? state.data : undefined, failure: current ? state.failure : null, retry };
}
