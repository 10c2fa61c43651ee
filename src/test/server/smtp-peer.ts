import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP server on 127.0.0.1 for tests: it receives what the product sends, parsed as a mail client
// would read it. It can be stopped and started again on the same port, to play an outage. It can hold a
// message after its last byte, before answering it: the moment a sender can be killed mid-send. As RFC
// 5321 says, a message is delivered only once the server has answered its data with OK: one whose
// connection closed before that answer is discarded, never counted as received.

/** A message received whole and not answered yet (holdNext). */
export interface HeldMessage {
  /** The name the sender gave in EHLO (nodemailer's `name` option: `SMTP_URL=smtp://host:port/?name=…`). */
  clientName: string;
  /** Whether the sender's connection has closed (the sender died) while held. */
  connectionClosed(): boolean;
  /** Answers the message: OK, delivered, if its connection is still open; else it is discarded. */
  release(): "delivered" | "discarded";
}

export interface SmtpPeer {
  port: number;
  url: string;
  received: ParsedMail[];
  /** How many messages' data never arrived whole (the sender stopped before the final dot): discarded. */
  unfinished(): number;
  /** Holds the next message received whole, unanswered, until it is released. */
  holdNext(): Promise<HeldMessage>;
  /** Resolves once `count` messages have arrived in total. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  stop(): Promise<void>;
}

export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  let unfinished = 0;
  const closedSessions = new Set<string>();
  const holdRequests: ((held: HeldMessage) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const hold = holdRequests.shift();
          if (!hold) {
            received.push(mail);
            callback();
            return;
          }
          hold({
            clientName: session.hostNameAppearsAs,
            connectionClosed: () => closedSessions.has(session.id),
            release() {
              if (closedSessions.has(session.id)) return "discarded";
              received.push(mail);
              callback();
              return "delivered";
            },
          });
        },
        (error: Error) => {
          unfinished += 1;
          callback(error);
        },
      );
    },
  });
  const listeningPort = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });

  return {
    port: listeningPort,
    url: `smtp://127.0.0.1:${listeningPort}`,
    received,
    unfinished: () => unfinished,
    holdNext: () =>
      new Promise<HeldMessage>((resolve) => {
        holdRequests.push(resolve);
      }),
    async waitForMessages(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} e-mails, received ${received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token at the end of the link in a message that points to `/{page}/{token}`. */
export function tokenFromLink(text: string, page: "verify-email" | "reset-password"): string {
  const match = new RegExp(`/${page}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no /${page}/ link in:\n${text}`);
  return match[1];
}
