import { IDBFactory } from "fake-indexeddb";
import { beforeEach, vi } from "vitest";
import { publishedPlace, type ReportPlace } from "../../domain/reports/report-place";
import type { OwnReportView, ReportMediaView } from "../../domain/reports/report-rules";
import type { PublishedReportView, ReviewReportView } from "../../domain/reports/review-rules";
import type { EyewitnessDraft } from "../../web/features/eyewitness/report-form-checks";
import type { EyewitnessSubmission } from "../../web/lib/eyewitness-submission";
import { SESSION_STORAGE_KEY, type SessionUser } from "../../web/lib/session";

// Shared by the reports' component tests: a signed-in user, files of a chosen size and type, and object
// URLs (which jsdom lacks) that the tests can count, and reports as each list returns them.

export const MB = 1024 * 1024;

export function signIn(fields: Partial<SessionUser> = {}): SessionUser {
  const user: SessionUser = {
    id: 7,
    firstname: "Amina",
    lastname: "Bello",
    email: "amina@example.org",
    role: "user",
    isVerified: true,
    language: "en",
    token: "session-token-of-amina",
    ...fields,
  };
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
  return user;
}

/** A file claiming `bytes` without holding them, so 100 MB videos cost nothing. */
export function fileOf(name: string, type: string, bytes = 200 * 1024): File {
  const file = new File(["content"], name, { type });
  Object.defineProperty(file, "size", { value: bytes });
  return file;
}

export const jpeg = (name: string, bytes?: number) => fileOf(name, "image/jpeg", bytes);

/** Installs URL.createObjectURL / revokeObjectURL; returns the URLs made and released. */
export function trackObjectUrls() {
  const made = new Map<string, File | Blob>();
  const revoked: string[] = [];
  let next = 0;
  const create = vi.fn((blob: Blob) => {
    const url = `blob:preview-${++next}`;
    made.set(url, blob);
    return url;
  });
  const revoke = vi.fn((url: string) => void revoked.push(url));
  Object.defineProperty(URL, "createObjectURL", { value: create, configurable: true, writable: true });
  Object.defineProperty(URL, "revokeObjectURL", { value: revoke, configurable: true, writable: true });
  return {
    made,
    revoked,
    /** The URLs made for a file name and still not released. */
    liveFor: (name: string) =>
      [...made]
        .filter(([url, blob]) => (blob as File).name === name && !revoked.includes(url))
        .map(([url]) => url),
  };
}

/** Where and when the reports below happened: Ikeja market, Ikeja LGA, Lagos, published with the LGA. */
export const ikejaMarket: ReportPlace = {
  stateId: 25,
  state: "Lagos",
  lga: "Ikeja",
  place: "Ikeja market",
  occurredOn: "2026-11-20",
  precision: "lga",
};

export function report(fields: Partial<OwnReportView> = {}): OwnReportView {
  return {
    id: "r-1",
    commentType: "barrier",
    comment: "The ramp at the general hospital is too steep for a wheelchair.",
    status: "pending",
    createdAt: "2026-11-21T12:05:00.000Z",
    videoUrl: null,
    media: [],
    showFirstName: false,
    reviewNote: null,
    reviewedAt: null,
    place: ikejaMarket,
    peopleConsent: false,
    withdrawnAt: null,
    idempotencyKey: null,
    publicChanges: null,
    ...fields,
  };
}

/** A report as reviewers see it: pending, from Amina Bello, who chose to show her first name. */
export function reviewReport(fields: Partial<ReviewReportView> = {}): ReviewReportView {
  return {
    id: "r-1",
    commentType: "barrier",
    comment: "The ramp at the general hospital is too steep for a wheelchair.",
    status: "pending",
    createdAt: "2026-11-21T12:05:00.000Z",
    videoUrl: null,
    media: [],
    firstName: "Amina",
    lastName: "Bello",
    email: "amina@example.org",
    showFirstName: true,
    reviewNote: null,
    reviewedAt: null,
    reviewedBy: null,
    place: ikejaMarket,
    peopleConsent: false,
    publicComment: fields.comment ?? "The ramp at the general hospital is too steep for a wheelchair.",
    findings: [],
    withdrawnAt: null,
    mediaModeration: [],
    channel: "web",
    phoneReporter: null,
    reference: "IA-R1000000",
    detailsDue: false,
    occurredWhen: null,
    ...fields,
  };
}

/** A verified report as the public sees it. */
export function publishedReport(fields: Partial<PublishedReportView> = {}): PublishedReportView {
  return {
    id: "p-1",
    commentType: "barrier",
    comment: "The ramp at the general hospital is too steep for a wheelchair.",
    createdAt: "2026-11-21T12:05:00.000Z",
    publishedAt: "2026-11-22T09:00:00.000Z",
    reporterName: "Amina",
    videoUrl: null,
    media: [],
    place: publishedPlace(ikejaMarket),
    ...fields,
  };
}

/** One media file of a report as the API lists it: a JPEG photo unless `fields` say otherwise. */
export function mediaView(id: string, url: string, fields: Partial<ReportMediaView> = {}): ReportMediaView {
  return {
    id,
    kind: "photo",
    contentType: "image/jpeg",
    bytes: 1000,
    url,
    description: null,
    width: null,
    height: null,
    variants: [],
    ...fields,
  };
}

/** Amina's report as the form sends it: a barrier in Ikeja, Lagos, published by state, without media. */
export function submissionOf(fields: Partial<EyewitnessSubmission> = {}): EyewitnessSubmission {
  return {
    ...{ firstName: "Amina", lastName: "Bello", email: "amina@example.org" },
    ...{ stateId: 25, lga: "Ikeja", place: null, occurredOn: "2026-11-20", placePrecision: "state" },
    ...{ commentType: "barrier", comment: "Waiting", showFirstName: false, peopleConsent: false },
    ...{ photos: [], video: null, videoUrl: null },
    ...fields,
  };
}

/** The same report as the form holds it while it is typed (a draft). */
export function draftOf(fields: Partial<EyewitnessDraft> = {}): EyewitnessDraft {
  return {
    ...{ firstName: "Amina", lastName: "Bello", email: "amina@example.org" },
    ...{ stateId: "25", lga: "Ikeja", place: "", occurredOn: "2026-11-20", placePrecision: "state" },
    ...{ commentType: "barrier", comment: "A draft", showFirstName: false, peopleConsent: false },
    ...{ media: "none", photos: [], videoSource: "file", videoFile: null, videoUrl: "" },
    ...fields,
  };
}

/**
 * Gives the calling file's tests a device's IndexedDB (fake-indexeddb): one for the file, stubbed again before
 * each test (a test may take its stubbed globals off). The next file in the worker starts without one, as
 * jsdom does (src/test/web/fresh-page.ts), where `fake-indexeddb/auto` would leave its globals behind.
 */
export function stubDeviceDatabases(): void {
  const databases = new IDBFactory();
  beforeEach(() => {
    vi.stubGlobal("indexedDB", databases);
  });
}

/** Deletes the reports' IndexedDB database (fake-indexeddb), so that a test starts with none. */
export function deleteReportsDatabase(): Promise<void> {
  return new Promise((resolve) => {
    const deleting = indexedDB.deleteDatabase("inclusion-atlas-reports");
    deleting.onsuccess = () => resolve();
    deleting.onerror = () => resolve();
  });
}
