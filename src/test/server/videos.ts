import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { locateFfmpeg } from "../../server/media/ffmpeg";

// Test videos made with ffmpeg itself (the same ffmpeg the server uses), the way a phone would leave
// them: a location in the container (©xyz and com.apple.quicktime.location.ISO6709), a creation time,
// the device's make and model, a stream title, chapters, a subtitle stream and a second audio stream.

const run = promisify(execFile);

/** What a test video carries that must never be published, each a string findable in the file's bytes. */
export const revealingTags = {
  location: "+06.4550+003.3841/",
  appleLocation: "+06.4550+003.3841+010.000/",
  make: "Tecno",
  model: "Camon-20-Pro",
  creationTime: "2024-05-01T10:00:00Z",
  streamTitle: "Flat-3-Allen-Avenue",
  chapterTitle: "Outside-my-office",
  subtitle: "We-are-at-12-Allen-Avenue-Ikeja",
} as const;

export type TestVideoFormat = "mp4" | "mov" | "avi";

export async function ffmpegPath(): Promise<string> {
  return (await locateFfmpeg(process.env.FFMPEG_PATH)).path;
}

/** A one-second video in `format`, full of revealing metadata (AVI: tags and a title only). */
export async function revealingVideo(format: TestVideoFormat): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), "ia-video-"));
  try {
    const chapters = path.join(folder, "chapters.txt");
    const subtitles = path.join(folder, "subtitles.srt");
    const output = path.join(folder, `clip.${format}`);
    await writeFile(
      chapters,
      `;FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=500\ntitle=${revealingTags.chapterTitle}\n`,
    );
    await writeFile(subtitles, `1\n00:00:00,000 --> 00:00:01,000\n${revealingTags.subtitle}\n`);
    const quicktime = format !== "avi";
    const args = [
      ...["-hide_banner", "-loglevel", "error", "-y"],
      ...["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=1"],
      ...(quicktime ? ["-i", subtitles, "-i", chapters] : []),
      ...(quicktime ? ["-map", "0", "-map", "1", "-map", "2", "-map", "1", "-map_chapters", "3"] : []),
      ...["-c:v", "mpeg4", "-c:a", "aac"],
      ...(quicktime ? ["-c:s", "mov_text"] : []),
      ...["-metadata", `location=${revealingTags.location}`],
      ...["-metadata", `com.apple.quicktime.location.ISO6709=${revealingTags.appleLocation}`],
      ...["-metadata", `make=${revealingTags.make}`, "-metadata", `model=${revealingTags.model}`],
      ...["-metadata", `creation_time=${revealingTags.creationTime}`],
      ...["-metadata", `comment=${revealingTags.make}`],
      ...["-metadata:s:v:0", `title=${revealingTags.streamTitle}`],
      ...(quicktime ? ["-movflags", "use_metadata_tags"] : []),
      output,
    ];
    await run(await ffmpegPath(), args);
    return await readFile(output);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export interface VideoDescription {
  /** What read the file: ffprobe when it sits beside the ffmpeg found, else ffmpeg's own description. */
  reader: "ffprobe" | "ffmpeg -i";
  /** The reader's output, as printed (ffprobe's JSON, or `ffmpeg -i`'s description). */
  text: string;
  /** The container's (format's) tags. */
  globalTags: Record<string, string>;
  /** Each stream's kind (video, audio, subtitle, data, attachment) and tags. */
  streams: { kind: string; tags: Record<string, string> }[];
  chapters: number;
}

/**
 * ffprobe beside `ffmpeg`, if there is one: Debian's ffmpeg package ships /usr/bin/ffprobe; the binary
 * bundled in @ffmpeg-installer/ffmpeg comes alone.
 */
export async function ffprobeBeside(ffmpeg: string): Promise<string | undefined> {
  const candidate = path.join(path.dirname(ffmpeg), "ffprobe");
  return access(candidate, constants.X_OK).then(
    () => candidate,
    () => undefined,
  );
}

/** What a reader sees in a file: its streams, tags and chapters (ffprobe, else `ffmpeg -i`). */
export async function describeVideo(bytes: Buffer, format: TestVideoFormat): Promise<VideoDescription> {
  const folder = await mkdtemp(path.join(tmpdir(), "ia-probe-"));
  try {
    const file = path.join(folder, `probe.${format}`);
    await writeFile(file, bytes);
    const ffmpeg = await ffmpegPath();
    const ffprobe = await ffprobeBeside(ffmpeg);
    if (ffprobe) {
      const { stdout } = await run(ffprobe, [
        ...["-v", "error", "-show_format", "-show_streams", "-show_chapters"],
        ...["-print_format", "json", file],
      ]);
      return { reader: "ffprobe", text: stdout, ...parseProbe(stdout) };
    }
    // With no output file ffmpeg exits 1 after describing the input; the description is on stderr.
    const text = await run(ffmpeg, ["-hide_banner", "-i", file]).then(
      ({ stderr }) => stderr,
      (error: { stderr?: string }) => error.stderr ?? "",
    );
    return { reader: "ffmpeg -i", text, ...parseDescription(text) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

type Described = Omit<VideoDescription, "reader" | "text">;

function parseProbe(json: string): Described {
  const probe = JSON.parse(json) as {
    format?: { tags?: Record<string, string> };
    streams?: { codec_type?: string; tags?: Record<string, string> }[];
    chapters?: unknown[];
  };
  return {
    globalTags: probe.format?.tags ?? {},
    streams: (probe.streams ?? []).map((stream) => ({
      kind: stream.codec_type ?? "unknown",
      tags: stream.tags ?? {},
    })),
    chapters: probe.chapters?.length ?? 0,
  };
}

function parseDescription(text: string): Described {
  const globalTags: Record<string, string> = {};
  const streams: VideoDescription["streams"] = [];
  let chapters = 0;
  let target: Record<string, string> | null = null;
  for (const line of text.split("\n")) {
    const stream = /^\s*Stream #\d+:\d+.*?: (\w+):/.exec(line);
    if (stream) {
      const tags: Record<string, string> = {};
      streams.push({ kind: stream[1]!.toLowerCase(), tags });
      target = tags;
      continue;
    }
    if (/^\s*Chapter #/.test(line)) {
      chapters += 1;
      target = null;
      continue;
    }
    if (/^Input #/.test(line)) {
      target = globalTags;
      continue;
    }
    if (/^\s*Duration:/.test(line)) {
      target = null;
      continue;
    }
    const tag = /^\s+([^:\s][^:]*?)\s*: (.*)$/.exec(line);
    if (tag && target && tag[1] !== "Metadata") target[tag[1]!.trim()] = tag[2]!;
  }
  return { globalTags, streams, chapters };
}
