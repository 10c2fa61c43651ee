// What the report features (eyewitness, my-reports, moderation, published) share: how a report is shown
// (its place, its photographs and video, its dates), the report lists' query and the refresh on return.
// Other folders import only what is exported here.
export { PlaceItems, PublishedAsItem, publishedPlaceText } from "./PlaceSummary";
export { photoSources, ReportMedia } from "./ReportMedia";
export {
  formatFileSize,
  formatOccurredOn,
  formatReportDate,
  formatReportDay,
  formatUploadAmount,
  uploadPercent,
} from "./report-format";
export {
  commentTypeFrom,
  dayFrom,
  everyPublished,
  pageFrom,
  publishedQueryFrom,
  publishedSearch,
  reviewQueryFrom,
  reviewSearch,
  stateChoices,
  stateIdFrom,
  type PublishedQuery,
  type ReviewQuery,
} from "./report-list-query";
export { useRefreshOnReturn } from "./use-refresh-on-return";
export { reportDates, useReportDates, type ReportDates } from "./use-report-dates";
