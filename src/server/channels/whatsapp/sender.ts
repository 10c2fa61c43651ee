import type { WhatsAppConfig } from "../../config";
import { ReplyUndeliverable, type ChannelSender, type DecisionParts, type OutgoingReply } from "../channel";
import type { GraphApi } from "./graph-api";
import { whatsAppWords } from "./words";

// Replies to WhatsApp reporters through the Graph API. WhatsApp takes a free-form message only within
// 24 hours of the person's last message (its customer service window); after that, only a template
// approved by Meta. Meta accepts a late free-form message and only later reports it failed (error
// 131047, in a status notification), so the window is judged here, from the last message recorded. The receipt answers a message just received, so it is always text. A decision comes
// after review, often days later: within the window it is the same text as an SMS, after it the approved
// template of its outcome (docs/channels.md gives their text), and with no template set it cannot reach
// the reporter, so it is given up at once (the sealed number goes with it) rather than kept indefinitely.

const WINDOW_MS = 24 * 60 * 60 * 1000;
// Sent as text only while the window has at least this long left, so a send in flight, or the small
// gap between Meta's clock and ours, never lands after it closed.
const WINDOW_MARGIN_MS = 10 * 60 * 1000;

/**
 * The template language each reporter's language is sent in. Meta takes templates in Hausa ("ha") and
 * English, but not in Yoruba, Igbo or Nigerian Pidgin: those reporters get the English template, whose
 * link still opens the report in their language.
 */
export const templateLanguages: Readonly<Record<string, string>> = { en: "en", ha: "ha" };

/** A template parameter may hold no line break, tab or run of more than four spaces, and not be empty. */
function parameter(text: string): string {
  return text.replace(/\s+/g, " ").trim() || "-";
}

export class WhatsAppSender implements ChannelSender {
  constructor(
    private readonly graph: GraphApi,
    private readonly templates: WhatsAppConfig["templates"],
  ) {}

  async send(reply: OutgoingReply): Promise<void> {
    // WhatsApp writes numbers as digits only, with the country code ("2348031234567").
    const to = reply.to.replace(/\D/g, "");
    const windowOpen =
      reply.lastMessageAt !== null &&
      reply.at.getTime() - reply.lastMessageAt.getTime() < WINDOW_MS - WINDOW_MARGIN_MS;
    if (windowOpen || !reply.decision) await this.graph.sendText(to, reply.text);
    else await this.graph.sendTemplate(to, this.template(reply.decision));
  }

  private template(decision: DecisionParts): { name: string; language: string; body: string[] } {
    const published = decision.outcome === "published";
    const name = published ? this.templates.published : this.templates.notPublished;
    if (!name) {
      throw new ReplyUndeliverable(
        `the reporter's 24-hour WhatsApp window has closed and ${
          published ? "WHATSAPP_TEMPLATE_PUBLISHED" : "WHATSAPP_TEMPLATE_NOT_PUBLISHED"
        } is not set`,
      );
    }
    const language = templateLanguages[decision.language] ?? "en";
    const second = published
      ? (decision.link ?? "")
      : (decision.reason ?? whatsAppWords(language)("templateNoReason"));
    return { name, language, body: [parameter(decision.reference), parameter(second)] };
  }
}
