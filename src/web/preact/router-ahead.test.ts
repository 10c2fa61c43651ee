import { HydratedRouter } from "react-router/dom";
import { afterEach, describe, expect, it } from "vitest";
import { loaderDataMadeAhead, routerMadeAhead, routerStateDecoded } from "./router-state";

// The entry makes the router ahead of the root's hydration (src/web/app/entry.client.tsx): <HydratedRouter>
// makes it before its first hook and keeps it in its module. A file of its own: the router and the page's
// context stay in React Router's module once made.

type RouterWindow = Window & {
  __reactRouterDataRouter?: unknown;
  __reactRouterContext?: unknown;
  __reactRouterManifest?: unknown;
  __reactRouterRouteModules?: unknown;
};

afterEach(() => {
  const routerWindow = window as RouterWindow;
  delete routerWindow.__reactRouterDataRouter;
  delete routerWindow.__reactRouterContext;
  delete routerWindow.__reactRouterManifest;
  delete routerWindow.__reactRouterRouteModules;
});

describe("making the router ahead", () => {
  it("makes the router out of rendering once the state is decoded, and the first render keeps it", async () => {
    // The page's state as the server writes it: { loaderData: { root: { x: 1 } }, actionData: null, errors: null }.
    const state =
      '[{"_1":2,"_3":-5,"_4":-5},"loaderData",{"_5":6},"actionData","errors","root",{"_7":8},"x",1]\n';
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        controller.enqueue(new TextEncoder().encode(state));
        controller.close();
      },
    });
    Object.assign(window as RouterWindow, {
      __reactRouterContext: {
        stream,
        future: {},
        ssr: true,
        isSpaMode: false,
        basename: "/",
        routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
      },
      // One route, the root, already loaded.
      __reactRouterManifest: {
        routes: { root: { id: "root", path: "", hasLoader: true, hasAction: false, module: "/root.js" } },
        entry: { module: "", imports: [] },
        url: "",
        version: "1",
      },
      __reactRouterRouteModules: { root: { default: () => null } },
    });
    await routerStateDecoded();
    expect((window as RouterWindow).__reactRouterDataRouter).toBeUndefined();
    expect(loaderDataMadeAhead()).toEqual([]);

    // The router (which it also puts on the window) is made; its first hook's throw does not escape.
    expect(() => routerMadeAhead()).not.toThrow();
    expect((window as RouterWindow).__reactRouterDataRouter).toBeDefined();
    // The page's loader data, for the entry to add the messages it carries before hydrating.
    expect(loaderDataMadeAhead()).toEqual([{ x: 1 }]);
    // Called out of a render, <HydratedRouter> throws at its first hook, after the router...
    delete (window as RouterWindow).__reactRouterDataRouter;
    expect(() => HydratedRouter({})).toThrow();
    // ...which it kept: it made none this time, and its render will make none either.
    expect((window as RouterWindow).__reactRouterDataRouter).toBeUndefined();
  });
});
