import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

// Where a run's CPU went, for the scale-out run's question "what is the ceiling?": the product's server
// processes, PostgreSQL (its server and every backend), the load balancer, the load generator (this
// process: autocannon runs in it), and the machine as a whole. Read from the kernel (/proc) before and
// after the run; off Linux every share is null.

let clockTicks: number | undefined;
/** The kernel's unit of process CPU time in /proc (100 a second on nearly every Linux). */
function clockTicksPerSecond(): number {
  if (clockTicks === undefined) {
    const told = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    clockTicks = Number.isFinite(told) && told > 0 ? told : 100;
  }
  return clockTicks;
}

interface ProcStat {
  command: string;
  cpuMicros: number;
}

function readProcStat(pid: number | string): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command is in parentheses (it may hold spaces); the fields after it start at the 3rd: utime and
    // stime are the 14th and 15th.
    const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (!Number.isFinite(ticks)) return null;
    return { command, cpuMicros: (ticks * 1_000_000) / clockTicksPerSecond() };
  } catch {
    return null;
  }
}

/** A process's CPU time so far (user and system, every thread), in microseconds; null off Linux or gone. */
export function processCpuMicros(pid: number): number | null {
  return readProcStat(pid)?.cpuMicros ?? null;
}

/**
 * The CPU time so far of each process running `command` (PostgreSQL: the postmaster and its backends), by
 * pid; null off Linux.
 */
export function commandCpuMicros(command: string): Map<number, number> | null {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const times = new Map<number, number>();
  for (const pid of pids) {
    const stat = readProcStat(pid);
    if (stat?.command === command) times.set(Number(pid), stat.cpuMicros);
  }
  return times;
}

/**
 * CPU time spent between two readings of commandCpuMicros: each process's growth, and all of the time of
 * one that started in between. A process that ended in between takes its time with it (an idle
 * connection closed, say): it is left out rather than counted as negative time.
 */
export function cpuGrowth(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, micros] of after) sum += Math.max(0, micros - (before.get(pid) ?? 0));
  return sum;
}

/** Cores in use between two readings of os.cpus(): busy time over all time, times the core count. */
export function busyCores(before: os.CpuInfo[], after: os.CpuInfo[]): number | null {
  let busy = 0;
  let total = 0;
  for (const [index, cpu] of after.entries()) {
    const earlier = before[index];
    if (!earlier) return null;
    const idle = cpu.times.idle - earlier.times.idle;
    const all =
      Object.values(cpu.times).reduce((sum, value) => sum + value, 0) -
      Object.values(earlier.times).reduce((sum, value) => sum + value, 0);
    busy += all - idle;
    total += all;
  }
  return total > 0 ? (busy / total) * after.length : null;
}

/** Cores used by each party of a run; null: not readable here. */
export interface CpuShares {
  /** The product's server processes together. */
  instances: number | null;
  /** Each server process's, in order; absent in results from before. */
  perInstance?: (number | null)[];
  /** PostgreSQL's processes together. */
  database: number | null;
  /** The load balancer (HAProxy, or the bench's Node proxy). */
  proxy: number | null;
  /** The bench process, which runs the load generator. */
  loadGenerator: number | null;
  /** Every process on the machine. */
  machine: number | null;
  /** The machine's cores. */
  cores: number;
}

interface CpuReading {
  at: number;
  instances: (number | null)[];
  database: Map<number, number> | null;
  proxy: number | null;
  loadGenerator: number;
  cpus: os.CpuInfo[];
}

/** Reads the parties' CPU time now; `stop` reads it again and gives each one's cores in between. */
export function watchCpuShares(parties: { instancePids: number[]; proxyPid: number | undefined }) {
  const read = (): CpuReading => {
    const usage = process.cpuUsage();
    return {
      at: performance.now(),
      instances: parties.instancePids.map(processCpuMicros),
      database: commandCpuMicros("postgres"),
      proxy: parties.proxyPid === undefined ? null : processCpuMicros(parties.proxyPid),
      loadGenerator: usage.user + usage.system,
      cpus: os.cpus(),
    };
  };
  const start = read();
  return {
    stop(): CpuShares {
      const end = read();
      const elapsedMicros = (end.at - start.at) * 1000;
      const cores = (before: number | null | undefined, after: number | null | undefined) =>
        before === null || before === undefined || after === null || after === undefined || elapsedMicros <= 0
          ? null
          : (after - before) / elapsedMicros;
      const instanceCores = end.instances.map((after, index) => cores(start.instances[index], after));
      return {
        instances: instanceCores.some((value) => value === null)
          ? null
          : instanceCores.reduce<number>((sum, value) => sum + (value ?? 0), 0),
        perInstance: instanceCores,
        database: start.database && end.database ? cores(0, cpuGrowth(start.database, end.database)) : null,
        proxy: cores(start.proxy, end.proxy),
        loadGenerator: cores(start.loadGenerator, end.loadGenerator),
        machine: busyCores(start.cpus, end.cpus),
        cores: end.cpus.length,
      };
    },
  };
}

/** A machine this busy (of its cores) has no CPU left for anyone. */
const FULL_MACHINE = 0.9;
/** A Node process this busy is bound by its one JavaScript thread. */
const FULL_PROCESS = 0.9;

/**
 * What bounds a run's rate, in a sentence for the report: the instances' CPU quota when each used nearly
 * all of it, else the machine's cores when they are all busy (with who had them), else an instance's single
 * thread, else neither (the wait is elsewhere: the database's locks, the network, too few connections).
 */
export function ceilingOf(
  shares: CpuShares,
  instanceCount: number,
  quotaCores: number | null = null,
): string {
  const { machine, cores, instances } = shares;
  if (machine === null) return "not measured (no /proc on this machine)";
  if (quotaCores !== null && instances !== null && instanceCount > 0) {
    const each = instances / instanceCount;
    if (each >= FULL_PROCESS * quotaCores) {
      return `the instances' CPU quota: ${each.toFixed(2)} of their ${quotaCores} of a core each`;
    }
  }
  if (machine >= FULL_MACHINE * cores) {
    const parties = [
      ["instances", shares.instances],
      ["PostgreSQL", shares.database],
      ["load balancer", shares.proxy],
      ["load generator", shares.loadGenerator],
    ] as const;
    const known = parties.reduce((sum, [, value]) => sum + (value ?? 0), 0);
    const split = parties
      .filter(([, value]) => value !== null)
      .map(([name, value]) => `${name} ${(value ?? 0).toFixed(2)}`);
    split.push(`other ${Math.max(0, machine - known).toFixed(2)}`);
    return `the machine: ${machine.toFixed(2)} of its ${cores} cores busy (${split.join(", ")})`;
  }
  if (instances !== null && instanceCount > 0 && instances / instanceCount >= FULL_PROCESS) {
    return `the instances: ${(instances / instanceCount).toFixed(2)} of a core each, their one JavaScript thread`;
  }
  return `not the CPU alone: ${machine.toFixed(2)} of ${cores} cores busy, no instance at a full core`;
}
