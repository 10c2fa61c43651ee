import { createHash, randomUUID } from "node:crypto";
import { problem } from "../../domain/api/problems";
import { once } from "node:events";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import type { Multipart, MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  VIDEO_MAX_BYTES,
  reportMessages,
  reportServerMessages,
} from "../../domain/reports/report-rules";
import { formatNumber } from "../../domain/format";
import { HttpError } from "../http/errors";
import { hasForbiddenCharacter, invalidCharacterMessage } from "../http/input-guard";
import { SNIFF_BYTES, sniffMediaType, type MediaType } from "../media/media-types";
import { PhotoProblem, reencodePhoto, type ProcessedPhoto } from "../media/photos";
import { isStorageUnavailable, type MediaBatch } from "../media/media-store";
import { byteLimit, Fingerprint, readHead, type SplitUpload } from "../media/upload-streams";
import { remuxVideo, VideoProblem, type RemuxOptions } from "../media/videos";
import {
  hasRequiredFields,
  parsePhotoDescriptions,
  parseReportFields,
  PHOTO_DESCRIPTION_FIELD,
  requirePeopleConsent,
  type ReportFields,
} from "./report-fields";
import { reportFieldNames } from "../../domain/reports/report-fields";

// Reads a multipart report as it arrives (docs/architecture.md): text fields; photos (at most 10, each at
// most 5 MB, JPG/PNG/GIF by content), read into memory, re-encoded without metadata, then written (their
// smaller WebP variants are made after the answer: media/photo-variants.ts); or one video (at most 100 MB, MP4/MOV/AVI by content) streamed straight to a local incoming file; or a video
// link. Each rule is checked as soon as the part it concerns arrives, so a refused upload stops early.
// Every file goes into `batch`, which writes it to the media store (the uploads folder or an S3 bucket);
// the caller discards the batch when anything fails. A video is stored only remuxed without metadata
// (media/videos.ts), streamed from its local copy to the store; the file as it came is never stored.

export interface UploadLimits {
  photoMaxBytes: number;
  videoMaxBytes: number;
}

export interface StoredMedia {
  id: string;
  kind: MediaType["kind"];
  storageKey: string;
  contentType: string;
  bytes: number;
  sha256: string;
  /** A photo's size in pixels; null for a video. */
  width: number | null;
  height: number | null;
}

export interface ReceivedReport {
  fields: ReportFields;
  /** In the order attached; each photo with its description, if the reporter gave one. */
  media: (StoredMedia & { description: string | null })[];
}

/** The multipart limits that let the parser itself stop an oversized request. */
export function multipartLimits(limits: UploadLimits) {
  return {
    // One more than the largest file, so our own count sees the excess and names the file.
    fileSize: Math.max(limits.photoMaxBytes, limits.videoMaxBytes) + 1,
    // One more than the photos allowed, so the eleventh is refused with the limit's own sentence.
    files: PHOTO_MAX_COUNT + 1,
    // The report's fields, and a description per photo.
    fields: 20 + PHOTO_MAX_COUNT,
    // The longest comment in 4-byte characters, with room to spare.
    fieldSize: 64 * 1024,
    parts: PHOTO_MAX_COUNT + 1 + 20 + PHOTO_MAX_COUNT,
    headerPairs: 100,
  };
}

/** The largest request body a valid report can have: 10 photos or one video, the fields, the framing. */
export function largestReportBytes(limits: UploadLimits): number {
  return Math.max(limits.photoMaxBytes * PHOTO_MAX_COUNT, limits.videoMaxBytes) + 1024 * 1024;
}

