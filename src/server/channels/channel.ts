import type { FastifyPluginAsync } from "fastify";
import type { ReportChannel } from "../../domain/reports/report-channels";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { DecisionParts } from "../db/schema";
import type { Ffmpeg } from "../media/ffmpeg";
import type { MediaStore } from "../media/media-store";
import type { ChannelIntake } from "./intake";

// The contract between the product and each provider that carries phone messages (docs/channels.md).
// An adapter turns the provider's callbacks into calls on the intake (which applies privacy, replay and
// limits the same way for every provider), and sends the replies the outbox hands it. Nothing outside
// an adapter knows a provider's formats.

export type { DecisionParts };

/** A reply to send: the number in clear exists only in memory, for this call. */
export interface OutgoingReply {
  /** International form, "+234…". */
  to: string;
  text: string;
  channel: ReportChannel;
  /** The decision's reply in parts, for a provider that must send it as a pre-approved template. */
  decision?: DecisionParts | undefined;
  /** When this number's last message to the provider arrived, as recorded; null when none is. */
  lastMessageAt: Date | null;
  /** When the reply is being sent. */
  at: Date;
}

/**
 * Thrown by a sender that knows the reply can never be delivered (WhatsApp's 24-hour window closed and
 * no template set): the outbox gives the reply up at once rather than retrying for hours.
 */
export class ReplyUndeliverable extends Error {}

/** Sends replies through one provider; throws when the provider did not accept the message. */
export interface ChannelSender {
  send(reply: OutgoingReply): Promise<void>;
}

export interface AdapterContext {
  db: Database;
  now: Clock;
  intake: ChannelIntake;
  /** Where a message's photos and voice notes go (WhatsApp), through the uploads' own processing. */
  media?: ChannelMedia;
}

export interface ChannelMedia {
  storage: MediaStore;
  ffmpeg: Ffmpeg;
  photoMaxBytes: number;
  /** Wakes the maker of the photos' smaller copies. */
  photosStored(): void;
}

export interface ChannelAdapter {
  /** The provider's name as stored with each message and reply: "africastalking", "whatsapp". */
  provider: string;
  /** Sends this provider's replies (the outbox worker calls it). */
  sender: ChannelSender;
  /**
   * The provider's callbacks, registered under /api/v1/channels/<provider>/; each adapter authenticates
   * its own (a secret in the path, a signature, source addresses).
   */
  routes(context: AdapterContext): FastifyPluginAsync;
}
