import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

// Writes the installed app's icons (public/icons/*.png, listed in public/manifest.webmanifest) from the
// favicon's design: the green disc with a white tick. Run it after changing the design
// (`tsx scripts/app-icons.ts`) and commit the PNGs; the build only copies them.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "public", "icons");
const green = "#0b5d3b";
const tick = `<path d="M9 17.5 14 22l9-11" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`;

// "any": the disc on a transparent ground, as the favicon.
const disc = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="${green}"/>${tick}</svg>`;
// "maskable" (and Apple's touch icon, which iOS rounds itself): green to every edge, the tick inside the
// central circle of 80% that every mask shape keeps.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${green}"/><g transform="translate(16 16) scale(0.75) translate(-16 -16.5)">${tick}</g></svg>`;

const icons: [file: string, svg: string, size: number][] = [
  ["icon-192.png", disc, 192],
  ["icon-512.png", disc, 512],
  ["icon-maskable-512.png", fullBleed, 512],
  ["apple-touch-icon.png", fullBleed, 180],
];

await mkdir(outDir, { recursive: true });
for (const [file, svg, size] of icons) {
  const png = await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(outDir, file), png);
  console.log(`public/icons/${file}: ${size} × ${size}, ${png.length} bytes`);
}
