// Writes data/lgas.json, the 774 local government areas by state, from the registry package
// nigerian-states-and-lgas (ISC licence). Run with the unpacked package's folder:
//   npm pack nigerian-states-and-lgas@1.0.8 && tar xzf nigerian-states-and-lgas-1.0.8.tgz
//   npx tsx scripts/import-lgas.ts package
// The package is not a dependency: the product reads only the JSON this writes (see data/SOURCES.md).
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stateKey } from "../src/domain/datasets/state-names";

const packageDir = process.argv[2];
if (!packageDir) throw new Error("Usage: tsx scripts/import-lgas.ts <unpacked package folder>");
const require = createRequire(import.meta.url);
const registry = require(path.resolve(packageDir, "lib/index.js")) as {
  all(): { state: string; lgas: string[] }[];
};
const packageJson = JSON.parse(readFileSync(path.resolve(packageDir, "package.json"), "utf8")) as {
  name: string;
  version: string;
  license: string;
};

// The package misspells one state; everything else matches data/states.json through stateKey.
const spellingFixes: Record<string, string> = { Kastina: "Katsina" };
const states = JSON.parse(readFileSync("data/states.json", "utf8")) as { id: number; state: string }[];
const byKey = new Map(
  registry.all().map((entry) => [stateKey(spellingFixes[entry.state] ?? entry.state), entry.lgas]),
);

const output = {
  source: {
    package: `${packageJson.name}@${packageJson.version}`,
    license: packageJson.license,
    fixes: ["The package's state name 'Kastina' is read as Katsina."],
  },
  states: states.map(({ id, state }) => {
    const lgas = byKey.get(stateKey(state));
    if (!lgas) throw new Error(`No local government areas for ${state}`);
    return { stateId: id, state, lgas: lgas.map((name) => name.trim()) };
  }),
};
const total = output.states.reduce((sum, entry) => sum + entry.lgas.length, 0);
if (total !== 774) throw new Error(`Expected 774 local government areas, found ${total}`);
writeFileSync("data/lgas.json", `${JSON.stringify(output, null, 2)}\n`);
console.log(`data/lgas.json: ${total} local government areas in ${output.states.length} states`);
