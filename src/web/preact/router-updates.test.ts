import { createMemoryRouter, type RouteObject } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { tellOnlyChangedStates, type SubscribableRouter } from "./router-updates";

const routes: RouteObject[] = [
  { id: "root", path: "/", children: [{ id: "home", index: true, Component: () => null }] },
];

function memoryRouter() {
  const router = createMemoryRouter(routes, { initialEntries: ["/"] });
  return router;
}

describe("telling the page only of router states that changed", () => {
  it("React Router tells its subscribers of the routes a link's answer adds, with a state equal to the last", () => {
    // What the wrapper is for: if a React Router upgrade stops doing this, the wrapper can go.
    const router = memoryRouter();
    const subscriber = vi.fn();
    router.subscribe(subscriber);
    const before = router.state;
    router.patchRoutes("root", [{ id: "about", path: "about", Component: () => null }]);
    expect(subscriber).toHaveBeenCalledTimes(1);
    const [told] = subscriber.mock.calls[0] as [typeof before];
    expect(told).not.toBe(before);
    expect(
      Object.keys(told).every((key) =>
        Object.is(told[key as keyof typeof told], before[key as keyof typeof before]),
      ),
    ).toBe(true);
    router.dispose();
  });

  it("does not tell of added routes, and tells of the navigation that uses them", async () => {
    const router = memoryRouter();
    tellOnlyChangedStates(router as unknown as SubscribableRouter);
    const subscriber = vi.fn();
    const unsubscribe = router.subscribe(subscriber);

    router.patchRoutes("root", [{ id: "about", path: "about", Component: () => null }]);
    expect(subscriber).not.toHaveBeenCalled();

    await router.navigate("/about");
    expect(subscriber).toHaveBeenCalled();
    const last = subscriber.mock.calls.at(-1)?.[0] as typeof router.state;
    expect(last.location.pathname).toBe("/about");
    expect(last.matches.map((match) => match.route.id)).toEqual(["root", "about"]);

    unsubscribe();
    subscriber.mockClear();
    await router.navigate("/");
    expect(subscriber).not.toHaveBeenCalled();
    router.dispose();
  });

  it("tells of an equal state that carries fetchers to forget, new errors or a view transition", () => {
    const state = { location: "/", matches: [] };
    let tell: ((state: object, options: object) => void) | undefined;
    const router: SubscribableRouter = {
      state,
      subscribe: (subscriber) => {
        tell = subscriber;
        return () => undefined;
      },
    };
    tellOnlyChangedStates(router);
    const subscriber = vi.fn();
    router.subscribe(subscriber);

    tell?.({ ...state }, { deletedFetchers: [] });
    expect(subscriber).not.toHaveBeenCalled();
    tell?.({ ...state }, { deletedFetchers: ["fetcher-1"] });
    tell?.({ ...state }, { deletedFetchers: [], newErrors: { root: new Error("Not found") } });
    tell?.({ ...state }, { deletedFetchers: [], viewTransitionOpts: { currentLocation: "/" } });
    expect(subscriber).toHaveBeenCalledTimes(3);
    tell?.({ ...state, location: "/about" }, { deletedFetchers: [] });
    expect(subscriber).toHaveBeenCalledTimes(4);
  });

  it("passes on the state the router tells a subscriber as it subscribes, even if equal", () => {
    const state = { location: "/" };
    const router: SubscribableRouter = {
      state,
      // A state set while nobody listened is told at once to the first subscriber.
      subscribe: (subscriber) => {
        subscriber({ ...state }, { deletedFetchers: [] });
        return () => undefined;
      },
    };
    tellOnlyChangedStates(router);
    const subscriber = vi.fn();
    router.subscribe(subscriber);
    expect(subscriber).toHaveBeenCalledTimes(1);
  });
});
