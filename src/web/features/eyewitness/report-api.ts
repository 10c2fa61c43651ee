import { apiRoute, request } from "../../lib/api-client";
import type { MyReportsAnswer, SubmittedAnswer } from "../../../domain/api/reports";
import { uploadFormData, type UploadProgress } from "../../lib/upload";
import { eyewitnessFormData } from "../../lib/eyewitness-form-data";
import type { EyewitnessSubmission } from "../../lib/eyewitness-submission";

// The eyewitness endpoints (docs/api.md): POST /eyewitness as multipart with progress and cancelling, and
// GET /eyewitness/mine for the signed-in user's own reports. A 401 is handled by the API client (sign out,
// 'Unauthorized! Logging Out...').

export type { MyReportsAnswer } from "../../../domain/api/reports";

const submit = apiRoute("reports.submit", "POST", "/api/v1/eyewitness");

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
