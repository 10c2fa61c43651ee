import os from "node:os";
import { describe, expect, it } from "vitest";
import {
  ceilingOf,
  commandCpuMicros,
  cpuGrowth,
  processCpuMicros,
  watchCpuShares,
  type CpuShares,
} from "./cpu-shares";

const shares = (overrides: Partial<CpuShares>): CpuShares => ({
  instances: 0.9,
  database: 0.5,
  proxy: 0.3,
  loadGenerator: 0.2,
  machine: 1.95,
  cores: 2,
  ...overrides,
});

describe("ceilingOf", () => {
  it("names the machine when its cores are all busy, with who had them", () => {
    expect(ceilingOf(shares({}), 2)).toBe(
      "the machine: 1.95 of its 2 cores busy (instances 0.90, PostgreSQL 0.50, load balancer 0.30, load generator 0.20, other 0.05)",
    );
  });

  it("leaves out a party it could not read", () => {
    expect(ceilingOf(shares({ database: null, proxy: null }), 1)).toBe(
      "the machine: 1.95 of its 2 cores busy (instances 0.90, load generator 0.20, other 0.85)",
    );
  });

  it("names the instances' one thread when the machine has room but each instance is at a core", () => {
    expect(ceilingOf(shares({ instances: 1.9, machine: 3.0, cores: 8 }), 2)).toBe(
      "the instances: 0.95 of a core each, their one JavaScript thread",
    );
  });

  it("names the instances' quota when each used nearly all of it, before the machine", () => {
    expect(ceilingOf(shares({ instances: 0.87 }), 3, 0.3)).toBe(
      "the instances' CPU quota: 0.29 of their 0.3 of a core each",
    );
    expect(ceilingOf(shares({ instances: 0.5 }), 3, 0.3)).toContain("the machine: 1.95 of its 2 cores busy");
  });

  it("says the CPU alone does not bound a run that leaves cores idle", () => {
    expect(ceilingOf(shares({ instances: 0.4, machine: 1.1 }), 1)).toBe(
      "not the CPU alone: 1.10 of 2 cores busy, no instance at a full core",
    );
    expect(ceilingOf(shares({ machine: null }), 1)).toBe("not measured (no /proc on this machine)");
  });
});

describe("cpuGrowth", () => {
  it("adds each process's growth and a new process's whole time, and never counts an ended one as negative", () => {
    const before = new Map([
      [10, 5_000],
      [11, 9_000],
      [12, 40_000],
    ]);
    const after = new Map([
      [10, 7_000],
      [11, 9_000],
      [13, 1_500],
    ]);
    expect(cpuGrowth(before, after)).toBe(3_500);
  });
});

/**
 * Works until this process's CPU time, as /proc counts it (in ticks of 10 ms), has grown by `micros`: a
 * fixed stretch of wall time may get almost no CPU on a busy machine. Gives up after 30 s; returns the growth.
 */
function workFor(micros: number): number {
  const before = processCpuMicros(process.pid) ?? 0;
  const deadline = Date.now() + 30_000;
  let grown = 0;
  while (grown < micros && Date.now() < deadline) grown = (processCpuMicros(process.pid) ?? 0) - before;
  return grown;
}

describe("reading the CPU from /proc", () => {
  it("reads this process's own CPU time, which grows with work", () => {
    const before = processCpuMicros(process.pid);
    expect(before).not.toBeNull();
    expect(workFor(10_000)).toBeGreaterThanOrEqual(10_000);
    expect(processCpuMicros(process.pid) ?? 0).toBeGreaterThan(before ?? 0);
    expect(processCpuMicros(2 ** 22 + 1)).toBeNull();
  });

  it("sums every process of a command, and finds none of a command that is not running", () => {
    expect(commandCpuMicros("node")?.get(process.pid)).toBeGreaterThan(0);
    expect(commandCpuMicros("no-such-command-here")?.size).toBe(0);
  });

  it("gives each party's cores over a watched stretch", () => {
    const watch = watchCpuShares({ instancePids: [process.pid], proxyPid: undefined });
    workFor(20_000);
    const measured = watch.stop();
    expect(measured.cores).toBe(os.cpus().length);
    expect(measured.proxy).toBeNull();
    expect(measured.instances).toBeGreaterThan(0);
    expect(measured.perInstance).toEqual([measured.instances]);
    expect(measured.loadGenerator).toBeGreaterThan(0);
    expect(measured.machine).toBeGreaterThan(0);
  });
});
