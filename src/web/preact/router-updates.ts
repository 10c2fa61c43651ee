// React Router tells its subscribers of every state it sets, including a state equal field by field to the
// last one: adding the routes that the page's links lead to (asked for at /__manifest once the page has
// hydrated, and again as links appear) sets such a state, once per branch of routes added. The provider
// renders the whole page again for each, a long task on a slow phone, with nothing to change: the page's
// matches are the state's, not computed again from the routes. So a subscriber is told only of a state that
// differs from the last it was told of, or that carries what a state cannot show (fetchers to forget, new
// errors, a view transition).

/** The router's state as a subscriber receives it, and the options beside it. */
type RouterState = object;
interface StateUpdateOptions {
  deletedFetchers?: readonly unknown[];
  newErrors?: unknown;
  viewTransitionOpts?: unknown;
}
type Subscriber = (state: RouterState, options: StateUpdateOptions) => void;

export interface SubscribableRouter {
  readonly state: RouterState;
  subscribe: (subscriber: Subscriber) => () => void;
}

/** Whether `state` holds the value `told` holds in each of its fields (the router's states share their fields). */
function sameFields(state: RouterState, told: RouterState): boolean {
  return Object.keys(state).every((key) =>
    Object.is((state as Record<string, unknown>)[key], (told as Record<string, unknown>)[key]),
  );
}

/**
 * Wraps the router's subscribe so that its subscribers are not told of a state equal to the last they were
 * told of (the state when they subscribed, at first), unless it carries fetchers to forget, new errors or a
 * view transition. A state the router tells a subscriber as it subscribes (one set while nobody listened)
 * is always passed on: the subscriber may have read the state before it. Called once, before anything
 * subscribes (the entry calls it on the router it made ahead of hydration).
 */
export function tellOnlyChangedStates(router: SubscribableRouter): void {
  const subscribe = router.subscribe.bind(router);
  router.subscribe = (subscriber) => {
    let told: RouterState | undefined;
    const unsubscribe = subscribe((state, options) => {
      if (
        told &&
        sameFields(state, told) &&
        !options.deletedFetchers?.length &&
        !options.newErrors &&
        !options.viewTransitionOpts
      )
        return;
      told = state;
      subscriber(state, options);
    });
    told ??= router.state;
    return unsubscribe;
  };
}
