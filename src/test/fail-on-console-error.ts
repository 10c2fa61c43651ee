import { afterEach, vi } from "vitest";

// An unexpected console.error (a React warning, an unhandled rejection logged by a library) fails the test.
let errors: unknown[][] = [];
// This file runs again for every test file, also in a worker other files used (vitest.config.ts): it
// wraps the console's own function each time, never a wrapper an earlier file left.
const originalKey = Symbol.for("inclusion-atlas:console.error");
const processGlobals = globalThis as { [originalKey]?: typeof console.error };
const original = (processGlobals[originalKey] ??= console.error);

console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0) {
    throw new Error(`console.error was called ${seen.length} time(s): ${String(seen[0]?.[0])}`);
  }
});
