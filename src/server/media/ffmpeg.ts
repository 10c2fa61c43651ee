import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

// Which ffmpeg remuxes videos. ffmpeg parses files sent by anyone, so the one that gets security updates
// wins: FFMPEG_PATH when set, else the system's (Debian's package), else the binary shipped inside the
// registry package @ffmpeg-installer/ffmpeg, a 2018 build that never gets fixes: a fallback so a fresh
// `npm ci` still works, announced in the log.

export type FfmpegSource = "FFMPEG_PATH" | "system" | "bundled";

export interface Ffmpeg {
  path: string;
  source: FfmpegSource;
}

export const bundledFfmpegWarning =
  "ffmpeg: using the 2018 build shipped in @ffmpeg-installer/ffmpeg, which gets no security fixes. Install the system's ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH.";

/** Finds ffmpeg; throws with a sentence naming FFMPEG_PATH when none can run. */
export async function locateFfmpeg(
  configuredPath: string | undefined,
  searchPath = process.env.PATH ?? "",
): Promise<Ffmpeg> {
  if (configuredPath) {
    if (!(await isExecutable(configuredPath))) {
      throw new Error(`FFMPEG_PATH: ${configuredPath} is not an executable file`);
    }
    return { path: configuredPath, source: "FFMPEG_PATH" };
  }
  for (const folder of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(folder, "ffmpeg");
    if (await isExecutable(candidate)) return { path: candidate, source: "system" };
  }
  const bundled = bundledFfmpegPath();
  if (bundled && (await isExecutable(bundled))) return { path: bundled, source: "bundled" };
  throw new Error(
    "ffmpeg was not found: install it (apt-get install ffmpeg), set FFMPEG_PATH, or run npm ci to get @ffmpeg-installer/ffmpeg",
  );
}

function bundledFfmpegPath(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const installer = require("@ffmpeg-installer/ffmpeg") as { path?: string };
    return installer.path;
  } catch {
    // The package has no binary for this platform.
    return undefined;
  }
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
