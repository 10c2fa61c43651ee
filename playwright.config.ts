import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./e2e/support/chromium";

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built product,
// started by e2e/support/global-setup.ts on a free port with a temporary DATA_DIR.
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./e2e/support/global-setup.ts",
  // A cap against a hung test, not a speed check (every step waits on its own condition, within the
  // expect timeout): on a 2-core machine under load 10-12, tests without a budget of their own took up
  // to 27.9 s of the 30 s this used to be.
  timeout: 90_000,
  // Also a cap, not a speed check: a passing step ends as soon as its condition holds. 7 s was too
  // short on a machine three to four times slower than usual (CI at 3e621d4: the dashboard's first
  // page after sign-in, its chunks loaded on demand, showed its heading after more than 7 s).
  expect: { timeout: 20_000 },
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: chromiumPath,
      args: [...chromiumArgs],
    },
    // A failed test keeps its trace (actions, console, network) and a screenshot of its end. The trace takes
    // no DOM snapshots or screencast: recording them for every test, passed or not, made tests 26 to 35%
    // slower (33 public-page and explorer tests, one worker: 180 to 186 s with them, 138 to 156 s without).
    trace: { mode: "retain-on-failure", snapshots: false, screenshots: false },
    screenshot: "only-on-failure",
  },
});
