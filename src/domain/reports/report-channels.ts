// Where a report came from: the web form, or a phone through one of the channels' providers. Shown in
// the review queue; a phone reporter is only ever named by the first characters of their number's keyed
// hash ("Phone reporter #a1b2"), never by the number.

export const reportChannels = ["web", "ussd", "sms", "whatsapp"] as const;
export type ReportChannel = (typeof reportChannels)[number];

/** When it happened, as a phone reporter answered (the web form asks for a date). */
export const phoneOccurredWhen = ["today", "this-week", "earlier"] as const;
export type PhoneOccurredWhen = (typeof phoneOccurredWhen)[number];

/** How many hex characters of the phone hash moderators see: enough to tell repeat reporters apart. */
export const PHONE_REPORTER_TAG_LENGTH = 4;

export function phoneReporterTag(phoneHash: string): string {
  return phoneHash.slice(0, PHONE_REPORTER_TAG_LENGTH);
}

/** A report's short reference, given to a phone reporter and shown to moderators: "IA-1A2B3C4D". */
export function reportReference(reportId: string): string {
  return `IA-${reportId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}
