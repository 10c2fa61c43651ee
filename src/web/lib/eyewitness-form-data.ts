import type { EyewitnessSubmission } from "./eyewitness-submission";

// The body of POST /eyewitness, shared by the pages (report-api.ts) and the service worker, which sends
// waiting reports with no page open (outbox-worker.ts): both send a report exactly alike.

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
