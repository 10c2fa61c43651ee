import { fileTypeFromBuffer } from "file-type";
import { photoTypes, type videoTypes } from "../../domain/reports/report-rules";

// The type of an uploaded file is decided by its first bytes, never by its name or the browser's
// Content-Type (docs/architecture.md): a text file named ramp.jpg is not a photograph.

export type PhotoContentType = keyof typeof photoTypes;
export type VideoContentType = keyof typeof videoTypes;

export function isPhotoContentType(contentType: string): contentType is PhotoContentType {
  return Object.hasOwn(photoTypes, contentType);
}

export type MediaType =
  { kind: "photo"; contentType: PhotoContentType } | { kind: "video"; contentType: VideoContentType };

/** Enough leading bytes for file-type to recognise every accepted format. */
export const SNIFF_BYTES = 4100;

// file-type's extension → the content type we store. APNG is read as PNG (sharp keeps its first frame);
// M4V is Apple's name for an MP4 file.
const acceptedByExtension: Record<string, MediaType> = {
  jpg: { kind: "photo", contentType: "image/jpeg" },
  png: { kind: "photo", contentType: "image/png" },
  apng: { kind: "photo", contentType: "image/png" },
  gif: { kind: "photo", contentType: "image/gif" },
  mp4: { kind: "video", contentType: "video/mp4" },
  m4v: { kind: "video", contentType: "video/mp4" },
  mov: { kind: "video", contentType: "video/quicktime" },
  avi: { kind: "video", contentType: "video/x-msvideo" },
};

/** The accepted type the content is, or null for anything else (or nothing recognisable). */
export async function sniffMediaType(head: Uint8Array): Promise<MediaType | null> {
  const found = await fileTypeFromBuffer(head);
  return (found && acceptedByExtension[found.ext]) ?? null;
}

// WebP: the photos' smaller copies (photo-processing.ts), never an upload's type.
const fileExtensions: Record<PhotoContentType | VideoContentType | "image/webp" | "audio/mp4", string> = {
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/png": "png",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/x-msvideo": "avi",
  // A WhatsApp voice note, as stored (channels/whatsapp/voice-notes.ts).
  "audio/mp4": "m4a",
};

/** The extension for a stored content type, for the download name of a file. */
export function extensionOf(contentType: string): string {
  return fileExtensions[contentType as keyof typeof fileExtensions] ?? "bin";
}
