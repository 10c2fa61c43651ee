import { timingSafeEqual, createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ussdSessions } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { AfricasTalkingConfig } from "../../config";
import type { AdapterContext, ChannelAdapter } from "../channel";
import type { InboundMessage } from "../intake";
import {
  afterKeyword,
  channelText,
  isStart,
  isStop,
  reportKeywordLanguage,
  type PhoneLanguage,
} from "../replies";
import { withoutNumbers } from "../reply-outbox";
import { initialUssdState, noticeScreen, ussdStep, screenOf, type UssdState } from "../ussd-flow";
import { AfricasTalkingSender } from "./sender";

// Africa's Talking, the gateway most used in Nigeria, for USSD and SMS. Its callbacks are form posts
// (fixtures/ holds the documented ones): USSD to …/<secret>/ussd, answered in plain text beginning "CON "
// (another screen) or "END " (the last); incoming SMS to …/<secret>/sms. Africa's Talking signs neither,
// so the secret in the address authenticates them, and the source addresses too when an allow-list is set.

export const AFRICASTALKING = "africastalking";
/** A USSD session the provider has not ended is dropped after this: operators end theirs within minutes. */
const USSD_SESSION_MAX_AGE_MS = 10 * 60 * 1000;
const FIELD_MAX = 2000;

const digest = (value: string) => createHash("sha256").update(value).digest();

function formBody(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  if (!body || typeof body !== "object") throw new HttpError(400, "The callback carried no form fields.");
  return body as Record<string, string>;
}

function field(body: Record<string, string>, name: string, { optional = false } = {}): string {
  const value = body[name];
  if (value === undefined || value === null) {
    if (optional) return "";
    throw new HttpError(400, `The callback has no "${name}" field.`, { field: name });
  }
  if (typeof value !== "string" || value.length > FIELD_MAX) {
    throw new HttpError(400, `The callback's "${name}" field is not readable.`, { field: name });
  }
  return value;
}

