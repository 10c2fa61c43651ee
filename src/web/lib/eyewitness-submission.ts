import type { PlacePrecision } from "../../domain/reports/report-place";
import type { CommentType } from "../../domain/reports/report-rules";

// A report as the web sends it to POST /eyewitness: made by the form's checks, kept in the outbox on the
// device, sent by a page (report-api.ts) or by the service worker with no page open (outbox-worker.ts),
// both through eyewitness-form-data.ts. Here, below the features, because the service worker's sender uses it.

/** What is sent: only the media of the chosen kind, never photographs and a video together. */
export interface EyewitnessSubmission {
  firstName: string;
  lastName: string;
  email: string;
  stateId: number;
  /** As the LGA registry spells it. */
  lga: string;
  /** Trimmed; null when not given. */
  place: string | null;
  occurredOn: string;
  placePrecision: PlacePrecision;
  commentType: CommentType;
  comment: string;
  showFirstName: boolean;
  /** Sent only with media: true when the reporter confirmed it. */
  peopleConsent: boolean;
  photos: PhotoSubmission[];
  video: File | null;
  videoUrl: string | null;
  /**
   * The key every try of this report carries (the Idempotency-Key header), so the server stores it once
   * however often a lost answer makes the phone send it again. Given by the form, kept in the outbox.
   */
  idempotencyKey?: string;
}

export interface PhotoSubmission {
  file: File;
  /** Trimmed; "" when the reporter did not describe the photo. */
  description: string;
}