export async function receiveReport(
  request: FastifyRequest,
  batch: MediaBatch,
  limits: UploadLimits,
  video: RemuxOptions,
  /** The date in Nigeria: a report's "date it happened" may not be later. */
  today: string,
): Promise<ReceivedReport> {
  const values = new Map<string, string>();
  const descriptions: string[] = [];
  const media: StoredMedia[] = [];
  const attached = new AttachedMedia();
  let fieldsChecked = false;

  for await (const part of partsOf(request, limits)) {
    if (part.type === "field") {
      const name = part.fieldname;
      // The same rule as every JSON field and query parameter (http/input-guard.ts), for form fields.
      if (typeof part.value === "string" && hasForbiddenCharacter(part.value)) {
        throw new HttpError(400, invalidCharacterMessage(name), {
          field: name,
          problem: problem("request.fieldInvalid", { field: name }),
        });
      }
      if (name === PHOTO_DESCRIPTION_FIELD) {
        descriptions.push(typeof part.value === "string" ? part.value : String(part.value));
        continue;
      }
      if (!(reportFieldNames as readonly string[]).includes(name) || values.has(name)) continue;
      const value = typeof part.value === "string" ? part.value : String(part.value);
      values.set(name, value);
      if (name === "videoUrl" && value.trim() !== "") attached.add("video-link");
      continue;
    }
    if (part.fieldname !== "media") {
      throw new HttpError(400, reportServerMessages.unexpectedFile, { field: part.fieldname });
    }
    // A browser sends an empty file input as a nameless, empty part.
    if (part.filename === "") {
      part.file.resume();
      continue;
    }
    // With the text fields sent first, as the web app does, their mistakes are found before any upload.
    if (!fieldsChecked && hasRequiredFields(values)) {
      parseReportFields(values, today);
      fieldsChecked = true;
    }
    media.push(await storeFile(part, batch, limits, attached, video));
  }
  const fields = parseReportFields(values, today);
  // Only now are the files known; they are still in the batch, which the caller discards on refusal.
  requirePeopleConsent(fields, media.length);
  const photoDescriptions = parsePhotoDescriptions(
    descriptions,
    media.filter((file) => file.kind === "photo").length,
  );
  let photoIndex = 0;
  return {
    fields,
    media: media.map((file) => ({
      ...file,
      description: file.kind === "photo" ? (photoDescriptions[photoIndex++] ?? null) : null,
    })),
  };
}

async function storeFile(
  part: MultipartFile,
  batch: MediaBatch,
  limits: UploadLimits,
  attached: AttachedMedia,
  video: RemuxOptions,
): Promise<StoredMedia> {
  const name = displayName(part.filename);
  const upload = await readHead(part.file, SNIFF_BYTES).catch((error: unknown) => {
    throw asUploadProblem(error, limits);
  });
  try {
    const type = await sniffMediaType(upload.head);
    if (!type) {
      throw new HttpError(
        415,
        meantAsVideo(part) ? reportMessages.videoWrongType(name) : reportMessages.photoWrongType(name),
      );
    }
    attached.add(type.kind);
    return type.kind === "photo"
      ? await storePhoto(upload, type.contentType, name, batch, limits.photoMaxBytes)
      : await storeVideo(upload, type.contentType, name, batch, limits.videoMaxBytes, video);
  } catch (error) {
    await upload.discard();
    throw error instanceof HttpError || isFileSystemError(error) || isStorageUnavailable(error)
      ? error
      : asUploadProblem(error, limits);
  }
}

async function storePhoto(
  upload: SplitUpload,
  contentType: Extract<MediaType, { kind: "photo" }>["contentType"],
  name: string,
  batch: MediaBatch,
  maxBytes: number,
): Promise<StoredMedia> {
  const original = await readAll(
    upload.content,
    maxBytes,
    () => new HttpError(413, photoTooLarge(name, maxBytes)),
  );
  let photo: ProcessedPhoto;
  try {
    photo = await reencodePhoto(original, contentType);
  } catch (error) {
    if (!(error instanceof PhotoProblem)) throw error;
    throw error.reason === "too-many-pixels"
      ? new HttpError(413, reportServerMessages.photoTooManyPixels(name))
      : new HttpError(415, reportServerMessages.photoUnreadable(name));
  }
  const id = randomUUID();
  const storageKey = await batch.store(id, photo.output, contentType);
  return {
    id,
    kind: "photo",
    storageKey,
    contentType,
    bytes: photo.output.length,
    sha256: createHash("sha256").update(photo.output).digest("hex"),
    width: photo.width,
    height: photo.height,
  };
}

