import { HydratedRouter } from "react-router/dom";
import type { SubscribableRouter } from "./router-updates";

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

/**
 * Makes, out of rendering, the router that <HydratedRouter> makes on its first render: the entry calls this in
 * a task of its own once the state is decoded, so the root's hydration (the page's longest task on a slow
 * phone, a third of it making the router) does not. <HydratedRouter> keeps the router it makes in its module
 * and makes it before its first hook, which then throws, called out of a render: expected, and ignored. Had
 * making the router failed, the render makes it again and the router reports the error there.
 */
export function routerMadeAhead(probe: () => unknown = () => HydratedRouter({})): void {
  try {
    probe();
  } catch {
    // The first hook's complaint (or the router's error, which the render meets again).
  }
}

interface RouterMadeAhead extends SubscribableRouter {
  readonly state: { loaderData: Record<string, unknown> };
}

/** The router made ahead (React Router puts the router it makes on the window), or none. */
export function routerMadeAheadOf(): RouterMadeAhead | undefined {
  return (window as { __reactRouterDataRouter?: RouterMadeAhead }).__reactRouterDataRouter;
}

/** The loader data of the router made ahead, or none. */
export function loaderDataMadeAhead(): unknown[] {
  return Object.values(routerMadeAheadOf()?.state.loaderData ?? {});
}
