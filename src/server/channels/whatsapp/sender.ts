import type { ChannelSender, OutgoingReply } from "../channel";
import type { GraphApi } from "./graph-api";

// Replies to WhatsApp reporters as text messages through the Graph API. WhatsApp takes a free-form text
// only within 24 hours of the reporter's last message (its "customer service window"): the receipt always
// is; a decision made later is refused (error 131047) and retried by the outbox until it gives up
// (docs/channels.md says what an approved template would change).

export class WhatsAppSender implements ChannelSender {
  constructor(private readonly graph: GraphApi) {}

  async send(reply: OutgoingReply): Promise<void> {
    // WhatsApp writes numbers as digits only, with the country code ("2348031234567").
    await this.graph.sendText(reply.to.replace(/\D/g, ""), reply.text);
  }
}