async function storeVideo(
  upload: SplitUpload,
  contentType: Extract<MediaType, { kind: "video" }>["contentType"],
  name: string,
  batch: MediaBatch,
  maxBytes: number,
  video: RemuxOptions,
): Promise<StoredMedia> {
  // The file as sent goes to a local incoming file under an id of its own (ffmpeg reads files); only
  // its remuxed copy is stored.
  const original = await batch.incomingFile(randomUUID());
  await pipeline(
    upload.content,
    byteLimit(maxBytes, () => new HttpError(413, videoTooLarge(name, maxBytes))),
    original.stream,
  );
  const id = randomUUID();
  const remuxed = await batch.incomingFile(id);
  remuxed.stream.end();
  await once(remuxed.stream, "close");
  try {
    await remuxVideo(original.path, remuxed.path, contentType, video);
  } catch (error) {
    if (!(error instanceof VideoProblem)) throw error;
    if (/no space left|read-only file system|quota exceeded/i.test(error.message)) {
      throw Object.assign(new Error(error.message), { code: "ENOSPC", syscall: "write" });
    }
    throw new HttpError(422, reportServerMessages.videoUnreadable(name));
  } finally {
    await batch.drop(original.path);
  }
  // ffmpeg does not flush: the remuxed file is on disk before a report row can name it.
  const written = await open(remuxed.path, "r+");
  await written.sync().finally(() => written.close());
  const fingerprint = new Fingerprint();
  await pipeline(createReadStream(remuxed.path), fingerprint, async (chunks) => {
    for await (const chunk of chunks) void chunk;
  });
  return {
    id,
    kind: "video",
    storageKey: await batch.keep(remuxed.path, id, contentType),
    contentType,
    bytes: fingerprint.bytes,
    sha256: fingerprint.sha256,
    width: null,
    height: null,
  };
}

/** What has been attached so far; refuses a combination the rules do not allow, as it arrives. */
class AttachedMedia {
  private photos = 0;
  private videoFile = false;
  private videoLink = false;

  add(kind: "photo" | "video" | "video-link"): void {
    // The refusal names the field that brought the one too many: a file (media) or the link.
    const refuse = (message: string) =>
      new HttpError(400, message, { field: kind === "video-link" ? "videoUrl" : "media" });
    if (kind === "photo") {
      if (this.videoFile || this.videoLink) throw refuse(reportMessages.photosAndVideo);
      if (this.photos >= PHOTO_MAX_COUNT) throw refuse(reportMessages.tooManyPhotos);
      this.photos += 1;
      return;
    }
    if (this.photos > 0) throw refuse(reportMessages.photosAndVideo);
    if (kind === "video") {
      if (this.videoFile) throw refuse(reportMessages.oneVideoOnly);
      if (this.videoLink) throw refuse(reportMessages.videoFileAndUrl);
      this.videoFile = true;
    } else {
      if (this.videoFile) throw refuse(reportMessages.videoFileAndUrl);
      this.videoLink = true;
    }
  }
}

/** The parts of the request; the parser's own refusals become answers a person can act on. */
async function* partsOf(request: FastifyRequest, limits: UploadLimits): AsyncGenerator<Multipart> {
  try {
    for await (const part of request.parts()) yield part;
  } catch (error) {
    throw asUploadProblem(error, limits);
  }
}

function asUploadProblem(error: unknown, limits: UploadLimits): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_FILES_LIMIT") return new HttpError(400, reportMessages.tooManyPhotos, { field: "media" });
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_REQ_FILE_TOO_LARGE") {
    return new HttpError(413, uploadTooLarge(limits));
  }
  if (code === "FST_MP_PREMATURE_CLOSE") return new HttpError(400, reportServerMessages.uploadInterrupted);
  // Anything else the parser or the upload stream reports is a malformed or broken request.
  return new HttpError(400, reportServerMessages.formUnreadable);
}

function isFileSystemError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException | null)?.syscall === "string";
}

async function readAll(
  chunks: AsyncIterable<Buffer>,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    length += chunk.length;
    if (length > maxBytes) throw tooLarge();
    parts.push(chunk);
  }
  return Buffer.concat(parts, length);
}

/** The file's name as the person chose it, safe to put in a sentence. */
function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  if (clean === "") return "unnamed file";
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
}

/** Whether the person meant the file as a video, to name the right kind in a wrong-type answer. */
function meantAsVideo(part: MultipartFile): boolean {
  return part.mimetype.startsWith("video/") || /\.(mp4|m4v|mov|avi)$/i.test(part.filename);
}

/** 413 for a request larger than any valid report. */
export function uploadTooLarge(limits: UploadLimits): string {
  return reportServerMessages.uploadTooLarge(
    megabytes(limits.photoMaxBytes),
    megabytes(limits.videoMaxBytes),
  );
}

function megabytes(bytes: number): string {
  return `${formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;
}

function photoTooLarge(name: string, maxBytes: number): string {
  return maxBytes === PHOTO_MAX_BYTES
    ? reportMessages.photoTooLarge(name)
    : `The photograph "${name}" is larger than ${megabytes(maxBytes)}.`;
}

function videoTooLarge(name: string, maxBytes: number): string {
  return maxBytes === VIDEO_MAX_BYTES
    ? reportMessages.videoTooLarge(name)
    : `The video "${name}" is larger than ${megabytes(maxBytes)}.`;
}
