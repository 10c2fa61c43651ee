import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  cgroupOfProcess,
  cpuMountsFrom,
  createQuotaGroups,
  instanceCgroupPath,
  quotaFiles,
} from "./cpu-quota";

const hybridMounts = [
  "tmpfs /sys/fs/cgroup tmpfs rw,relatime,mode=755 0 0",
  "cgroup /sys/fs/cgroup/cpuacct cgroup rw,relatime,cpuacct 0 0",
  "cgroup /sys/fs/cgroup/cpu cgroup rw,relatime,cpu 0 0",
  "cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0",
  "cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory 0 0",
].join("\n");

describe("cpuMountsFrom", () => {
  it("finds v1's cpu hierarchy (not cpuacct alone) before a cgroup2 mount", () => {
    expect(cpuMountsFrom(hybridMounts)).toEqual([
      { version: 1, mount: "/sys/fs/cgroup/cpu" },
      { version: 2, mount: "/sys/fs/cgroup/unified" },
    ]);
  });

  it("finds a v1 hierarchy shared by cpu and cpuacct, and a pure v2 machine's mount", () => {
    expect(cpuMountsFrom("cgroup /sys/fs/cgroup/cpu,cpuacct cgroup rw,nosuid,cpu,cpuacct 0 0")).toEqual([
      { version: 1, mount: "/sys/fs/cgroup/cpu,cpuacct" },
    ]);
    expect(
      cpuMountsFrom("cgroup2 /sys/fs/cgroup cgroup2 rw,nosuid,nodev 0 0\nproc /proc proc rw 0 0"),
    ).toEqual([{ version: 2, mount: "/sys/fs/cgroup" }]);
    expect(cpuMountsFrom("proc /proc proc rw 0 0")).toEqual([]);
  });
});

describe("quotaFiles", () => {
  it("writes a share of a core as microseconds of every 10 ms period", () => {
    expect(quotaFiles(1, 0.3)).toEqual([
      ["cpu.cfs_period_us", "10000"],
      ["cpu.cfs_quota_us", "3000"],
      ["cpu.shares", "8192"],
    ]);
    expect(quotaFiles(2, 0.25)).toEqual([
      ["cpu.max", "2500 10000"],
      ["cpu.weight", "800"],
    ]);
    expect(quotaFiles(2, 1.5)[0]).toEqual(["cpu.max", "15000 10000"]);
    // The kernel refuses a quota under 1 ms.
    expect(quotaFiles(1, 0.05)[1]).toEqual(["cpu.cfs_quota_us", "1000"]);
  });

  it("puts each instance in a folder of its own under the bench's", () => {
    expect(instanceCgroupPath({ version: 1, mount: "/sys/fs/cgroup/cpu" }, 2)).toBe(
      "/sys/fs/cgroup/cpu/inclusion-atlas-bench/instance-2",
    );
  });
});

describe("cgroupOfProcess", () => {
  it("reads a process's cgroup in the cpu hierarchy of v1, or in v2's", () => {
    const hybrid = "9:name=systemd:/\n4:memory:/process_api/b06\n2:cpuacct:/\n1:cpu:/jobs/a\n0::/\n";
    expect(cgroupOfProcess(hybrid, 1)).toBe("/jobs/a");
    expect(cgroupOfProcess(hybrid, 2)).toBe("/");
    expect(cgroupOfProcess("3:cpu,cpuacct:/user.slice\n", 1)).toBe("/user.slice");
    expect(cgroupOfProcess("0::/system.slice/postgresql.service\n", 2)).toBe(
      "/system.slice/postgresql.service",
    );
    expect(cgroupOfProcess("4:memory:/\n", 1)).toBeNull();
  });
});

describe("createQuotaGroups", () => {
  it("says why there are no quotas when no hierarchy has the cpu controller", () => {
    expect(createQuotaGroups(0.3, 2, null)).toEqual({ unavailable: "no /proc/self/mounts (not Linux)" });
    expect(createQuotaGroups(0.3, 2, "proc /proc proc rw 0 0")).toEqual({
      unavailable: "no cgroup hierarchy with the cpu controller is mounted",
    });
  });

  it("writes v2's cpu.max in a folder per instance, enables cpu in the parents, and removes it all", () => {
    // A directory standing in for a cgroup2 mount: the kernel's files are plain files here.
    const mount = mkdtempSync(path.join(os.tmpdir(), "cgroup2-"));
    try {
      writeFileSync(path.join(mount, "cgroup.controllers"), "cpu io memory\n");
      writeFileSync(path.join(mount, "cgroup.subtree_control"), "");
      const groups = createQuotaGroups(0.3, 2, `cgroup2 ${mount} cgroup2 rw 0 0`);
      if ("unavailable" in groups) throw new Error(groups.unavailable);
      expect(groups.description).toContain(
        `0.3 of a core each, cgroup v2 cpu.max in ${mount}/inclusion-atlas-bench; `,
      );
      expect(readFileSync(path.join(mount, "cgroup.subtree_control"), "utf8")).toBe("+cpu");
      const bench = path.join(mount, "inclusion-atlas-bench");
      expect(readFileSync(path.join(bench, "cgroup.subtree_control"), "utf8")).toBe("+cpu");
      expect(readFileSync(path.join(bench, "instance-2", "cpu.max"), "utf8")).toBe("3000 10000");
      expect(readFileSync(path.join(bench, "instance-2", "cpu.weight"), "utf8")).toBe("800");
      expect(readFileSync(path.join(bench, "support", "cpu.weight"), "utf8")).toBe("800");
      writeFileSync(path.join(bench, "instance-1", "cpu.stat"), "nr_periods 50\nnr_throttled 12\n");
      expect(groups.throttledPeriods(1)).toBe(12);
      expect(groups.throttledPeriods(2)).toBeNull();
      // A plain directory cannot be removed while it holds files: the real cgroup's can, so drop them first.
      for (const file of ["cgroup.subtree_control"]) rmSync(path.join(bench, file));
      for (const folder of ["instance-1", "instance-2", "support"]) {
        rmSync(path.join(bench, folder), { recursive: true });
        mkdirSync(path.join(bench, folder));
      }
      groups.remove();
      expect(() => readFileSync(path.join(bench, "instance-1", "cpu.max"))).toThrow();
    } finally {
      rmSync(mount, { recursive: true, force: true });
    }
  });
});
