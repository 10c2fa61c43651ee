import { HydratedRouter } from "react-router/dom";

// <HydratedRouter> suspends its first render until the page's router state (written into the page by the
// server) is decoded: it throws a promise. React suspends the root on it and hydrates when it settles;
// Preact has no root-level suspension (the promise escapes, nothing hydrates). So the entry asks once, out
// of rendering, and hydrates when the state is there. The router throws before any hook runs, and keeps the
// decoded state for the render that follows. router-state.test.ts fails if a React Router upgrade changes
// that.

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function"
  );
}

/** Resolves once <HydratedRouter> can render without suspending. Never rejects. */
export async function routerStateDecoded(probe: () => unknown = () => HydratedRouter({})): Promise<void> {
  try {
    probe();
  } catch (thrown) {
    // Anything else (a decoding error) is the router's to report, as it renders.
    if (isThenable(thrown)) await thrown;
  }
}
