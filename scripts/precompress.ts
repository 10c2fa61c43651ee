import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Writes .br and .gz beside each built asset so the server sends compressed bytes without compressing
// on every request (slow mobile data pays for every byte).

const root = path.resolve(process.argv[2] ?? "build/client");
const compressible = /\.(js|css|svg|json|data|txt|xml|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
for await (const file of files(root)) {
  const content = await readFile(file);
  if (content.length < 256) continue;
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  await writeFile(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), root)}`);
