import {
  QueryClientContext,
  useMutation,
  useQuery,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from "@tanstack/react-query";
import { useContext } from "react";
import { isSessionEnded } from "./api-client";
// Loading a page that reads the API brings the app's query client with it (see data-layer-provider.tsx).
// The hooks take it directly: they work even before the provider has it (data-layer-provider.tsx says when).
import { appQueryClient } from "./query-client";

/** The provider's client (a test's own), or the app's before the provider has it. */
function useClient() {
  return useContext(QueryClientContext) ?? appQueryClient;
}

/**
 * A read through the data layer. `failure` is the error a page shows: never a 401, which the API client
 * has already answered by signing the person out and saying so, after which the signed-in area leaves for
 * the home page. This is the one place pages learn that; none checks the status itself.
 */
export function useApiQuery<T, Key extends QueryKey>(options: UseQueryOptions<T, Error, T, Key>) {
  const query = useQuery(options, useClient());
  return { ...query, failure: query.error && !isSessionEnded(query.error) ? query.error : null };
}

/**
 * A change through the data layer: sent once per call (never retried on its own), and `onError` is not
 * called for a 401 (the session has ended; see useApiQuery).
 */
export function useApiMutation<T, Variables>(options: UseMutationOptions<T, Error, Variables>) {
  const { onError } = options;
  const client = useClient();
  return useMutation<T, Error, Variables>(
    {
      ...options,
      onError: (error, ...rest) => {
        if (!isSessionEnded(error)) return onError?.(error, ...rest);
      },
    },
    client,
  );
}
