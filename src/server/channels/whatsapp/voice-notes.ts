import { spawn } from "node:child_process";
import { fileTypeFromBuffer } from "file-type";
import type { Ffmpeg } from "../../media/ffmpeg";

// A voice note is kept as audio for moderators to hear, never as it came: ffmpeg re-encodes its first
// audio stream to AAC in MP4 (audio/mp4, which every browser plays; WhatsApp's own Ogg Opus is not played
// by every Safari) with no metadata at all: no tags, no chapters, no other streams, no encoder or
// creation date (bitexact), no handler name. As with videos, ffmpeg reads a file sent by anyone: its
// input format is forced to the one sniffed from its bytes, it may open local files only, and it is
// killed after a time limit.

export const VOICE_NOTE_CONTENT_TYPE = "audio/mp4";
/** WhatsApp's own limit for audio is 16 MB. */
export const VOICE_NOTE_MAX_BYTES = 16 * 1024 * 1024;
const TIMEOUT_MS = 60_000;

// file-type's extension → ffmpeg's demuxer, for the audio formats WhatsApp sends (AAC, AMR, MP3, MP4, Ogg).
const demuxers: Record<string, string> = {
  opus: "ogg",
  ogg: "ogg",
  oga: "ogg",
  m4a: "mov",
  mp4: "mov",
  mp3: "mp3",
  amr: "amr",
  aac: "aac",
};

export class VoiceNoteProblem extends Error {}

/** ffmpeg's demuxer for the audio these bytes are, or null when they are no audio WhatsApp sends. */
export async function voiceNoteFormat(bytes: Buffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes.subarray(0, 4100));
  return (found && demuxers[found.ext]) ?? null;
}

export function voiceNoteArguments(input: string, demuxer: string, output: string): string[] {
  return [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y"],
    ...["-protocol_whitelist", "file"],
    ...["-f", demuxer, "-i", input],
    // The first audio stream only: no cover picture, no second stream.
    ...["-map", "0:a:0", "-vn", "-sn", "-dn"],
    // Mono AAC at a voice's bit rate: small for a moderator on a slow connection.
    ...["-c:a", "aac", "-b:a", "48k", "-ac", "1"],
    ...["-map_metadata", "-1", "-map_metadata:s", "-1", "-map_chapters", "-1"],
    ...["-fflags", "+bitexact", "-flags:a", "+bitexact", "-empty_hdlr_name", "1"],
    ...["-movflags", "+faststart", "-f", "mp4", output],
  ];
}

/** Writes the voice note at `input` to `output` as metadata-free AAC in MP4. */
export function convertVoiceNote(
  ffmpeg: Ffmpeg,
  input: string,
  demuxer: string,
  output: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, voiceNoteArguments(input, demuxer, output), {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      if (errors.length < 2000) errors += text;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new VoiceNoteProblem(errors.trim().slice(0, 300) || `ffmpeg ended with ${code}`));
    });
  });
}
