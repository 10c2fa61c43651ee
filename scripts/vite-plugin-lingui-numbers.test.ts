import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type * as LinguiCore from "@lingui/core";
import { linguiPlainNumbers, withPlainNumbers } from "./vite-plugin-lingui-numbers";

const linguiFile = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@lingui/core/package.json")),
  "dist/index.mjs",
);
const folder = mkdtempSync(path.join(tmpdir(), "lingui-numbers-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** Lingui as the browser's build has it. */
async function transformedLingui(): Promise<typeof LinguiCore> {
  const changed = withPlainNumbers(readFileSync(linguiFile, "utf8"));
  expect(changed, "Lingui's file no longer makes its number formatter as the plugin expects").not.toBeNull();
  const file = path.join(folder, "lingui-core.mjs");
  writeFileSync(file, changed!);
  return (await import(/* @vite-ignore */ file)) as typeof LinguiCore;
}

describe("Lingui's numbers in the browser's build", () => {
  it("writes a plural's count without making an Intl.NumberFormat, as Intl writes it", async () => {
    const { setupI18n } = await transformedLingui();
    const i18n = setupI18n({
      locale: "ha",
      messages: {
        ha: {
          schools: [["count", "plural", { one: ["#", " makaranta"], other: ["#", " makarantu"] }]],
          share: [["value", "number", "percent"]],
        },
      },
    });
    const made = vi.spyOn(Intl, "NumberFormat");
    expect(i18n._("schools", { count: 1 })).toBe("1 makaranta");
    expect(i18n._("schools", { count: 12345 })).toBe("12,345 makarantu");
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    // A message that asks for a style still gets Intl's formatter ("25%", where the plain one writes 0.25).
    expect(i18n._("share", { value: 0.25 })).toBe(
      new Intl.NumberFormat(["ha"], { style: "percent" }).format(0.25),
    );
  });

  it("stops the build when Lingui's file no longer has the formatter it replaces", () => {
    const plugin = linguiPlainNumbers();
    const transform = plugin.transform as (this: unknown, code: string, id: string) => unknown;
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    expect(() => transform.call(context, "export const x = 1;", linguiFile)).toThrow(/update this plugin/);
    expect(transform.call(context, "export const x = 1;", "/app/src/other.ts")).toBeNull();
  });
});