export function africasTalkingAdapter(settings: AfricasTalkingConfig): ChannelAdapter {
  const sender = new AfricasTalkingSender(settings);
  const secretDigest = digest(settings.callbackSecret);

  /** A wrong secret, or an address not on the allow-list, is answered as if the route did not exist. */
  function authenticate(request: FastifyRequest<{ Params: { secret: string } }>) {
    const sameSecret = timingSafeEqual(digest(request.params.secret), secretDigest);
    const allowed = settings.allowedIps.length === 0 || settings.allowedIps.includes(request.ip);
    if (!sameSecret || !allowed) throw new HttpError(404, "There is nothing at this address.");
  }

  return {
    provider: AFRICASTALKING,
    sender,
    routes:
      ({ db, now, intake }: AdapterContext) =>
      async (scope: FastifyInstance) => {
        scope.addContentTypeParser(
          "application/x-www-form-urlencoded",
          { parseAs: "string", bodyLimit: 16 * 1024 },
          (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
        );
        const options = { schema: { hide: true }, bodyLimit: 16 * 1024 };

        // USSD: one callback per screen; `text` is every answer so far joined by "*".
        scope.post<{ Params: { secret: string } }>("/:secret/ussd", options, async (request, reply) => {
          authenticate(request);
          const body = formBody(request);
          const sessionId = field(body, "sessionId");
          const phoneNumber = field(body, "phoneNumber");
          const text = field(body, "text", { optional: true });
          const at = now();
          const answer = (screen: string, end: boolean) =>
            sendText(reply, `${end ? "END" : "CON"} ${screen}`);
          // The reporter's language once known, so even a failure is told in it.
          let language: PhoneLanguage | null = null;
          try {
            const hash = intake.hashOf(phoneNumber);
            const key = and(eq(ussdSessions.provider, AFRICASTALKING), eq(ussdSessions.sessionId, sessionId));
            const [session] = await db.select().from(ussdSessions).where(key);
            const state = session && session.phoneHash === hash ? (session.state as UssdState) : null;
            if (state && state.step !== "language") language = state.language;
            if (await intake.providerBusy(AFRICASTALKING, at)) {
              language ??= await intake.lastLanguage(hash);
              return answer(noticeScreen("busy", language), true);
            }

            if (!session || !state) {
              await db
                .delete(ussdSessions)
                .where(lt(ussdSessions.updatedAt, new Date(at.getTime() - USSD_SESSION_MAX_AGE_MS)));
              if (await intake.phoneLimited(hash, at)) {
                return answer(noticeScreen("limited", await intake.lastLanguage(hash)), true);
              }
              await db
                .insert(ussdSessions)
                .values({
                  provider: AFRICASTALKING,
                  sessionId,
                  phoneHash: hash,
                  state: initialUssdState,
                  consumed: text.length,
                  updatedAt: at,
                })
                .onConflictDoUpdate({
                  target: [ussdSessions.provider, ussdSessions.sessionId],
                  set: { phoneHash: hash, state: initialUssdState, consumed: text.length, updatedAt: at },
                });
              return answer(screenOf(initialUssdState), false);
            }

            // The newest answer: what follows the answers already taken (and their "*").
            const input = session.consumed === 0 ? text : text.slice(session.consumed + 1);
            const result = ussdStep(state, input);
            if (result.kind === "continue") {
              await db
                .update(ussdSessions)
                .set({ state: result.state, consumed: text.length, updatedAt: at })
                .where(key);
              return answer(result.screen, false);
            }
            await db.delete(ussdSessions).where(key);
            if (result.kind === "end") return answer(result.screen, true);
            language = result.language;
            const t = channelText(result.language);
            const outcome = await intake.report(
              { ...message(phoneNumber, at), channel: "ussd", providerMessageId: `ussd:${sessionId}` },
              result.content,
            );
            switch (outcome.outcome) {
              case "report":
                return answer(t("ussd.sent", { reference: outcome.reference }), true);
              case "duplicate":
                return answer(t("ussd.sent", { reference: outcome.reference ?? "" }), true);
              default:
                return answer(noticeScreen("limited", result.language), true);
            }
          } catch (error) {
            // The phone shows a screen, not an HTTP error: say that nothing was sent, in the reporter's words.
            request.log.error(
              { error: withoutNumbers(error instanceof Error ? error.message : String(error)) },
              "USSD screen failed",
            );
            return answer(noticeScreen("error", language), true);
          }
        });

        // Incoming SMS: a keyword opens a report; STOP and START; anything else gets help.
        scope.post<{ Params: { secret: string } }>("/:secret/sms", options, async (request, reply) => {
          authenticate(request);
          const body = formBody(request);
          const from = field(body, "from");
          const text = field(body, "text", { optional: true });
          const id = field(body, "id");
          const at = now();
          if (await intake.providerBusy(AFRICASTALKING, at)) {
            throw new HttpError(503, "Too many messages this minute; please send this one again later.");
          }
          const inbound: InboundMessage = {
            ...message(from, at),
            channel: "sms",
            providerMessageId: `sms:${id}`,
          };
          const language = reportKeywordLanguage(text);
          if (isStop(text)) await intake.stop(inbound);
          else if (isStart(text)) await intake.start(inbound);
          else if (language && afterKeyword(text) !== "") {
            await intake.report(inbound, {
              language,
              comment: afterKeyword(text),
              commentType: null,
              place: null,
              occurredWhen: null,
            });
          } else await intake.help(inbound, language ?? "en");
          return reply.status(200).send({ received: true });
        });
      },
  };
}

function message(from: string, receivedAt: Date): Omit<InboundMessage, "channel" | "providerMessageId"> {
  return { provider: AFRICASTALKING, from, receivedAt };
}

function sendText(reply: FastifyReply, text: string) {
  return reply.status(200).header("content-type", "text/plain; charset=utf-8").send(text);
}
