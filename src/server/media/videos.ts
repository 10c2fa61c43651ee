import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { ConcurrencyLimit } from "./concurrency-limit";
import type { Ffmpeg } from "./ffmpeg";
import type { VideoContentType } from "./media-types";

// Videos are remuxed before they are stored, so nothing of the original container survives but one
// video and one audio stream: no container or stream tags (MP4/MOV location atoms such as ©xyz and
// com.apple.quicktime.location.ISO6709, creation time, device make and model, AVI INFO and WebM tags),
// no chapters, no subtitle, data or attachment streams, no handler names. What remains is what the MP4/MOV
// muxer always writes: the brands, and each track's language code ("und") and vendor field (fixed codes).
// The streams are copied (-c copy), never re-encoded, and MP4/MOV get their index first (faststart) so
// playback starts before the download ends.
// ffmpeg reads a file sent by anyone: its input format is forced to the one sniffed, it may open local
// files only (no network protocols, no external references), and it is killed after a time limit.

export class VideoProblem extends Error {
  constructor(
    readonly reason: "unreadable" | "timeout",
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export interface RemuxOptions {
  ffmpeg: Ffmpeg;
  /** Longest a remux may take before ffmpeg is killed. */
  timeoutMs: number;
}

const containers: Record<VideoContentType, { demuxer: string; muxer: string; quicktime: boolean }> = {
  "video/mp4": { demuxer: "mov", muxer: "mp4", quicktime: true },
  "video/quicktime": { demuxer: "mov", muxer: "mov", quicktime: true },
  "video/x-msvideo": { demuxer: "avi", muxer: "avi", quicktime: false },
};

// One remux per core at a time: each is a process of its own, and a burst must not start dozens.
const remuxing = new ConcurrencyLimit(Math.max(1, availableParallelism()));

/** The ffmpeg arguments that copy `input`'s first video and audio streams, and nothing else, to `output`. */
export function remuxArguments(input: string, output: string, contentType: VideoContentType): string[] {
  const container = containers[contentType];
  return [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y"],
    // Local files only: no http, no tcp, no concat or playlists pointing elsewhere.
    ...["-protocol_whitelist", "file"],
    ...["-f", container.demuxer, "-i", input],
    // The first real video stream (not a cover picture), and the first audio stream if there is one.
    ...["-map", "0:V:0", "-map", "0:a:0?"],
    ...["-c", "copy"],
    // No global, stream or chapter metadata is copied; bitexact keeps ffmpeg's own tags and dates out.
    ...["-map_metadata", "-1", "-map_metadata:s", "-1", "-map_chapters", "-1"],
    ...["-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"],
    // MP4/MOV: no handler name in the hdlr atoms ("VideoHandler", or the camera's own name when copied).
    ...(container.quicktime ? ["-empty_hdlr_name", "1"] : []),
    ...(container.quicktime ? ["-movflags", "+faststart"] : []),
    ...["-f", container.muxer, output],
  ];
}

/** Writes `input` remuxed without metadata to `output`; throws VideoProblem when ffmpeg cannot. */
export function remuxVideo(
  input: string,
  output: string,
  contentType: VideoContentType,
  options: RemuxOptions,
): Promise<void> {
  return remuxing.run(() => runFfmpeg(options, remuxArguments(input, output, contentType)));
}

function runFfmpeg({ ffmpeg, timeoutMs }: RemuxOptions, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    let timedOut = false;
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      if (errors.length < 4000) errors += text;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      // ffmpeg could not be started at all: the server's problem, not the file's.
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new VideoProblem("timeout", `killed after ${timeoutMs} ms`));
      else if (code === 0) resolve();
      else reject(new VideoProblem("unreadable", errors.trim().slice(0, 500) || `exit code ${code}`));
    });
  });
}
