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
/**
 * The quota's accounting period: 10 ms, not the kernel's default 100 ms. An instance that has spent its
 * quota waits for the next period with its requests; behind a round-robin balancer, 70 ms pauses gather
 * the connections on whichever instance is paused while the others idle, a stall no instance on a
 * machine of its own has. A short period keeps the pauses short.
 */
export const QUOTA_PERIOD_MICROS = 10_000;
/** The kernel refuses a quota under 1 ms: 0.1 of a core at this period. */
export const MIN_QUOTA_CORES = 0.1;

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

/**
 * The weight of the bench's cgroups against every other process of the machine: eight times a process's
 * default (v1 cpu.shares 1024, v2 cpu.weight 100). On a machine shared with other work, a quota alone is a
 * ceiling the instances may never reach; the weight lets them have their quota, and the load balancer, the
 * load generator and the run's PostgreSQL backends (the support group, no quota) what they need, as they
 * would on machines of their own.
 */
export function weightFile(version: 1 | 2): [file: string, content: string] {
  return version === 1 ? ["cpu.shares", "8192"] : ["cpu.weight", "800"];
}

/** The files a quota of `cores` (0.3: 3 ms of every 10 ms) is written to, with their contents. */
export function quotaFiles(version: 1 | 2, cores: number): [file: string, content: string][] {
  const quota = Math.round(Math.max(MIN_QUOTA_CORES, cores) * QUOTA_PERIOD_MICROS);
  return version === 1
    ? [["cpu.cfs_period_us", String(QUOTA_PERIOD_MICROS)], ["cpu.cfs_quota_us", String(quota)], weightFile(1)]
    : [["cpu.max", `${quota} ${QUOTA_PERIOD_MICROS}`], weightFile(2)];
}

/**
 * The cgroup of a process in the hierarchy of `version`, from /proc/<pid>/cgroup's text ("4:cpu:/a" in
 * v1, "0::/a" in v2); null when it is not in one.
 */
export function cgroupOfProcess(procCgroup: string, version: 1 | 2): string | null {
  for (const line of procCgroup.split("\n")) {
    const [hierarchy, controllers, ...rest] = line.split(":");
    if (hierarchy === undefined || controllers === undefined || rest.length === 0) continue;
    const inHierarchy =
      version === 2 ? hierarchy === "0" && controllers === "" : controllers.split(",").includes("cpu");
    if (inHierarchy) return rest.join(":");
  }
  return null;
}

/** The cgroup folder of the parties that stay unlimited but weighted: load generator, balancer, backends. */
export function supportCgroupPath(controller: CpuController): string {
  return path.join(controller.mount, BENCH_CGROUP, "support");
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

/**
 * Removes a cgroup folder of the bench, first moving any process left in it back where it came from
 * (`origins`), else to the mount's root.
 */
function removeCgroup(controller: CpuController, folder: string, origins: Map<number, string>): void {
  if (!existsSync(folder)) return;
  for (const pid of pidsIn(folder)) {
    for (const destination of [origins.get(pid), controller.mount]) {
      if (destination === undefined) continue;
      try {
        writeFileSync(path.join(destination, "cgroup.procs"), String(pid));
        break;
      } catch {
        // Gone already, or its old cgroup is: the next destination.
      }
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
  /**
   * Puts process `pid` in the support cgroup (weighted, no quota), to be moved back where it was by
   * `remove`; false when it could not be moved (it ended).
   */
  support(pid: number): boolean;
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
  const supportFolder = supportCgroupPath(controller);
  const folders = Array.from({ length: count }, (_, index) => instanceCgroupPath(controller, index + 1));
  const origins = new Map<number, string>();
  const removeAll = () => {
    for (const folder of [supportFolder, ...folders].reverse()) removeCgroup(controller, folder, origins);
    removeCgroup(controller, benchFolder, origins);
  };
  try {
    // What a run that was killed may have left.
    removeAll();
    if (controller.version === 2) enableCpuForChildren(controller.mount);
    mkdirSync(benchFolder);
    if (controller.version === 2) enableCpuForChildren(benchFolder);
    mkdirSync(supportFolder);
    writeFileSync(
      path.join(supportFolder, weightFile(controller.version)[0]),
      weightFile(controller.version)[1],
    );
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
    description:
      `${cores} of a core each, ${quotaMechanism(controller.version)} in ${benchFolder}; ` +
      `the instances and the support group (load generator, balancer, the run's PostgreSQL backends, no ` +
      `quota) weighted ${weightFile(controller.version).join(" ")} against the machine's other work`,
    cores,
    confine(index, pid) {
      const folder = folderOf(index);
      // Writing the pid moves the whole process: every thread (libuv's pool, V8's), and what it starts later.
      writeFileSync(path.join(folder, "cgroup.procs"), String(pid));
      if (!pidsIn(folder).includes(pid)) throw new Error(`process ${pid} is not in ${folder} after the move`);
    },
    support(pid) {
      try {
        const own = cgroupOfProcess(readFileSync(`/proc/${pid}/cgroup`, "utf8"), controller.version);
        if (own !== null && !origins.has(pid)) origins.set(pid, path.join(controller.mount, own));
        writeFileSync(path.join(supportFolder, "cgroup.procs"), String(pid));
        return true;
      } catch {
        return false;
      }
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
