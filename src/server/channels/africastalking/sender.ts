import type { ChannelSender, OutgoingReply } from "../channel";

// Sends replies as SMS through Africa's Talking's messaging API: POST {apiUrl}/version1/messaging, a form
// with username, to, message and (optionally) from, the account's key in the apiKey header; the answer's
// SMSMessageData.Recipients[].statusCode is 100-102 when the message was taken (fixtures/README.md names
// the documentation). A USSD reporter is answered by SMS too: USSD cannot reach a phone later.

export interface AfricasTalkingSenderSettings {
  apiUrl: string;
  username: string | undefined;
  apiKey: string | undefined;
  senderId: string | undefined;
}

interface SendAnswer {
  SMSMessageData?: { Message?: string; Recipients?: { statusCode?: number; status?: string }[] };
}

const ACCEPTED = new Set([100, 101, 102]);

export class AfricasTalkingSender implements ChannelSender {
  constructor(private readonly settings: AfricasTalkingSenderSettings) {}

  async send(reply: OutgoingReply): Promise<void> {
    const { apiUrl, username, apiKey, senderId } = this.settings;
    if (!username || !apiKey) {
      throw new Error(
        "AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY are not set: replies cannot be sent",
      );
    }
    const form = new URLSearchParams({ username, to: reply.to, message: reply.text });
    if (senderId) form.set("from", senderId);
    const response = await fetch(`${apiUrl}/version1/messaging`, {
      method: "POST",
      headers: {
        apiKey,
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
    // The answer may repeat the number: only its status reaches an error message.
    if (!response.ok) throw new Error(`Africa's Talking answered ${response.status}`);
    const answer = (await response.json().catch(() => ({}))) as SendAnswer;
    const recipient = answer.SMSMessageData?.Recipients?.[0];
    if (!recipient || !ACCEPTED.has(recipient.statusCode ?? 0)) {
      throw new Error(
        `Africa's Talking did not take the message (status ${recipient?.statusCode ?? "none"} ${recipient?.status ?? ""})`.trim(),
      );
    }
  }
}
