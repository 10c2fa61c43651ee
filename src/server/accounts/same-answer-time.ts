/**
 * Runs the work and answers no sooner than `floorMs` after starting, so the endpoints that must not say
 * whether an address has an account (docs/architecture.md) take the same time whichever branch they took.
 */
export async function withSameAnswerTime<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    // The global timer (not node:timers/promises), so a test can run this on a fake clock.
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
