// How much one phone, and one provider, may send: a flood is cut off at the intake (intake.ts).

export interface ChannelLimits {
  /** Reports per phone per hour (the rest are refused politely). */
  reportsPerPhonePerHour: number;
  /** Help replies per phone per hour: a stream of other texts gets no stream of answers. */
  helpRepliesPerPhonePerHour: number;
  /** Messages per provider per minute: beyond it callbacks are answered "busy" (the provider retries). */
  messagesPerProviderPerMinute: number;
}

export const defaultChannelLimits: ChannelLimits = {
  reportsPerPhonePerHour: 5,
  helpRepliesPerPhonePerHour: 2,
  messagesPerProviderPerMinute: 600,
};
