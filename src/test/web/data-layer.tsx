import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderOptions } from "@testing-library/react";
import type { ReactNode } from "react";
import { queryClientConfig } from "../../web/lib/query-client";
import "./contract";

/**
 * A query client for one test: the app's defaults, less the automatic retries (a test's fake server
 * answers each request with its next reply, and says itself when a retry is wanted).
 */
export function testQueryClient(): QueryClient {
  const config = queryClientConfig();
  return new QueryClient({
    ...config,
    defaultOptions: {
      queries: { ...config.defaultOptions?.queries, retry: false },
      mutations: { ...config.defaultOptions?.mutations, retry: false },
    },
  });
}

/** `ui` inside the data layer's provider, with a client of its own so no test sees another's cache. */
export function withDataLayer(ui: ReactNode, client: QueryClient = testQueryClient()) {
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

/** Testing Library's render, inside the data layer's provider. */
export function renderWithDataLayer(ui: ReactNode, options?: RenderOptions) {
  return render(withDataLayer(ui), options);
}
