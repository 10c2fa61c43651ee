import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The web manifest (public/manifest.webmanifest) that lets the site be installed, and its icons.

const publicDir = path.resolve(import.meta.dirname, "../../../../public");

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

async function readManifest() {
  return JSON.parse(await readFile(path.join(publicDir, "manifest.webmanifest"), "utf8")) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: ManifestIcon[];
  };
}

/** A PNG's width and height, from its IHDR chunk. */
async function pngSize(file: string): Promise<string> {
  const bytes = await readFile(file);
  expect(bytes.subarray(1, 4).toString("latin1"), file).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe("the web manifest", () => {
  it("names the app and opens it standalone at the home page", async () => {
    const manifest = await readManifest();
    expect(manifest.name).toBe("Inclusion Atlas");
    expect(manifest.short_name).toBe("Inclusion Atlas");
    expect(manifest.start_url).toBe("/");
    expect(manifest.display).toBe("standalone");
  });

  it("takes its colours from the site's design tokens", async () => {
    const manifest = await readManifest();
    const css = await readFile(path.resolve(publicDir, "../src/web/app/styles/global.css"), "utf8");
    const token = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
    expect(manifest.theme_color).toBe(token("color-primary"));
    expect(manifest.background_color).toBe(token("color-bg"));
  });

  it("lists icons of 192 and 512 px and a maskable one, each of the size it says", async () => {
    const { icons } = await readManifest();
    const pngs = icons.filter((icon) => icon.type === "image/png");
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );
    for (const icon of pngs) {
      expect(await pngSize(path.join(publicDir, icon.src)), icon.src).toBe(icon.sizes);
    }
  });
});
