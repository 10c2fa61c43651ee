import { faultMessages } from "../api/fault-messages";
import type { ReportPlace } from "./report-place";

// Eyewitness reports (docs/api.md): the rules both the web form and the server
// apply. The server enforces every one of them; the form checks them first for convenience.

export const commentTypes = ["barrier", "experience", "question", "contribution"] as const;
export type CommentType = (typeof commentTypes)[number];

export const commentTypeLabels: Record<CommentType, string> = {
  barrier: "Barrier",
  experience: "Experience",
  question: "Question",
  contribution: "Contribution",
};

export const reportStatuses = ["pending", "verified", "rejected"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const reportStatusLabels: Record<ReportStatus, string> = {
  pending: "Pending review",
  verified: "Verified",
  rejected: "Rejected",
};

export const COMMENT_MAX_LENGTH = 5000;
export const NAME_MAX_LENGTH = 100;

export const PHOTO_MAX_COUNT = 10;
/** A photo's description: its text alternative wherever the photo is shown. */
export const PHOTO_DESCRIPTION_MAX_LENGTH = 300;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;

/** Photo types accepted, decided by content on the server. */
export const photoTypes = {
  "image/jpeg": "JPG",
  "image/png": "PNG",
  "image/gif": "GIF",
} as const;

/** Video types accepted, decided by content on the server. */
export const videoTypes = {
  "video/mp4": "MP4",
  "video/quicktime": "MOV",
  "video/x-msvideo": "AVI",
} as const;

export type MediaChoice = "none" | "photograph" | "video";

export const reportMessages = {
  fillRequired: "Please fill in all required fields",
  invalidEmail: "Please enter a valid email address",
  commentTooLong: `Your comment can be at most ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters long.`,
  unknownCommentType: "Please choose a comment type: Barrier, Experience, Question or Contribution.",
  tooManyPhotos: `You can attach at most ${PHOTO_MAX_COUNT} photographs.`,
  photoTooLarge: (name: string) => `The photograph "${name}" is larger than 5 MB.`,
  photoWrongType: (name: string) => `The file "${name}" is not a JPG, PNG or GIF photograph.`,
  videoTooLarge: (name: string) => `The video "${name}" is larger than 100 MB.`,
  videoWrongType: (name: string) => `The file "${name}" is not an MP4, MOV or AVI video.`,
  oneVideoOnly: "You can attach one video.",
  photosAndVideo: "Please attach either photographs or a video, not both.",
  videoFileAndUrl: "Please give either a video file or a video link, not both.",
  invalidVideoUrl: "Please enter a video link that starts with http:// or https://.",
  photoDescriptionTooLong: (position: number) =>
    `The description of photo ${position} can be at most ${PHOTO_DESCRIPTION_MAX_LENGTH} characters long.`,
  submitted: "Your eyewitness report has been submitted successfully!",
  failed: "Something went wrong",
} as const;

/** A video link: YouTube, Vimeo or any other http(s) address. */
export function isVideoUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** What GET /api/v1/eyewitness/mine (and later the review and published lists) return for a report. */
export interface ReportMediaView {
  id: string;
  /** "audio": a voice note sent by WhatsApp, for moderators only (never in a public view). */
  kind: "photo" | "video" | "audio";
  contentType: string;
  bytes: number;
  /** Where the file is served, access-checked: `/media/{id}`. */
  url: string;
  /** What the photo shows, as its reporter described it (its alt text); null when not described. */
  description: string | null;
  /** A photo's size in pixels; null for a video and for photos stored before sizes were kept. */
  width: number | null;
  height: number | null;
  /**
   * Smaller WebP copies of a photo, smallest first, served with the photo's own access rules at
   * `{url}` with `w={bound}` added; empty for a video, a small photo, or one stored before variants.
   */
  variants: ReportMediaVariantView[];
}

export interface ReportMediaVariantView {
  width: number;
  height: number;
  url: string;
}

export interface OwnReportView {
  id: string;
  commentType: CommentType;
  comment: string;
  status: ReportStatus;
  createdAt: string;
  videoUrl: string | null;
  media: ReportMediaView[];
  /** Whether the reporter chose to show their first name when the report is published. */
  showFirstName: boolean;
  /** The reviewer's note on the latest decision, shown to the reporter. */
  reviewNote: string | null;
  reviewedAt: string | null;
  /** Where and when, all of it; null for a report sent before places were asked. */
  place: ReportPlace | null;
  /** The reporter confirmed the people shown agreed, or cannot be identified. */
  peopleConsent: boolean;
  /** When the reporter withdrew it (it is then out of public view for good); null when they did not. */
  withdrawnAt: string | null;
  /** The key the reporter's device sent it with (Idempotency-Key), so it can tell it has arrived. */
  idempotencyKey: string | null;
  /**
   * What a moderator changed of a published report before the public saw it, so the reporter is told in
   * My reports as in the e-mail; null when the report is not public or nothing was changed.
   */
  publicChanges: PublicChangesView | null;
}

export interface PublicChangesView {
  /** The text the public reads, when it differs from the reporter's; null when it is theirs. */
  text: string | null;
  blurredPhotos: number;
  hiddenMedia: number;
}

/** What the server says about a submission beyond the form's own rules. */
export const reportServerMessages = {
  notMultipart: "Please send the report as a form (multipart/form-data).",
  uploadTooLarge: (photoLimit: string, videoLimit: string) =>
    `This upload is too large. Please attach at most ${PHOTO_MAX_COUNT} photographs of ${photoLimit} each or one video of ${videoLimit}.`,
  unexpectedFile: 'Please attach photographs or a video in the "media" field.',
  formUnreadable: "We could not read the report that was sent. Please try again.",
  uploadInterrupted: "The upload stopped before it was complete. Please try again.",
  photoUnreadable: (name: string) =>
    `The photograph "${name}" could not be read. Please choose another file.`,
  photoTooManyPixels: (name: string) =>
    `The photograph "${name}" has too many pixels. Please choose a smaller photograph.`,
  tooManySubmissions: (minutes: number) =>
    `You have sent many reports in the last hour. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`,
  mediaLinkExpired: "This media link has expired. Please reload the page.",
  videoUnreadable: (name: string) =>
    `The video "${name}" could not be read, so it was not stored. Please send the video file as it came from the camera, or another file.`,
  storageUnavailable: faultMessages.storageFull,
  mediaLost: "The server lost a file of your report before saving it. Please send the report again.",
  moreDescriptionsThanPhotos: "There are more photo descriptions than photographs.",
} as const;
