import { describe, expect, it } from "vitest";
import { measureMemoryTouchRate, memoryNote, SLOW_MEMORY_MIB_PER_SECOND } from "./host-memory";

describe("the host's memory note", () => {
  it("says so when a fresh process touches memory slowly, with the rate measured", () => {
    const note = memoryNote(262.4);
    expect(note).toContain("at 262 MiB/s");
    expect(note).toContain("under 1,024 MiB/s");
    expect(note).toContain("Total Blocking Time");
  });

  it("says nothing on an ordinary machine, or when nothing was measured", () => {
    expect(memoryNote(SLOW_MEMORY_MIB_PER_SECOND)).toBeNull();
    expect(memoryNote(3500)).toBeNull();
    expect(memoryNote(null)).toBeNull();
    expect(memoryNote(undefined)).toBeNull();
  });

  it("measures a rate from a fresh process", async () => {
    const rate = await measureMemoryTouchRate();
    expect(rate).not.toBeNull();
    expect(rate).toBeGreaterThan(0);
  });
});
