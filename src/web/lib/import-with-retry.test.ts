import { afterEach, describe, expect, it, vi } from "vitest";
import { importWithRetry } from "./import-with-retry";

describe("importing a chunk on a dropped connection", () => {
  afterEach(() => vi.useRealTimers());

  it("tries again after 1 s, then 2 s, and answers with the first success", async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce("the module");
    const result = importWithRetry(load);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(result).resolves.toBe("the module");
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("gives up after the last attempt with the last failure", async () => {
    vi.useFakeTimers();
    const failure = new TypeError("Failed to fetch dynamically imported module");
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(failure);
    const result = importWithRetry(load, { attempts: 2 });
    const settled = expect(result).rejects.toBe(failure);
    await vi.advanceTimersByTimeAsync(1_000);
    await settled;
    expect(load).toHaveBeenCalledTimes(2);
  });
});
