import { afterEach, describe, expect, it, vi } from "vitest";
import { afterLoad } from "./after-load";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("afterLoad", () => {
  it("waits for the page's load event", () => {
    let readyState: DocumentReadyState = "interactive";
    vi.spyOn(document, "readyState", "get").mockImplementation(() => readyState);
    const task = vi.fn();
    afterLoad(task);
    expect(task).not.toHaveBeenCalled();

    readyState = "complete";
    window.dispatchEvent(new Event("load"));
    window.dispatchEvent(new Event("load"));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("runs at once when the page has already loaded", () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("complete");
    const task = vi.fn();
    afterLoad(task);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
