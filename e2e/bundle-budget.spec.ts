import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { formatKib } from "../bench/web/budgets";
import {
  defaultClientDir,
  firstLoadJavaScriptText,
  firstLoadRoutes,
  measureFirstLoad,
  servedPages,
  verbatimPiece,
  type FirstLoadRoute,
} from "../bench/web/bundle-size";
import { paths } from "../src/domain/routes";
import { buildWarningsPath } from "../scripts/build";
import { compileHint, hintedChunkNames } from "../scripts/vite-plugin-compile-hints";

// Reads the build and the pages as the server sends them, not a browser: what a phone downloads before a
// route is usable must stay within its budget, and the home page must not carry data it does not show (the
// schools list, the states' full descriptions and key findings are loaded when they are shown). And the
// build printed no warning.

/** The pages as the e2e run's server renders them (e2e/support/global-setup.ts). */
function served() {
  const baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) throw new Error("E2E_BASE_URL is not set: run the spec with Playwright's global set-up.");
  return servedPages(baseUrl);
}

interface SchoolText {
  name: string;
  desc: string;
}
interface StateText {
  state: string;
  desc: string;
  key_findings: string[];
}

async function readData<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, "utf8")) as T;
}

const MIN_PIECE = 24;

function piecesOf(texts: string[]): string[] {
  return [...new Set(texts.map(verbatimPiece))].filter((piece) => piece.length >= MIN_PIECE);
}

function homeRoute(): FirstLoadRoute {
  const home = firstLoadRoutes.find((route) => route.name === paths.home());
  if (!home) throw new Error("bench/web/bundle-size.ts lists no home route.");
  return home;
}

for (const route of firstLoadRoutes) {
  test(`${route.name} loads at most ${formatKib(route.jsBudgetBytes)} of gzipped JavaScript first`, async () => {
    const load = await measureFirstLoad(route, defaultClientDir, served());
    const largest = [...load.js.assets]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .slice(0, 3)
      .map((asset) => `${asset.url} ${formatKib(asset.gzipBytes)}`)
      .join(", ");
    expect(
      load.js.gzipBytes,
      `${route.name} loads ${formatKib(load.js.gzipBytes)} (${load.js.gzipBytes} bytes) of gzipped JavaScript ` +
        `on its first load, over its budget of ${formatKib(route.jsBudgetBytes)}. Largest: ${largest}`,
    ).toBeLessThanOrEqual(route.jsBudgetBytes);
  });
}

test("the chunks a public page runs as it hydrates open with V8's compile hint, and only those (record 0037)", async () => {
  const assets = path.join(defaultClientDir, "assets");
  const scripts = (await readdir(assets)).filter((file) => file.endsWith(".js"));
  const nameOf = (file: string) => file.replace(/-[\w-]{8}\.js$/, "");
  const hinted: string[] = [];
  for (const file of scripts) {
    if ((await readFile(path.join(assets, file), "utf8")).startsWith(compileHint)) hinted.push(nameOf(file));
  }
  expect(hinted.sort()).toEqual([...hintedChunkNames].sort());
});

test("the state pages and /states load no query client first (record 0033)", async () => {
  for (const name of [paths.states(), paths.state(25)]) {
    const route = firstLoadRoutes.find((candidate) => candidate.name === name);
    if (!route) throw new Error(`bench/web/bundle-size.ts lists no route ${name}.`);
    const javaScript = await firstLoadJavaScriptText(route, defaultClientDir, served());
    expect(javaScript.length, name).toBeGreaterThan(100_000);
    // A message of TanStack Query's own, in whichever chunk its code would land.
    expect(javaScript.includes("Missing queryFn"), name).toBe(false);
  }
});

test("the home page's first-load JavaScript holds no school of the schools list", async () => {
  const schools = await readData<SchoolText[]>("data/schools.json");
  // Long names and the descriptions are distinctive; short names ("Yewa College") could be any text.
  const pieces = piecesOf([
    ...schools.map((school) => school.name).filter((name) => name.length >= 30),
    ...schools.map((school) => school.desc),
  ]);
  expect(pieces.length, "distinctive school texts to look for").toBeGreaterThan(100);

  const javaScript = await firstLoadJavaScriptText(homeRoute(), defaultClientDir, served());
  const found = pieces.filter((piece) => javaScript.includes(piece));
  expect(
    found,
    `The home page's first-load JavaScript contains ${found.length} text(s) of data/schools.json, ` +
      `e.g. "${found[0]}". Load the schools list only when it is shown (a dynamic import).`,
  ).toEqual([]);
});

test("the home page's first-load JavaScript holds no state's full description or key findings", async () => {
  const states = await readData<StateText[]>("data/states.json");
  // The end of a description: the home page may show its first 300 characters, never the rest.
  const descriptionEnds = piecesOf(states.map((state) => state.desc.slice(-60)));
  const keyFindings = piecesOf(states.flatMap((state) => state.key_findings));
  expect(descriptionEnds.length, "distinctive description ends to look for").toBeGreaterThan(30);
  expect(keyFindings.length, "distinctive key findings to look for").toBeGreaterThan(100);

  const javaScript = await firstLoadJavaScriptText(homeRoute(), defaultClientDir, served());
  const found = [...descriptionEnds, ...keyFindings].filter((piece) => javaScript.includes(piece));
  expect(
    found,
    `The home page's first-load JavaScript contains ${found.length} text(s) of the states' full ` +
      `descriptions or key findings, e.g. "${found[0]}". Load a state's details only when it is shown.`,
  ).toEqual([]);
});

test("the build printed no warning", async () => {
  // npm run build saves what its steps wrote to their error stream (scripts/build.ts); a build made
  // another way leaves an older file, which says nothing about this build.
  const [saved, page] = await Promise.all([
    stat(buildWarningsPath).catch(() => null),
    stat(path.join(defaultClientDir, "..", "server", "index.js")),
  ]);
  expect(saved, `${buildWarningsPath} is missing: build with "npm run build".`).not.toBeNull();
  expect(
    saved?.mtimeMs ?? 0,
    `${buildWarningsPath} is older than the build: build with "npm run build".`,
  ).toBeGreaterThanOrEqual(page.mtimeMs);
  const warnings = await readFile(buildWarningsPath, "utf8");
  expect(warnings, "npm run build printed warnings or errors; fix their cause.").toBe("");
});
