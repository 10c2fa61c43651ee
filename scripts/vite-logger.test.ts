import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createLogger, type Logger } from "vite";
import { describe, expect, it } from "vitest";
import { isKnownHarmlessWarning, POSTCSS_FROM_NOTICE, projectLogger } from "./vite-logger";

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const console = {
    log: (line: string) => lines.push(`info ${line}`),
    warn: (line: string) => lines.push(`warn ${line}`),
    error: (line: string) => lines.push(`error ${line}`),
  } as unknown as Console;
  return Object.assign(createLogger("info", { allowClearScreen: false, console }), { lines });
}

describe("the project's Vite logger", () => {
  it("leaves out Vite's PostCSS `from` warning, as Vite words it", () => {
    const base = recordingLogger();
    const logger = projectLogger(base);
    logger.warnOnce(`\n${POSTCSS_FROM_NOTICE}`);
    logger.warn(POSTCSS_FROM_NOTICE);
    expect(base.lines).toEqual([]);
    expect(logger.hasWarned).toBe(false);
  });

  it("passes every other message on", () => {
    const base = recordingLogger();
    const logger = projectLogger(base);
    logger.info("built in 4s");
    logger.warn("[INEFFECTIVE_DYNAMIC_IMPORT] data/x.json");
    logger.warnOnce(`${POSTCSS_FROM_NOTICE} And more.`);
    logger.error("failed");
    expect(base.lines).toEqual([
      "info built in 4s",
      "warn [INEFFECTIVE_DYNAMIC_IMPORT] data/x.json",
      `warn ${POSTCSS_FROM_NOTICE} And more.`,
      "error failed",
    ]);
    expect(logger.hasWarned).toBe(true);
    expect(isKnownHarmlessWarning("A PostCSS plugin did not pass the `from` option")).toBe(false);
  });
});

// The warning is harmless only while no CSS module composes from a file that holds a url(): Vite copies a
// composed file's CSS without its file name, so a relative url() in it would be resolved wrongly.
function cssModules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".module.css"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("CSS modules composed from another file", () => {
  const composedFiles = new Set(
    cssModules("src").flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/composes:[^;]*\bfrom\s+["']([^"']+)["']/g)].map((match) =>
        path.resolve(path.dirname(file), match[1] ?? ""),
      ),
    ),
  );

  it("are found (the check below looks at something)", () => {
    expect([...composedFiles].map((file) => path.relative(".", file))).toContain(
      path.join("src", "web", "ui", "ListPage.module.css"),
    );
  });

  it("hold no url(), so the PostCSS `from` warning left out of the build log cannot hide a wrong url", () => {
    const withUrl = [...composedFiles].filter((file) => /\burl\(/i.test(readFileSync(file, "utf8")));
    expect(
      withUrl,
      "A composed CSS module holds a url(); the warning scripts/vite-logger.ts leaves out now matters.",
    ).toEqual([]);
  });
});
