import { HydratedRouter } from "react-router/dom";
import { afterEach, describe, expect, it } from "vitest";
import { routerStateDecoded } from "./router-state";

// Pins the React Router behaviour the entry rests on (src/web/app/entry.client.tsx): <HydratedRouter>, called
// before its state is decoded, throws a promise before any hook runs. If an upgrade changes that, the entry
// would call hooks outside rendering or hydrate before the state is there: this fails first.

type RouterWindow = Window & {
  __reactRouterContext?: unknown;
  __reactRouterManifest?: unknown;
  __reactRouterRouteModules?: unknown;
};

afterEach(() => {
  const routerWindow = window as RouterWindow;
  delete routerWindow.__reactRouterContext;
  delete routerWindow.__reactRouterManifest;
  delete routerWindow.__reactRouterRouteModules;
});

describe("waiting for the router's state", () => {
  it("HydratedRouter throws a promise, not an error, while the page's state is being decoded", async () => {
    let release: () => void = () => undefined;
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        // The page's state arrives only when released: until then the router cannot render.
        release = () => controller.close();
      },
    });
    Object.assign(window as RouterWindow, {
      __reactRouterContext: { stream, future: {}, ssr: true, isSpaMode: false, basename: "/" },
      __reactRouterManifest: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "1" },
      __reactRouterRouteModules: {},
    });
    let thrown: unknown;
    try {
      HydratedRouter({});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Promise);
    // routerStateDecoded waits for that same promise: it settles once the stream has been read.
    let settled = false;
    const waiting = routerStateDecoded().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(settled).toBe(true);
  });

  it("hydrates at once when nothing is thrown, and leaves an error to the router's render", async () => {
    await expect(routerStateDecoded(() => undefined)).resolves.toBeUndefined();
    await expect(
      routerStateDecoded(() => {
        throw new Error("decoding failed");
      }),
    ).resolves.toBeUndefined();
  });
});
