import { apiRoute, request } from "../../lib/api-client";
import type { MyReportsAnswer, SubmittedAnswer } from "../../../domain/api/reports";
import { uploadFormData, type UploadProgress } from "../../lib/upload";
import type { EyewitnessSubmission } from "./report-form-checks";

// The eyewitness endpoints (DESIGN §5): POST /eyewitness as multipart with progress and cancelling, and
// GET /eyewitness/mine for the signed-in user's own reports. A 401 is handled by the API client (sign out,
// 'Unauthorized! Logging Out...').

export type { MyReportsAnswer } from "../../../domain/api/reports";

const submit = apiRoute("reports.submit", "POST", "/api/v1/eyewitness");

/**
 * The multipart body: the form's fields (place only when given; showFirstName and peopleConsent only when
 * ticked), the photos' descriptions (one
 * `photoDescription` per photo, in order, when any photo is described), then the files in `media`
 * (photographs or one video) or `videoUrl`. Text first, so the server checks it before any upload.
 */
export function eyewitnessFormData(report: EyewitnessSubmission): FormData {
  const body = new FormData();
  body.append("firstName", report.firstName);
  body.append("lastName", report.lastName);
  body.append("email", report.email);
  body.append("stateId", String(report.stateId));
  body.append("lga", report.lga);
  if (report.place) body.append("place", report.place);
  body.append("occurredOn", report.occurredOn);
  body.append("placePrecision", report.placePrecision);
  body.append("commentType", report.commentType);
  body.append("comment", report.comment);
  // Absent means Anonymous: the server never shows a name the reporter did not choose to show.
  if (report.showFirstName) body.append("showFirstName", "true");
  if (report.peopleConsent) body.append("peopleConsent", "true");
  if (report.videoUrl) body.append("videoUrl", report.videoUrl);
  if (report.photos.some((photo) => photo.description !== "")) {
    for (const photo of report.photos) body.append("photoDescription", photo.description);
  }
  for (const photo of report.photos) body.append("media", photo.file, photo.file.name);
  if (report.video) body.append("media", report.video, report.video.name);
  return body;
}

export function sendEyewitnessReport(
  report: EyewitnessSubmission,
  options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void },
): Promise<SubmittedAnswer> {
  const headers: Record<string, string> = report.idempotencyKey
    ? { "idempotency-key": report.idempotencyKey }
    : {};
  return uploadFormData(submit, eyewitnessFormData(report), { ...options, headers });
}

const mine = apiRoute("reports.mine", "GET", "/api/v1/eyewitness/mine");

export function fetchMyReports(page: number, signal?: AbortSignal): Promise<MyReportsAnswer> {
  return request(mine, { query: { page: String(page) }, signal });
}

// The key every try of one report carries (the Idempotency-Key header): the server stores a report once
// per key and reporter, so a retry after a lost answer never makes a second.
/** A new idempotency key for one report: a random UUID (random hex where randomUUID is missing). */
export function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}
