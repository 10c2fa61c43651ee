import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { freePort } from "../../e2e/support/server";

// `npm run bench:pages`: requests per second of the home page and a state page (/states/25) served from
// the server's page cache (decision record 0017) against the very same pages served as prerendered files
// the way the server did before (bench/pages/page-server.ts), in one run on this machine, so the figure
// that counts is the ratio. Each server is a child process; autocannon runs here, with brotli accepted as
// a phone's browser does. Target: the cache at least 80% of the files' rate. Writes
// bench/results/pages-<time>.json, pages-latest.json and pages-latest.md.

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const serverScript = fileURLToPath(new URL("./page-server.ts", import.meta.url));
const clientDir = path.join(repoRoot, "build", "client");
const pages = ["/", "/states/25"];
const CONNECTIONS = Number(process.env.BENCH_PAGES_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_PAGES_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_PAGES_ROUNDS ?? 2);
const TARGET_RATIO = 0.8;
const resultsDir = fileURLToPath(new URL("../results/", import.meta.url));

async function startServer(
  mode: "rendered" | "files",
  filesDir = "",
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", serverScript, mode, clientDir, String(port), filesDir],
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the ${mode} server exited with ${code}`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners("exit");
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { "accept-encoding": "br, gzip" },
    warmup: { connections: CONNECTIONS, duration: 2 },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} answers that were not 2xx, ${result.errors} errors`);
  }
  return result.requests.average;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(repoRoot, "build", "server", "index.js"))) {
    throw new Error('The web app is not built. Run "npm run build" first.');
  }
  const filesDir = await mkdtemp(path.join(tmpdir(), "inclusion-atlas-bench-pages-"));
  const rendered = await startServer("rendered");
  let files: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    // The prerendered files are the rendered pages' own bytes: both servers send the same page.
    for (const page of pages) {
      const response = await fetch(rendered.url + page);
      if (!response.ok) throw new Error(`${page} answered ${response.status}`);
      const dir = path.join(filesDir, page);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, "index.html"), Buffer.from(await response.arrayBuffer()));
    }
    files = await startServer("files", filesDir);
    const rates: Record<string, { rendered: number[]; files: number[] }> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const page of pages) {
        rates[page] ??= { rendered: [], files: [] };
        // Alternated, so a burst of other work on the machine falls on both alike.
        rates[page].rendered.push(await requestsPerSecond(rendered.url + page));
        rates[page].files.push(await requestsPerSecond(files.url + page));
      }
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const rows = pages.map((page) => {
      const cacheRate = mean(rates[page]!.rendered);
      const filesRate = mean(rates[page]!.files);
      return { page, cacheRate, filesRate, ratio: cacheRate / filesRate };
    });
    const lines = [
      `# Pages served from the page cache against prerendered files (${new Date().toISOString()})`,
      "",
      `${CONNECTIONS} connections, ${DURATION_S} s per run, ${ROUNDS} runs each, brotli`,
      "",
      "| Page | Page cache (req/s) | Prerendered files (req/s) | Ratio | Target ≥ 80% |",
      "| --- | ---: | ---: | ---: | --- |",
      ...rows.map(
        (row) =>
          `| \`${row.page}\` | ${row.cacheRate.toFixed(0)} | ${row.filesRate.toFixed(0)} | ` +
          `${(row.ratio * 100).toFixed(0)}% | ${row.ratio >= TARGET_RATIO ? "met" : "missed"} |`,
      ),
    ];
    if (rows.some((row) => row.ratio < TARGET_RATIO))
      lines.push("", "A target was missed (reported, not fatal).");
    const summary = lines.join("\n") + "\n";
    const json = JSON.stringify(
      {
        at: new Date().toISOString(),
        connections: CONNECTIONS,
        seconds: DURATION_S,
        rounds: ROUNDS,
        rates,
        rows,
      },
      null,
      2,
    );
    const stamp = new Date()
      .toISOString()
      .replace(/:/g, "-")
      .replace(/\.\d+Z$/, "Z");
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, `pages-${stamp}.json`), json + "\n");
    await writeFile(path.join(resultsDir, "pages-latest.json"), json + "\n");
    await writeFile(path.join(resultsDir, "pages-latest.md"), summary);
    console.log(
      `\n${summary}\nWritten: bench/results/pages-${stamp}.json, pages-latest.json, pages-latest.md`,
    );
  } finally {
    await stop(rendered.child);
    if (files) await stop(files.child);
    await rm(filesDir, { recursive: true, force: true });
  }
}

await main();
