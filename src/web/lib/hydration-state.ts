// Whether the browser is hydrating the served page: from the entry's first step until the whole page has
// hydrated (hydration-mark.ts ends it). Read by useHydrated (src/web/ui/useHydrated.ts) and by the parts
// that hydrate later (src/web/ui/LaterPart.tsx).

let hydrating = false;
const listeners = new Set<() => void>();

/** Calls `listener` when hydration ends; returns the unsubscription. */
export function subscribeToHydrationEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The entry is about to hydrate the served page. */
export function hydrationStarts(): void {
  hydrating = true;
}

/** True from the entry's first step until the whole page has hydrated. */
export function isHydrating(): boolean {
  return hydrating;
}

/** The whole page has hydrated: components waiting for it render as the browser's. */
export function hydrationEnded(): void {
  if (!hydrating) return;
  hydrating = false;
  for (const listener of [...listeners]) listener();
}
