import { type ReactNode, Suspense, useEffect, useLayoutEffect, useSyncExternalStore } from "react";
import {
  expectLaterPart,
  expectShellPart,
  markPartHydrated,
  markShellPartHydrated,
} from "../lib/hydration-mark";
import { isHydrating } from "../lib/hydration-state";
import { yieldToEventLoop } from "../lib/yield-to-event-loop";

// A part of a prerendered page that the browser hydrates in a task of its own. Preact (the browser's
// renderer, decision record 0016) hydrates a whole tree in one go: the home page was one task of 300 ms and
// more on a slow phone, and no tap was answered meanwhile. Here the part suspends while the page hydrates, so
// the renderer keeps its served HTML as it is (Preact keeps a suspended part's server DOM when it renders ONE
// root element: the part must), and hydrates it once its turn has come: one part per task, in the order they
// were met, a yield to the event loop (a macrotask) before each. React, the development server's renderer,
// does the same with the boundary it dehydrates.
//
// Outside hydration (the server's render, an in-app navigation, a page rendered in the browser) a part renders
// at once. The page says it is hydrated (src/web/lib/hydration-mark.ts) only once every part has hydrated.

interface Turn {
  /** Settles in a task of its own, after every turn asked for before it. */
  promise: Promise<void>;
  done: boolean;
  /** What the part was first rendered with: what the server rendered it with. */
  served: ReactNode;
  /** The part has hydrated: mounted again (an in-app visit back to the page), it renders as it is now. */
  resumed: boolean;
  marked: boolean;
  /** A part of the layout: the page says "root" hydrated only once it has (hydration-mark.ts). */
  inShell: boolean;
}

const turns = new Map<string, Turn>();
let lastTurn: Promise<void> = Promise.resolve();

function turnFor(served: ReactNode, inShell: boolean): Turn {
  const turn: Turn = {
    promise: Promise.resolve(),
    done: false,
    served,
    resumed: false,
    marked: false,
    inShell,
  };
  turn.promise = lastTurn = lastTurn.then(yieldToEventLoop).then(() => {
    turn.done = true;
  });
  return turn;
}

/**
 * Hydrates `children` (one root element, the same on the server and in the browser) after a yield, in a
 * task of its own. `name` is unique on the page: the part's turn is kept under it while it waits. `inShell`:
 * a part of the layout, which the page waits for before it says its root has hydrated.
 */
export function LaterPart({
  name,
  inShell = false,
  children,
}: {
  name: string;
  inShell?: boolean;
  children: ReactNode;
}) {
  if (isHydrating() && !turns.has(name)) {
    if (inShell) expectShellPart();
    else expectLaterPart();
    turns.set(name, turnFor(children, inShell));
  }
  // Unmounted before its turn (an in-app visit elsewhere within the page's first tasks): the part will never
  // hydrate, so the page must stop waiting for it, and a later visit renders it as it is then.
  // A layout effect: registered at once, where an effect would wait for the next frame.
  useLayoutEffect(
    () => () => {
      resume(name);
      markHydrated(name);
    },
    [name],
  );
  return (
    <Suspense fallback={null}>
      <Waiting name={name}>{children}</Waiting>
    </Suspense>
  );
}

function Waiting({ name, children }: { name: string; children: ReactNode }) {
  const turn = turns.get(name);
  if (!turn) return children;
  // Suspending keeps the served HTML in place until the turn comes (throwing a promise is how a component
  // suspends, in React and in Preact).
  if (!turn.done) throw turn.promise;
  return <Resumed name={name}>{children}</Resumed>;
}

const resumeListeners = new Set<() => void>();

function subscribeToResumes(listener: () => void): () => void {
  resumeListeners.add(listener);
  return () => resumeListeners.delete(listener);
}

/** The part has hydrated: from now on it renders as its page renders it. */
function resume(name: string): void {
  const turn = turns.get(name);
  if (!turn || turn.resumed) return;
  turn.resumed = true;
  for (const listener of [...resumeListeners]) listener();
}

/** Once per part: the page's hydration mark stops waiting for it. */
function markHydrated(name: string): void {
  const turn = turns.get(name);
  if (!turn || turn.marked) return;
  turn.marked = true;
  if (turn.inShell) markShellPartHydrated();
  else markPartHydrated();
}

/**
 * Hydrates the part with what the server rendered it with, then renders it as it is now if its page changed
 * it meanwhile (a tab chosen before the part's turn): hydrating, the renderer keeps the served attributes
 * and would never write the new ones. Unchanged, the second render is the same element as the first, which
 * the renderer skips.
 */
function Resumed({ name, children }: { name: string; children: ReactNode }) {
  // The same snapshot for hydration: Preact reads the "server" one while it hydrates, and that render must
  // be the served one.
  const isResumed = () => turns.get(name)?.resumed ?? true;
  const resumed = useSyncExternalStore(subscribeToResumes, isResumed, isResumed);
  useLayoutEffect(() => resume(name), [name]);
  useEffect(() => markHydrated(name), [name]);
  return resumed ? children : turns.get(name)?.served;
}
