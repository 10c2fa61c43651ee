// The event the eyewitness outbox fires on window when a report is put in it (report-store.ts), for the
// layout's OutboxSender to count and send it. Here, in the shared code every page loads, so that the
// sender stays in the layout's own chunk.
export const OUTBOX_CHANGED = "eyewitness-outbox-changed";
