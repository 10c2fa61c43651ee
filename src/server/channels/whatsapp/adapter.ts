import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { readFile, writeFile } from "node:fs/promises";
import { and, count, eq, max, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { COMMENT_MAX_LENGTH, PHOTO_MAX_COUNT } from "../../../domain/reports/report-rules";
import { channelMessages, eyewitnessReports, reportMedia } from "../../db/schema";
import type { Database } from "../../db/database";
import type { WhatsAppConfig } from "../../config";
import { HttpError } from "../../http/errors";
import type { MediaBatch } from "../../media/media-store";
import { sniffMediaType } from "../../media/media-types";
import { PhotoProblem, reencodePhoto } from "../../media/photos";
import type { AdapterContext, ChannelAdapter, ChannelMedia } from "../channel";
import type { InboundMessage } from "../intake";
import { afterKeyword, isStart, isStop } from "../replies";
import { GraphApi, MediaTooLarge } from "./graph-api";
import { WhatsAppSender } from "./sender";
import { whatsAppHelp, whatsAppKeywordLanguage } from "./words";
import {
  convertVoiceNote,
  VOICE_NOTE_CONTENT_TYPE,
  VOICE_NOTE_MAX_BYTES,
  voiceNoteFormat,
  VoiceNoteProblem,
} from "./voice-notes";

// The WhatsApp Business Cloud API (fixtures/ holds its documented requests). Meta checks the callback
// address once with a GET (hub.mode, hub.verify_token, hub.challenge), then POSTs notifications as JSON,
// each signed: X-Hub-Signature-256 is "sha256=" and the HMAC-SHA-256 of the raw body with the app
// secret. Both the secret in the address and the signature must be right; a notification that is not
// is refused and nothing of it is read or stored. Delivery statuses of our replies are ignored.
//
// Text, photos and voice notes become a report in the review queue; the messages one number sends
// within JOIN_WINDOW_MS of each other become one report (docs/channels.md). Media are fetched from the
// Graph API and go through the uploads' own processing: photos re-encoded without metadata, voice notes
// re-encoded to AAC without metadata. Anything else (a location, a contact, a video, a sticker) is
// never stored: the reporter gets the help message.

export const WHATSAPP = "whatsapp";
/** Messages from one number this close to each other make one report. */
export const JOIN_WINDOW_MS = 10 * 60 * 1000;
/** Voice notes one report may carry: beyond it, a new report. */
const VOICE_NOTES_MAX = 5;
/** The largest notification taken: Meta sends a few messages at most per notification. */
const BODY_LIMIT = 256 * 1024;

const digest = (value: string) => createHash("sha256").update(value).digest();

// Only the parts of a notification the product reads; the rest is let through unread.
const mediaSchema = z.object({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
});
const messageSchema = z.object({
  from: z.string().regex(/^\d{6,20}$/),
  id: z.string().min(1).max(200),
  timestamp: z.string().optional(),
  type: z.string(),
  text: z.object({ body: z.string().max(8192) }).optional(),
  image: mediaSchema.optional(),
  audio: mediaSchema.extend({ voice: z.boolean().optional() }).optional(),
});
const notificationSchema = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        id: z.string().optional(),
        changes: z
          .array(
            z.object({
              field: z.string(),
              value: z
                .object({
                  metadata: z.object({ phone_number_id: z.string().optional() }).optional(),
                  messages: z.array(z.unknown()).optional(),
                })
                .optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});
type WhatsAppMessage = z.infer<typeof messageSchema>;

/** A message's media, processed and stored in `batch`, ready for its row. */
interface StoredMessageMedia {
  id: string;
  kind: "photo" | "audio";
  storageKey: string;
  contentType: string;
  bytes: number;
  sha256: string;
  width: number | null;
  height: number | null;
}

export function whatsAppAdapter(settings: WhatsAppConfig): ChannelAdapter {
  const graph = new GraphApi(settings);
  const secretDigest = digest(settings.callbackSecret);
  const verifyDigest = digest(settings.verifyToken);

  /** A wrong secret is answered as if the route did not exist. */
  function authenticate(request: FastifyRequest<{ Params: { secret: string } }>) {
    if (!timingSafeEqual(digest(request.params.secret), secretDigest)) {
      throw new HttpError(404, "There is nothing at this address.");
    }
  }

  /** The body signed with the app secret, or 401: Meta signs every notification. */
  function checkSignature(request: FastifyRequest, raw: Buffer) {
    const header = request.headers["x-hub-signature-256"];
    const given =
      typeof header === "string" ? /^sha256=([0-9a-f]{64})$/i.exec(header.trim())?.[1] : undefined;
    const expected = createHmac("sha256", settings.appSecret).update(raw).digest();
    if (!given || !timingSafeEqual(Buffer.from(given.toLowerCase(), "hex"), expected)) {
      throw new HttpError(401, "The notification is not signed with this app's secret.");
    }
  }

  return {
    provider: WHATSAPP,
    sender: new WhatsAppSender(graph, settings.templates),
    routes:
      ({ db, now, intake, media }: AdapterContext) =>
      async (scope: FastifyInstance) => {
        // The signature is over the bytes as sent: the body is kept raw and parsed only once checked.
        scope.addContentTypeParser(
          "application/json",
          { parseAs: "buffer", bodyLimit: BODY_LIMIT },
          (_request, body, done) => done(null, body),
        );

        // Meta's check of the callback address: the challenge back when the verify token is ours.
        scope.get<{ Params: { secret: string }; Querystring: Record<string, string | undefined> }>(
          "/:secret/webhook",
          { schema: { hide: true } },
          async (request, reply) => {
            authenticate(request);
            const mode = request.query["hub.mode"];
            const token = request.query["hub.verify_token"] ?? "";
            const challenge = request.query["hub.challenge"] ?? "";
            if (mode !== "subscribe" || !timingSafeEqual(digest(token), verifyDigest)) {
              throw new HttpError(403, "The verify token is not the one set for this site.");
            }
            if (!/^[\w.-]{1,200}$/.test(challenge))
              throw new HttpError(400, "The challenge is not readable.");
            return reply.status(200).header("content-type", "text/plain; charset=utf-8").send(challenge);
          },
        );

        scope.post<{ Params: { secret: string } }>(
          "/:secret/webhook",
          { schema: { hide: true }, bodyLimit: BODY_LIMIT },
          async (request, reply) => {
            authenticate(request);
            const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
            checkSignature(request, raw);
            let parsed: unknown;
            try {
              parsed = JSON.parse(raw.toString("utf8"));
            } catch {
              throw new HttpError(400, "The notification is not JSON.");
            }
            const notification = notificationSchema.safeParse(parsed);
            if (!notification.success)
              throw new HttpError(400, "The notification is not one WhatsApp sends.");
            if (notification.data.object !== "whatsapp_business_account") return reply.status(200).send();

            const messages: WhatsAppMessage[] = [];
            for (const entry of notification.data.entry) {
              for (const change of entry.changes) {
                // Statuses (sent, delivered, read) of our replies come as "messages" changes without messages.
                if (change.field !== "messages" || !change.value?.messages) continue;
                const to = change.value.metadata?.phone_number_id;
                if (settings.phoneNumberId && to && to !== settings.phoneNumberId) continue;
                for (const candidate of change.value.messages) {
                  const message = messageSchema.safeParse(candidate);
                  if (message.success) messages.push(message.data);
                }
              }
            }
            if (messages.length > 0 && (await intake.providerBusy(WHATSAPP, now()))) {
              // Meta delivers it again later; what was taken before is stored once.
              throw new HttpError(503, "Too many messages this minute; please send this one again later.");
            }
            for (const message of messages) {
              await receive({ db, now, intake, media }, message);
            }
            return reply.status(200).send({ received: true });
          },
        );
      },
  };

  async function receive(context: AdapterContext, message: WhatsAppMessage): Promise<void> {
    const { db, intake } = context;
    const inbound: InboundMessage = {
      provider: WHATSAPP,
      channel: "whatsapp",
      providerMessageId: message.id,
      from: message.from,
      receivedAt: context.now(),
    };
    // A replay (Meta retries until it has a 200) is known before its media are fetched again.
    const [seen] = await db
      .select({ id: channelMessages.id })
      .from(channelMessages)
      .where(and(eq(channelMessages.provider, WHATSAPP), eq(channelMessages.providerMessageId, message.id)));
    if (seen) return;

    const rawText = message.text?.body ?? message.image?.caption ?? message.audio?.caption ?? "";
    if (message.type === "text" && isStop(rawText)) {
      await intake.stop(inbound);
      return;
    }
    if (message.type === "text" && isStart(rawText)) {
      await intake.start(inbound);
      return;
    }
    const keywordLanguage = whatsAppKeywordLanguage(rawText);
    const text = (keywordLanguage ? afterKeyword(rawText) : rawText).trim();
    const language = keywordLanguage ?? (await intake.lastLanguage(intake.hashOf(message.from))) ?? "en";
    const kind = message.type === "image" && message.image ? "photo" : null;
    const voice = message.type === "audio" && message.audio ? "audio" : null;
    const mediaKind = kind ?? voice;

    if (message.type !== "text" && mediaKind === null) {
      // A location, a contact, a video, a sticker: never stored (a location would say where they are).
      await intake.help(inbound, language, whatsAppHelp(language));
      return;
    }

    const batch = mediaKind && context.media ? context.media.storage.startBatch() : null;
    try {
      let stored: StoredMessageMedia | null = null;
      if (mediaKind && batch && context.media) {
        const mediaId = (message.image ?? message.audio)!.id;
        stored = await storeMedia(context.media, batch, mediaKind, mediaId);
        if (stored === null) {
          // Unreadable, or too large: the reporter is told what the service takes.
          await batch.discard();
          await intake.help(inbound, language, whatsAppHelp(language));
          return;
        }
      } else if (mediaKind) {
        throw new Error("WhatsApp media cannot be stored: the channels have no media store");
      }

      if (!stored && text === "") {
        await intake.help(inbound, language, whatsAppHelp(language));
        return;
      }
      const joined = await intake.joinRecent(inbound, JOIN_WINDOW_MS, {
        accepts: (tx, reportId) => canJoin(tx, reportId, stored, text),
        add: async (tx, reportId) => {
          if (text !== "") await appendText(tx, reportId, text);
          if (keywordLanguage) {
            await tx
              .update(eyewitnessReports)
              .set({ replyLanguage: keywordLanguage })
              .where(eq(eyewitnessReports.id, reportId));
          }
          if (stored) await insertMedia(tx, reportId, stored, inbound.receivedAt);
        },
      });
      let outcome = joined;
      if (!outcome) {
        if (!stored && !keywordLanguage) {
          // A text with no keyword and no report to join: the help message, not a report of "Hello".
          await intake.help(inbound, language, whatsAppHelp(language));
          return;
        }
        outcome = await intake.report(
          inbound,
          { language, comment: text, commentType: null, place: null, occurredWhen: null },
          stored ? (tx, reportId) => insertMedia(tx, reportId, stored, inbound.receivedAt) : undefined,
        );
      }
      if (batch) {
        if (outcome.outcome === "report") {
          await batch.confirm();
          if (stored?.kind === "photo") context.media?.photosStored();
        } else await batch.discard();
      }
    } catch (error) {
      await batch?.discard();
      throw error;
    }
  }

  /** Fetches a message's photo or voice note and stores it as the uploads do; null when it cannot be. */
  async function storeMedia(
    media: ChannelMedia,
    batch: MediaBatch,
    kind: "photo" | "audio",
    graphMediaId: string,
  ): Promise<StoredMessageMedia | null> {
    const maxBytes = kind === "photo" ? media.photoMaxBytes : VOICE_NOTE_MAX_BYTES;
    let fetched: Buffer;
    try {
      fetched = (await graph.media(graphMediaId, maxBytes)).bytes;
    } catch (error) {
      if (error instanceof MediaTooLarge) return null;
      throw error;
    }
    const id = randomUUID();
    if (kind === "photo") {
      const type = await sniffMediaType(fetched.subarray(0, 4100));
      if (type?.kind !== "photo") return null;
      try {
        const photo = await reencodePhoto(fetched, type.contentType);
        const storageKey = await batch.store(id, photo.output, type.contentType);
        return {
          id,
          kind,
          storageKey,
          contentType: type.contentType,
          bytes: photo.output.length,
          sha256: createHash("sha256").update(photo.output).digest("hex"),
          width: photo.width,
          height: photo.height,
        };
      } catch (error) {
        if (error instanceof PhotoProblem) return null;
        throw error;
      }
    }
    const demuxer = await voiceNoteFormat(fetched);
    if (!demuxer) return null;
    // ffmpeg reads and writes files: the voice note as sent lives only in the batch's incoming folder.
    const original = await batch.incomingFile(randomUUID());
    original.stream.end();
    await once(original.stream, "close");
    await writeFile(original.path, fetched);
    const converted = await batch.incomingFile(id);
    converted.stream.end();
    await once(converted.stream, "close");
    try {
      await convertVoiceNote(media.ffmpeg, original.path, demuxer, converted.path);
    } catch (error) {
      if (error instanceof VoiceNoteProblem) return null;
      throw error;
    } finally {
      await batch.drop(original.path);
    }
    const bytes = await readFile(converted.path);
    return {
      id,
      kind,
      storageKey: await batch.keep(converted.path, id, VOICE_NOTE_CONTENT_TYPE),
      contentType: VOICE_NOTE_CONTENT_TYPE,
      bytes: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      width: null,
      height: null,
    };
  }
}

/** Whether the report can take this message: room for its text and its photo or voice note. */
async function canJoin(
  db: Database,
  reportId: string,
  stored: StoredMessageMedia | null,
  text: string,
): Promise<boolean> {
  const [report] = await db
    .select({ comment: eyewitnessReports.comment })
    .from(eyewitnessReports)
    .where(eq(eyewitnessReports.id, reportId));
  if (!report) return false;
  if (Array.from(report.comment).length + Array.from(text).length + 1 > COMMENT_MAX_LENGTH) return false;
  if (!stored) return true;
  const [held] = await db
    .select({ total: count() })
    .from(reportMedia)
    .where(and(eq(reportMedia.reportId, reportId), eq(reportMedia.kind, stored.kind)));
  return (held?.total ?? 0) < (stored.kind === "photo" ? PHOTO_MAX_COUNT : VOICE_NOTES_MAX);
}

/** A later message's text, on a line of its own, in what the reporter wrote and in the public text. */
async function appendText(db: Database, reportId: string, text: string): Promise<void> {
  await db
    .update(eyewitnessReports)
    .set({
      comment: sql`case when ${eyewitnessReports.comment} = '' then ${text} else ${eyewitnessReports.comment} || E'\\n' || ${text} end`,
      publicComment: sql`case when ${eyewitnessReports.publicComment} = '' then ${text} else ${eyewitnessReports.publicComment} || E'\\n' || ${text} end`,
    })
    .where(eq(eyewitnessReports.id, reportId));
}

async function insertMedia(
  db: Database,
  reportId: string,
  file: StoredMessageMedia,
  at: Date,
): Promise<void> {
  const [last] = await db
    .select({ position: max(reportMedia.position) })
    .from(reportMedia)
    .where(eq(reportMedia.reportId, reportId));
  await db.insert(reportMedia).values({
    id: file.id,
    reportId,
    position: (last?.position ?? -1) + 1,
    kind: file.kind,
    storageKey: file.storageKey,
    contentType: file.contentType,
    bytes: file.bytes,
    sha256: file.sha256,
    description: null,
    width: file.width,
    height: file.height,
    // A photo's smaller copies are made after the answer (media/photo-variants.ts).
    variantsDueAt: file.kind === "photo" ? at : null,
    createdAt: at,
  });
}
