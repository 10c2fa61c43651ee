// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";

// The module keeps its state per page load: each test loads it afresh.
async function freshMark() {
  vi.resetModules();
  return import("./hydration-mark");
}

afterEach(() => delete document.documentElement.dataset.hydrated);

describe("the hydration mark", () => {
  it("says true once the root has hydrated when no part comes later", async () => {
    const mark = await freshMark();
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    mark.markRootHydrated();
    expect(document.documentElement.dataset.hydrated).toBe("true");
  });

  it("says root while a later part is on its way, and true once it has hydrated", async () => {
    const mark = await freshMark();
    mark.expectLaterPart();
    mark.markRootHydrated();
    expect(document.documentElement.dataset.hydrated).toBe("root");
    mark.markPartHydrated();
    expect(document.documentElement.dataset.hydrated).toBe("true");
  });

  it("says nothing when the later part hydrates before the root", async () => {
    const mark = await freshMark();
    mark.expectLaterPart();
    mark.markPartHydrated();
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    mark.markRootHydrated();
    expect(document.documentElement.dataset.hydrated).toBe("true");
  });

  it("runs a context change at once, or once the later part has hydrated", async () => {
    const mark = await freshMark();
    const run = vi.fn();
    mark.whenWhollyHydrated(run);
    expect(run).toHaveBeenCalledTimes(1);
    mark.expectLaterPart();
    mark.markRootHydrated();
    mark.whenWhollyHydrated(run);
    expect(run).toHaveBeenCalledTimes(1);
    mark.markPartHydrated();
    expect(run).toHaveBeenCalledTimes(2);
  });
});
