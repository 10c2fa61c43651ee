import { QueryClient, type QueryClientConfig } from "@tanstack/react-query";
import { provideQueryClient } from "./data-layer-provider";
import { shouldRetry } from "./read-retry";
import { session } from "./session";

// The data layer's defaults (TanStack Query), chosen for slow phones on mobile data:
// - a failed read is tried again only when trying again can help (read-retry.ts);
// - no refetch when the window regains focus: the lists are heavy, and the pages that must refresh on
//   return (signed media addresses expire) say so themselves;
// - a query runs whatever the browser believes about the network, so offline shows the page's own
//   message and Retry, as before, instead of a loading state that waits for a signal that may never come;
// - mutations are never repeated on their own: a decision or a role change is sent once per click.

export function queryClientConfig(): QueryClientConfig {
  return {
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        networkMode: "always",
      },
      mutations: { retry: false, networkMode: "always" },
    },
  };
}

/** The app's one query client, made when the first page that reads the API loads. */
export const appQueryClient = new QueryClient(queryClientConfig());
provideQueryClient(appQueryClient);

/**
 * Empties `client` whenever the session changes hands (sign-out, sign-in, another account in another tab):
 * on a shared phone or in a cybercafé, the next person must never see what the last one's session read
 * (their reports, places, signed photo links), not even for the moment a refetch takes.
 */
export function clearWhenSessionChanges(client: QueryClient): () => void {
  let owner = session.current()?.token ?? null;
  return session.subscribe(() => {
    const now = session.current()?.token ?? null;
    if (now === owner) return;
    owner = now;
    client.clear();
  });
}

if (typeof window !== "undefined") clearWhenSessionChanges(appQueryClient);
