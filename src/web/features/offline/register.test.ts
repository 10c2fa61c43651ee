import { afterEach, describe, expect, it, vi } from "vitest";
import { registerServiceWorker } from "./register";

// navigator.serviceWorker does not exist in jsdom: a stand-in records what the page asks of it.
function fakeServiceWorker(controller: object | null) {
  const postMessage = vi.fn();
  const container = {
    controller,
    register: vi.fn(() => Promise.resolve({})),
    ready: Promise.resolve({ active: { postMessage } }),
  };
  Object.defineProperty(navigator, "serviceWorker", { value: container, configurable: true });
  return { container, postMessage };
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("registerServiceWorker", () => {
  it("registers /sw.js, and a failure changes nothing", async () => {
    const { container } = fakeServiceWorker(null);
    container.register.mockReturnValueOnce(Promise.reject(new Error("refused")));
    await registerServiceWorker(true);
    expect(container.register).toHaveBeenCalledWith("/sw.js");
  });

  it("sends a page the worker did not serve, with the site's files it loaded, to be kept", async () => {
    const { postMessage } = fakeServiceWorker(null);
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([
      { name: `${location.origin}/assets/root-abc.js` },
      { name: "https://elsewhere.example/font.woff2" },
    ] as PerformanceEntryList);
    await registerServiceWorker(true);
    expect(postMessage).toHaveBeenCalledWith({
      type: "cache-visited",
      urls: [location.href, `${location.origin}/assets/root-abc.js`],
    });
  });

  it("sends nothing when the worker already served the page", async () => {
    const { container, postMessage } = fakeServiceWorker({});
    await registerServiceWorker(true);
    expect(container.register).toHaveBeenCalledWith("/sw.js");
    expect(postMessage).not.toHaveBeenCalled();
  });

  it("does nothing in development or where browsers have no service workers", async () => {
    const { container } = fakeServiceWorker(null);
    await registerServiceWorker(false);
    expect(container.register).not.toHaveBeenCalled();
    Reflect.deleteProperty(navigator, "serviceWorker");
    await expect(registerServiceWorker(true)).resolves.toBeUndefined();
  });
});
