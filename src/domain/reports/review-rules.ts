import type { PhoneOccurredWhen, ReportChannel } from "./report-channels";
import { placeMessages, type PublishedPlace, type ReportPlace } from "./report-place";
import type { TextFinding } from "./report-findings";
import type { CommentType, ReportMediaView, ReportStatus } from "./report-rules";

// Review and publication of eyewitness reports: the contract shared by the server and the web
// app. Only moderators and admins review; anyone may read verified reports, which show the reporter's
// first name (when they chose it on the form) or "Anonymous reporter", never an e-mail or a last name.

export const REVIEW_NOTE_MAX_LENGTH = 2000;
/** One wording everywhere a name is not published: the pages, the API, the open data and the e-mails. */
export const ANONYMOUS_REPORTER = placeMessages.anonymousReporter;
export const SHOW_FIRST_NAME_LABEL = "Show my first name with the published report";

/** Decisions a reviewer may take from each status. Reject always needs a note. */
export const reviewTransitions: Record<ReportStatus, readonly ReportStatus[]> = {
  pending: ["verified", "rejected"],
  // "Unpublish": back to pending, or rejected.
  verified: ["pending", "rejected"],
  rejected: ["pending", "verified"],
};

export function canMoveReport(from: ReportStatus, to: ReportStatus): boolean {
  return reviewTransitions[from].includes(to);
}

export function noteRequired(to: ReportStatus): boolean {
  return to === "rejected";
}

export const reviewMessages = {
  ownReport: "You cannot review your own report.",
  verified: "The report is verified and now public.",
  rejected: "The report is rejected.",
  returnedToPending: "The report is unpublished and back in the queue.",
  noteRequired: "Please write a note saying why the report is rejected.",
  noteTooLong: `The note can be at most ${REVIEW_NOTE_MAX_LENGTH.toLocaleString("en-US")} characters long.`,
  notAllowedTransition: "That decision is not possible from the report's current status.",
  conflict: "Another reviewer has just decided on this report. Reload it to see its current status.",
  notFound: "There is no such report.",
  notPublished:
    "There is no verified report with this id. It may have been unpublished, or the link may be mistyped.",
  badReportId:
    "The parameter id must be a report's id, as in its link (for example 3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6f70).",
  loadFailed: "The reports could not be loaded. Please try again.",
  /** Rejected → pending: the report was never public, so nothing is unpublished. */
  reopened: "The report is back in the queue.",
  decisionUnreadable:
    "Please send a decision (status: verified, rejected or pending) and the status the report had when you saw it (fromStatus).",
  unknownStatusFilter: "The status must be pending, verified or rejected.",
  unknownCommentTypeFilter: "The comment type must be barrier, experience, question or contribution.",
} as const;

/** The sentence the server answers a decision with (PATCH /api/v1/eyewitness/{id}/review). */
export function decisionMessage(from: ReportStatus, to: ReportStatus): string {
  if (to === "verified") return reviewMessages.verified;
  if (to === "rejected") return reviewMessages.rejected;
  return from === "verified" ? reviewMessages.returnedToPending : reviewMessages.reopened;
}

export interface ReviewDecisionRequest {
  status: ReportStatus;
  note: string;
  /** The status the reviewer saw: if it changed meanwhile, the decision is refused with 409. */
  fromStatus: ReportStatus;
}

export interface ReviewerView {
  id: number;
  firstname: string;
  lastname: string;
}

/** A report as reviewers see it (GET /api/v1/eyewitness/reviews). */
export interface ReviewReportView {
  id: string;
  commentType: CommentType;
  comment: string;
  status: ReportStatus;
  createdAt: string;
  videoUrl: string | null;
  media: ReportMediaView[];
  /** As typed on the form. */
  firstName: string;
  lastName: string;
  email: string;
  showFirstName: boolean;
  reviewNote: string | null;
  reviewedAt: string | null;
  reviewedBy: ReviewerView | null;
  /** Where and when, all of it, whatever the reporter chose to publish; null when not given. */
  place: ReportPlace | null;
  peopleConsent: boolean;
  /** What the public will see of the comment: `comment` until a moderator redacts or edits it. */
  publicComment: string;
  /** What in the public text may identify people or places beyond the chosen precision. */
  findings: TextFinding[];
  /** When the reporter withdrew it; null when they did not. */
  withdrawnAt: string | null;
  /** Each media file's state for the public: hidden, and the rectangles blurred. */
  mediaModeration: { id: string; hidden: boolean; blurs: BlurRectangle[] }[];
  /** Where it came from: the web form or a phone. */
  channel: ReportChannel;
  /** A phone reporter's tag (the first characters of their number's keyed hash); null for a web report. */
  phoneReporter: string | null;
  /** The short reference the reporter was given. */
  reference: string;
  /** A phone report's state, LGA, type or date is still to be completed before it can be published. */
  detailsDue: boolean;
  /** When it happened, as a phone reporter answered; null for a web report and an SMS. */
  occurredWhen: PhoneOccurredWhen | null;
  /** A moderator's transcript of the report's voice notes (WhatsApp); null while there is none. */
  transcript?: string | null;
  /** The report has a voice note and no transcript yet: it cannot be published until it has one. */
  transcriptDue?: boolean;
  /** What in the transcript may identify people or places (offsets into it): confirmed before publishing. */
  transcriptFindings?: TextFinding[];
}

