import { todayInNigeria, type PlacePrecision } from "../../../domain/reports/report-place";
import type { EyewitnessSubmission, PhotoSubmission } from "../../lib/eyewitness-submission";
import {
  checkReportText,
  consentProblem,
  missingMessages,
  nameTooLong,
  problemRule,
  reportState,
  videoUrlProblem,
  type ReportFieldProblem,
} from "../../../domain/reports/report-fields";
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  VIDEO_MAX_BYTES,
  photoTypes,
  videoTypes,
  type CommentType,
  type MediaChoice,
} from "../../../domain/reports/report-rules";
import { stateChoices } from "../report-shared";
import { formProblem, type FieldProblem, type FormProblem } from "../../ui/form/form-problem";
import { i18nFor } from "../../i18n/runtime";
import type { KeysUnder } from "../../../i18n/message-keys";

// What the eyewitness form checks before anything is sent: the report's rules, limits and sentences of
// src/domain/reports/report-fields.ts (the ones the server enforces), the product's sentence for the whole
// form ('Please fill in all required fields'), and for each field to fix what it needs, for the error
// summary's links and the field itself. The files chosen are checked here too, by their type and size.

/**
 * The checks' sentences in the page's language: a key of `report.checks` (see the English catalogue) and
 * the values it names. The form passes its page's; without one (tests, code outside a page) English.
 */
export type CheckWords = (
  key: KeysUnder<"report.checks.">,
  values?: Record<string, string | number>,
) => string;

export const englishCheckWords: CheckWords = (key, values) => i18nFor("en")._(`report.checks.${key}`, values);

/** Ids of the form's inputs: the error summary links to them, the tests find fields by their labels. */
export const reportFields = {
  firstName: "first-name",
  lastName: "last-name",
  email: "email",
  state: "state",
  lga: "lga",
  place: "place",
  occurredOn: "occurred-on",
  commentType: "comment-type",
  comment: "comment",
  media: "media",
  photos: "photos",
  videoSource: "video-source",
  videoFile: "video-file",
  videoUrl: "video-url",
  showFirstName: "show-first-name",
  placePrecision: "place-precision",
  peopleConsent: "people-consent",
} as const;

export type VideoSource = "file" | "link";

/** A chosen photograph, with its description: the preview's alt text, sent with the photo as its text alternative. */
export interface PhotoDraft {
  key: string;
  file: File;
  altText: string;
  /** The size of the photo chosen, when it was larger than the limit and `file` is its shrunk copy. */
  originalSize?: number;
}

/** Everything typed and chosen in the form, kept as is until it is sent successfully. */
export interface EyewitnessDraft {
  firstName: string;
  lastName: string;
  email: string;
  /** The id of data/states.json ("1".."37"), "" until one is chosen. */
  stateId: string;
  /** One of the chosen state's LGAs, "" until one is chosen; emptied when the state changes. */
  lga: string;
  /** The town or place name (optional). */
  place: string;
  /** YYYY-MM-DD, as the date input gives it; "" until entered. */
  occurredOn: string;
  commentType: CommentType | "";
  comment: string;
  /** Whether the published report shows the first name; otherwise it is published as "Anonymous reporter". */
  showFirstName: boolean;
  /** How precisely the published report shows the place: the state only unless the reporter chooses more. */
  placePrecision: PlacePrecision;
  /** "People shown agreed, or cannot be identified": asked only when photographs or a video are attached. */
  peopleConsent: boolean;
  media: MediaChoice;
  photos: PhotoDraft[];
  videoSource: VideoSource;
  videoFile: File | null;
  videoUrl: string;
}

export { missingMessages, nameTooLong, stateChoices };

/** The state an id in the form ("1".."37") names, if any. */
export const chosenState = reportState;

