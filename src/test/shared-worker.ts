import { afterAll, vi } from "vitest";

// The node and web tests' files share their workers (vitest.config.ts): whatever a file changed of the
// process's shared state through Vitest is put back when the file ends, so the next file starts as in a
// fresh worker.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