/** A verified report as the public sees it (GET /api/v1/eyewitness/published). */
export interface PublishedReportView {
  id: string;
  commentType: CommentType;
  comment: string;
  createdAt: string;
  publishedAt: string;
  /** The first name the reporter typed, or "Anonymous". */
  reporterName: string;
  videoUrl: string | null;
  media: ReportMediaView[];
  /** Only as precise as the reporter chose (publishedPlace); null when not given. */
  place: PublishedPlace | null;
  /** A moderator's transcript of the voice notes it was sent as; the audio itself is never public. */
  transcript?: string | null;
}

export interface ReviewCounts {
  pending: number;
  verified: number;
  rejected: number;
}

/** The page facts of every report list: `?page=&per_page=` (per_page 1-100, 20 by default). */
export interface ReportListMeta {
  total: number;
  page: number;
  per_page: number;
  last_page: number;
}

/** GET /api/v1/eyewitness/reviews?status=&commentType=&state=&page=&per_page= */
export interface ReviewListAnswer {
  success: true;
  reports: ReviewReportView[];
  /** Over all reports, whatever the filter. */
  counts: ReviewCounts;
  meta: ReportListMeta;
}

/** PATCH /api/v1/eyewitness/{id}/review */
export interface ReviewDecisionAnswer {
  success: true;
  message: string;
  report: ReviewReportView;
}

/** GET /api/v1/eyewitness/published?state=&lga=&type=&from=&to=&page=&per_page= */
export interface PublishedListAnswer {
  success: true;
  reports: PublishedReportView[];
  meta: ReportListMeta;
}

/** GET /api/v1/eyewitness/published/{id}: one verified report. */
export interface PublishedReportAnswer {
  success: true;
  report: PublishedReportView;
}

/** GET /api/v1/eyewitness/published/counts: verified reports by state, all 37 (0 included). */
export interface PublishedCountsAnswer {
  success: true;
  counts: { stateId: number; verified: number }[];
}

/** The sentences of a moderator's changes to what goes public, and of a reporter's withdrawal. */
/** What a moderator reads when completing a phone report goes wrong. */
export const phoneDetailsMessages = {
  unreadable: "Please send the state, LGA, type, date and how public the place is.",
  state: "Please choose the state.",
  lga: "Please choose an LGA of the chosen state.",
  type: "Please choose what kind of report it is.",
  date: "Please give the date it happened, no later than the day it was sent.",
  precision: "Please choose what the public sees of the place: the state, or the state and LGA.",
  notPhone: "Only a pending report sent by phone can be completed here.",
  completed: "The report's details are completed; it can be published now.",
  due: "Complete the report's state, LGA, type and date before publishing it.",
};

export const publicTextMessages = {
  changed: "The public text is changed. The reporter's original is kept for moderators.",
  stale: "The public text changed since you loaded it. Reload the report and try again.",
  badSpan: "That part is not in the public text any more. Reload the report and try again.",
  empty: "The public text cannot be empty. Redact parts of it, or reject the report.",
  tooLong: "The public text can be no longer than the comment may be.",
  unreadable:
    "Please send basedOn (the public text you saw) and either redact ({start, end}) or text (the new public text).",
  published: "Unpublish the report before changing what the public sees, then publish it again.",
  withdrawn: "The reporter withdrew this report; it cannot be published or changed.",
  unconfirmed: (kinds: string[]) =>
    `Please confirm each highlighted part is meant to be public, or remove it: ${kinds.join("; ")}.`,
  photoHidden: "The photo is hidden from the public.",
  photoShown: "The photo is shown to the public again.",
  photoBlurred: "The blurred photo is what the public will see.",
  blurUnreadable:
    "Please send rectangles: up to 20, each {x, y, w, h} as fractions of the photo between 0 and 1.",
  notAPhoto: "Only a photo can be blurred.",
  noSuchMedia: "This report has no such photo or video.",
  photoUnreadable: "The photo could not be read to blur it.",
  reportWithdrawn: "Your report is withdrawn. It is no longer public, nor in open data.",
  alreadyWithdrawn: "This report is already withdrawn.",
} as const;

/** A rectangle of a photo a moderator blurred, as fractions of its width and height. */
export interface BlurRectangle {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const BLUR_RECTANGLES_MAX = 20;

/** The longest transcript of a report's voice notes: the longest comment, a few minutes of speech. */
export const TRANSCRIPT_MAX_LENGTH = 4000;

/** What a moderator reads about a voice note's transcript. */
export const transcriptMessages = {
  required: "Please write what the voice note says.",
  tooLong: `Please keep the transcript to ${TRANSCRIPT_MAX_LENGTH} characters.`,
  notVoiced: "Only a report sent with a voice note has a transcript.",
  saved: "The transcript is saved. The public page will show it instead of the voice note.",
  due: "Write down what the voice note says before publishing the report: the public page shows the transcript, never the audio.",
};
