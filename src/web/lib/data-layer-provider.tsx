import { QueryClientContext, type QueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useSyncExternalStore } from "react";
import { whenWhollyHydrated } from "./hydration-mark";

// The data layer's provider, mounted once at the root. The query client itself (about 7 KB gzipped) comes
// with the first page that reads the API (query-client.ts registers it here when loaded), so the home
// page, which reads none, does not carry it in its first load.

let appClient: QueryClient | undefined;
const listeners = new Set<() => void>();

/**
 * Makes `client` the app's query client; called once, by query-client.ts when it is first loaded. While a
 * part of the page still waits to hydrate (the home page's content), the context changes only once it has:
 * the part then hydrates instead of being rendered anew (hydration-mark.ts). The hooks of use-api.ts take
 * the client directly, so nothing waits for it meanwhile.
 */
export function provideQueryClient(client: QueryClient) {
  whenWhollyHydrated(() => {
    appClient = client;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => appClient;

export function DataLayerProvider({ children }: { children: ReactNode }) {
  // The same snapshot while hydrating: a prerendered page that reads the API loaded the client first.
  const client = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    // Subscribes the client to the browser's online events (a paused query resumes when back online).
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}
