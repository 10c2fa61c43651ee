import { execFile } from "node:child_process";
import { promisify } from "node:util";

// Lighthouse's CPU benchmark index times a loop of JavaScript that allocates almost nothing, so it does not
// see a machine that hands memory to a new process slowly: some virtual machines give each page of memory
// a process first touches from the host, and a page that is freed goes back to the host within seconds (free
// page reporting). A fresh Chromium, its renderer and the buffers of Lighthouse's trace touch hundreds of
// megabytes, so on such a machine every task Lighthouse observes is longer than the same work on a phone,
// and the simulated Total Blocking Time (each task multiplied by the CPU slowdown) can read several
// times higher. The bench measures the rate at which a fresh process touches new memory and says so in the
// summary when it is far below an ordinary machine's.

const execFileAsync = promisify(execFile);

/** MiB a fresh process allocates and fills, in separate blocks none of which is freed before the end. */
const TOUCHED_MIB = 512;
const BLOCK_MIB = 64;

/**
 * On an ordinary machine a process fills new memory at several GiB a second; below this rate the bench
 * notes that its task times (and so TBT) are inflated.
 */
export const SLOW_MEMORY_MIB_PER_SECOND = 1024;

const touchScript = `
const blocks = [];
const started = process.hrtime.bigint();
for (let i = 0; i < ${TOUCHED_MIB / BLOCK_MIB}; i++) blocks.push(Buffer.alloc(${BLOCK_MIB} * 1024 * 1024, 1));
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(String(ms));
`;

/** MiB per second at which a fresh Node.js process touches new memory; null if it could not be measured. */
export async function measureMemoryTouchRate(): Promise<number | null> {
  try {
    const { stdout } = await execFileAsync(process.execPath, ["-e", touchScript], { timeout: 120_000 });
    const ms = Number(stdout);
    return Number.isFinite(ms) && ms > 0 ? (TOUCHED_MIB * 1000) / ms : null;
  } catch {
    return null;
  }
}

/** A sentence for the summary when this machine touches new memory slowly; null otherwise. */
export function memoryNote(mibPerSecond: number | null | undefined): string | null {
  if (mibPerSecond === null || mibPerSecond === undefined || mibPerSecond >= SLOW_MEMORY_MIB_PER_SECOND) {
    return null;
  }
  return (
    `This machine gives new memory to a process slowly: a fresh process filled ${TOUCHED_MIB} MiB at ` +
    `${Math.round(mibPerSecond).toLocaleString("en-US")} MiB/s (an ordinary machine: several GiB/s; the bench ` +
    `notes any rate under ${SLOW_MEMORY_MIB_PER_SECOND.toLocaleString("en-US")} MiB/s). Lighthouse's CPU ` +
    `benchmark does not see this, but every fresh Chromium and Lighthouse's trace pay it, so the tasks it ` +
    `observes, and with them Total Blocking Time, can read several times longer than the same page on a ` +
    `machine of the same benchmark index. Compare TBT only between runs on machines that touch memory at ` +
    `similar rates.`
  );
}
