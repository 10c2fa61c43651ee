import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { siteContactVariables } from "../domain/site-contacts";
import { configVariableNames } from "./config";

// The README is where a deployer learns the settings: a variable read here but missing there is invisible.
function readmeConfigurationVariables(): string[] {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  return [...section.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1] ?? "");
}

describe("the README's configuration table", () => {
  it("lists every variable the server and the build read, and nothing else", () => {
    const listed = readmeConfigurationVariables();
    expect(listed.length).toBeGreaterThan(0);
    expect([...listed].sort()).toEqual([...configVariableNames, ...siteContactVariables()].sort());
  });
});
