import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

// The scale-out run's CPU quotas: each product instance in a CPU cgroup of its own, limited to a fixed
// share of a core, so the instances are what bounds the rate and PostgreSQL, the load balancer and the load
// generator (left unlimited) have room, as they would with each instance on a machine of its own. cgroup v1
// (cpu.cfs_quota_us and cpu.cfs_period_us, cgroup.procs) and v2 (cpu.max, with cpu enabled in each parent's
// cgroup.subtree_control) are both supported. When neither can be written the run says so and measures
// without quotas.

/** The folder of the bench's cgroups, under the CPU controller's mount. */
export const BENCH_CGROUP = "inclusion-atlas-bench";
/** The scheduler's accounting period: 100 ms, the kernel's default. */
export const QUOTA_PERIOD_MICROS = 100_000;

export interface CpuController {
  version: 1 | 2;
  /** Where the hierarchy with the cpu controller is mounted. */
  mount: string;
}

/**
 * The mount of the hierarchy that has the cpu controller, from /proc/self/mounts' text: a cgroup v1 mount
 * whose options name `cpu`, else a cgroup2 mount (whether cpu is enabled there is read from the mount
 * itself, by `cpuControllerHere`).
 */
export function cpuMountsFrom(mounts: string): CpuController[] {
  const found: CpuController[] = [];
  for (const line of mounts.split("\n")) {
    const [, mountPoint, type, options] = line.split(" ");
    if (!mountPoint || !options) continue;
    if (type === "cgroup" && options.split(",").includes("cpu"))
      found.push({ version: 1, mount: mountPoint });
    else if (type === "cgroup2") found.push({ version: 2, mount: mountPoint });
  }
  // v1's cpu hierarchy first: on a hybrid machine the v2 mount usually has no controllers.
  return found.sort((a, b) => a.version - b.version);
}

/** The files a quota of `cores` (0.3: 30 ms of every 100 ms) is written to, with their contents. */
export function quotaFiles(version: 1 | 2, cores: number): [file: string, content: string][] {
  const quota = Math.max(1000, Math.round(cores * QUOTA_PERIOD_MICROS));
  return version === 1
    ? [
        ["cpu.cfs_period_us", String(QUOTA_PERIOD_MICROS)],
        ["cpu.cfs_quota_us", String(quota)],
      ]
    : [["cpu.max", `${quota} ${QUOTA_PERIOD_MICROS}`]];
}

/** The cgroup folder of instance `index` (1, 2, …). */
export function instanceCgroupPath(controller: CpuController, index: number): string {
  return path.join(controller.mount, BENCH_CGROUP, `instance-${index}`);
}

/** "cgroup v1 cpu.cfs_quota_us" or "cgroup v2 cpu.max": how the quota was set, for the report. */
export function quotaMechanism(version: 1 | 2): string {
  return version === 1 ? "cgroup v1 cpu.cfs_quota_us/cpu.cfs_period_us" : "cgroup v2 cpu.max";
}

function cpuControllerHere(controller: CpuController): boolean {
  if (controller.version === 1) return existsSync(path.join(controller.mount, "cpu.cfs_quota_us"));
  try {
    return readFileSync(path.join(controller.mount, "cgroup.controllers"), "utf8")
      .split(/\s+/)
      .includes("cpu");
  } catch {
    return false;
  }
}

/** Pids listed in a cgroup's cgroup.procs; none when it cannot be read. */
function pidsIn(folder: string): number[] {
  try {
    return readFileSync(path.join(folder, "cgroup.procs"), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map(Number);
  } catch {
    return [];
  }
}

/** v2: the cpu controller enabled for the children of `folder` (a no-op when it already is). */
function enableCpuForChildren(folder: string): void {
  const control = path.join(folder, "cgroup.subtree_control");
  const enabled = existsSync(control) ? readFileSync(control, "utf8") : "";
  if (enabled.split(/\s+/).includes("cpu")) return;
  writeFileSync(control, "+cpu");
}

/** Removes a cgroup folder of the bench, first moving any process left in it back to the mount's root. */
function removeCgroup(controller: CpuController, folder: string): void {
  if (!existsSync(folder)) return;
  for (const pid of pidsIn(folder)) {
    try {
      writeFileSync(path.join(controller.mount, "cgroup.procs"), String(pid));
    } catch {
      // Gone already: nothing to move.
    }
  }
  rmdirSync(folder);
}

export interface QuotaGroups {
  /** How the quota is set and how much, for the report. */
  description: string;
  cores: number;
  /** Puts process `pid` (all its threads) in instance `index`'s cgroup; checks it is there. */
  confine(index: number, pid: number): void;
  /** Periods in which instance `index` was held back by its quota so far; null when unreadable. */
  throttledPeriods(index: number): number | null;
  /** Removes every cgroup of the bench (the instances should have stopped; any left is moved out). */
  remove(): void;
}

/**
 * Cgroups with a quota of `cores` each for `count` instances, or the reason there are none (not Linux, no
 * cpu controller, not allowed to write it).
 */
export function createQuotaGroups(
  cores: number,
  count: number,
  mounts = readMounts(),
): QuotaGroups | { unavailable: string } {
  if (mounts === null) return { unavailable: "no /proc/self/mounts (not Linux)" };
  const controller = cpuMountsFrom(mounts).find(cpuControllerHere);
  if (!controller) return { unavailable: "no cgroup hierarchy with the cpu controller is mounted" };
  const benchFolder = path.join(controller.mount, BENCH_CGROUP);
  const folders = Array.from({ length: count }, (_, index) => instanceCgroupPath(controller, index + 1));
  const removeAll = () => {
    for (const folder of [...folders].reverse()) removeCgroup(controller, folder);
    removeCgroup(controller, benchFolder);
  };
  try {
    // What a run that was killed may have left.
    removeAll();
    if (controller.version === 2) enableCpuForChildren(controller.mount);
    mkdirSync(benchFolder);
    if (controller.version === 2) enableCpuForChildren(benchFolder);
    for (const folder of folders) {
      mkdirSync(folder);
      for (const [file, content] of quotaFiles(controller.version, cores)) {
        writeFileSync(path.join(folder, file), content);
      }
    }
  } catch (error) {
    try {
      removeAll();
    } catch {
      // Reported below with the first failure.
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { unavailable: `the cgroups under ${controller.mount} cannot be written (${reason})` };
  }
  const folderOf = (index: number): string => {
    const folder = folders[index - 1];
    if (!folder) throw new Error(`no cgroup for instance ${index}`);
    return folder;
  };
  return {
    description: `${cores} of a core each, ${quotaMechanism(controller.version)} in ${benchFolder}`,
    cores,
    confine(index, pid) {
      const folder = folderOf(index);
      // Writing the pid moves the whole process: every thread (libuv's pool, V8's), and what it starts later.
      writeFileSync(path.join(folder, "cgroup.procs"), String(pid));
      if (!pidsIn(folder).includes(pid)) throw new Error(`process ${pid} is not in ${folder} after the move`);
    },
    throttledPeriods(index) {
      try {
        const stat = readFileSync(path.join(folderOf(index), "cpu.stat"), "utf8");
        const match = /^nr_throttled (\d+)$/m.exec(stat);
        return match ? Number(match[1]) : null;
      } catch {
        return null;
      }
    },
    remove: removeAll,
  };
}

function readMounts(): string | null {
  try {
    return readFileSync("/proc/self/mounts", "utf8");
  } catch {
    return null;
  }
}