/** The API's names of a report's fields (its multipart form) → this form's fields. */
const fieldsOfServerFields: Readonly<Record<string, string>> = {
  firstName: reportFields.firstName,
  lastName: reportFields.lastName,
  email: reportFields.email,
  commentType: reportFields.commentType,
  comment: reportFields.comment,
  videoUrl: reportFields.videoUrl,
  stateId: reportFields.state,
  lga: reportFields.lga,
  place: reportFields.place,
  occurredOn: reportFields.occurredOn,
  placePrecision: reportFields.placePrecision,
  peopleConsent: reportFields.peopleConsent,
};

/**
 * The form field a server's refusal is about, from the `field` the API names with VALIDATION_FAILED, so
 * the form can show the sentence on that field; null when there is none or the form has no such field.
 */
export function fieldOfServerField(field: string | undefined): string | null {
  return field === undefined ? null : (fieldsOfServerFields[field] ?? null);
}

/** Whether the draft attaches media of the chosen kind (photographs, a video file or a video link). */
export function draftHasMedia(draft: EyewitnessDraft): boolean {
  if (draft.media === "photograph") return draft.photos.length > 0;
  if (draft.media === "video" && draft.videoSource === "file") return draft.videoFile !== null;
  if (draft.media === "video") return draft.videoUrl.trim() !== "";
  return false;
}

export function checkEyewitnessDraft(
  draft: EyewitnessDraft,
  now: Date = new Date(),
  say: CheckWords = englishCheckWords,
): { ok: true; submission: EyewitnessSubmission } | { ok: false; problem: FormProblem } {
  // The media are checked below, as the form offers them: the link only when it is the choice.
  const { problems, report } = checkReportText(
    {
      firstName: draft.firstName,
      lastName: draft.lastName,
      email: draft.email,
      commentType: draft.commentType,
      comment: draft.comment,
      stateId: draft.stateId,
      lga: draft.lga,
      place: draft.place,
      occurredOn: draft.occurredOn,
      placePrecision: draft.placePrecision,
    },
    todayInNigeria(now),
  );
  const media = checkMedia(draft, say);
  const hasMedia = media.photos.length > 0 || media.video !== null || media.videoUrl !== null;
  const consent = consentProblem(hasMedia, draft.peopleConsent);
  const all = consent ? [...problems, consent] : problems;
  const onFormField = (problem: ReportFieldProblem): FieldProblem => {
    const rule = problemRule(problem);
    return {
      fieldId: fieldOfServerField(problem.field) ?? problem.field,
      message: say(rule.key, rule.values),
    };
  };
  const missing = all.filter((problem) => problem.missing).map(onFormField);
  const other = all.filter((problem) => !problem.missing).map(onFormField);
  if (media.problem) other.push(media.problem);

  if (missing.length > 0 || other.length > 0 || !report) {
    // The error summary lists the fields in the order of the form.
    const order: string[] = Object.values(reportFields);
    const fields = [...missing, ...other].sort((a, b) => order.indexOf(a.fieldId) - order.indexOf(b.fieldId));
    const message = missing.length > 0 ? say("fillRequired") : other[0]?.message;
    return { ok: false, problem: formProblem(message, fields) };
  }
  return {
    ok: true,
    submission: {
      firstName: report.firstName,
      lastName: report.lastName,
      email: report.email,
      stateId: report.place.stateId,
      lga: report.place.lga,
      place: report.place.place,
      occurredOn: report.place.occurredOn,
      placePrecision: report.place.precision,
      commentType: report.commentType,
      comment: report.comment,
      showFirstName: draft.showFirstName,
      peopleConsent: hasMedia && draft.peopleConsent,
      photos: media.photos,
      video: media.video,
      videoUrl: media.videoUrl,
    },
  };
}

