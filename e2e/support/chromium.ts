// Debian's Chromium, as the tests and the benchmarks launch it (never a downloaded browser): no sandbox
// (root in a container), no GPU, and nothing of its own on the network while it measures or tests.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];
