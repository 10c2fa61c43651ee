import { i18nFor } from "../../web/i18n/runtime";

// For the tests of the report pages: sentences of the English catalogues (src/i18n/catalogues/en/report.json,
// myReports.json), which the web test setup loads before any test module.

const en = (id: string) => i18nFor("en")._(id);

export const uploadCancelledMessage = en("report.uploadCancelled");
export const keptAfterFailure = en("report.keptAfterFailure");
export const showFirstNameHint = en("report.fields.showFirstNameHint");
export const stillShrinkingMessage = en("report.checks.stillShrinking");
export const queuedMessage = en("report.queued");
export const draftMessages = {
  restored: en("report.draft.restored"),
  restoredDetail: en("report.draft.restoredDetail"),
  discard: en("report.draft.discard"),
  discarded: en("report.draft.discarded"),
  saved: en("report.draft.saved"),
};
export const placeHints = {
  lgaWaiting: en("report.place.lgaWaiting"),
  place: en("report.place.placeHint"),
  occurredOn: en("report.place.occurredOnHint"),
};
export const myReportsMessages = {
  loading: en("myReports.loading"),
  empty: en("myReports.empty"),
  failed: en("myReports.failed"),
  withdrawConfirm: en("myReports.withdraw.confirm"),
  withdrawn: en("myReports.withdraw.withdrawn"),
};