function checkMedia(
  draft: EyewitnessDraft,
  say: CheckWords,
): {
  problem?: FieldProblem;
  photos: PhotoSubmission[];
  video: File | null;
  videoUrl: string | null;
} {
  const none = { photos: [], video: null, videoUrl: null };
  if (draft.media === "photograph") {
    const problem = (message: string) => ({ ...none, problem: { fieldId: reportFields.photos, message } });
    if (draft.photos.length === 0) return problem(say("missing.photos"));
    if (draft.photos.length > PHOTO_MAX_COUNT) return problem(say("tooManyPhotos"));
    for (const { file } of draft.photos) {
      const wrong = photoProblem(file, say);
      if (wrong) return problem(wrong);
    }
    return {
      ...none,
      photos: draft.photos.map((photo) => ({ file: photo.file, description: photo.altText.trim() })),
    };
  }
  if (draft.media === "video" && draft.videoSource === "file") {
    const problem = (message: string) => ({ ...none, problem: { fieldId: reportFields.videoFile, message } });
    if (!draft.videoFile) return problem(say("missing.videoFile"));
    const wrong = videoProblem(draft.videoFile, say);
    return wrong ? problem(wrong) : { ...none, video: draft.videoFile };
  }
  if (draft.media === "video") {
    const problem = (message: string) => ({ ...none, problem: { fieldId: reportFields.videoUrl, message } });
    const videoUrl = draft.videoUrl.trim();
    if (!videoUrl) return problem(say("missing.videoUrl"));
    return videoUrlProblem(videoUrl) ? problem(say("invalidVideoUrl")) : { ...none, videoUrl };
  }
  return none;
}

const photoExtensions = /\.(jpe?g|png|gif)$/i;
const videoExtensions = /\.(mp4|mov|avi)$/i;
// Browsers name AVI files in more than one way; the server decides by content in any case.
const otherVideoNames: ReadonlySet<string> = new Set(["video/avi", "video/msvideo"]);

function isPhotoFile(file: File): boolean {
  if (file.type) return file.type in photoTypes;
  return photoExtensions.test(file.name);
}

function isVideoFile(file: File): boolean {
  if (file.type) return file.type in videoTypes || otherVideoNames.has(file.type);
  return videoExtensions.test(file.name);
}

/** Why a photograph cannot be attached, or null when it can. */
export function photoProblem(file: File, say: CheckWords = englishCheckWords): string | null {
  if (!isPhotoFile(file)) return say("photoWrongType", { name: file.name });
  if (file.size > PHOTO_MAX_BYTES) return say("photoTooLarge", { name: file.name });
  return null;
}

/** Why a video cannot be attached, or null when it can. */
export function videoProblem(file: File, say: CheckWords = englishCheckWords): string | null {
  if (!isVideoFile(file)) return say("videoWrongType", { name: file.name });
  if (file.size > VIDEO_MAX_BYTES) return say("videoTooLarge", { name: file.name });
  return null;
}

/**
 * Sorts files just chosen into those added and what is wrong with the others: a wrong type, too large,
 * or beyond the 10 a report can hold (counting the `alreadyChosen`). With `canShrink`, photos over the
 * size limit are not refused but listed in `toShrink`, to be made smaller on the device first.
 */
export function sortChosenPhotos(
  files: readonly File[],
  alreadyChosen: number,
  canShrink = false,
  say: CheckWords = englishCheckWords,
): { accepted: File[]; toShrink: File[]; problems: string[] } {
  const accepted: File[] = [];
  const toShrink: File[] = [];
  const problems: string[] = [];
  const overLimit: string[] = [];
  for (const file of files) {
    const problem = photoProblem(file, say);
    const shrinkable = canShrink && isPhotoFile(file) && file.size > PHOTO_MAX_BYTES;
    if (problem && !shrinkable) problems.push(problem);
    else if (alreadyChosen + accepted.length + toShrink.length >= PHOTO_MAX_COUNT) overLimit.push(file.name);
    else if (shrinkable) toShrink.push(file);
    else accepted.push(file);
  }
  if (overLimit.length > 0) {
    const names = overLimit.map((name) => `"${name}"`).join(", ");
    problems.push(say("tooManyPhotosNotAdded", { names }));
  }
  return { accepted, toShrink, problems };
}
