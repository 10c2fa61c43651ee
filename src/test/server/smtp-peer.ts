import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP server on 127.0.0.1 for tests: it receives what the product sends, parsed as a mail client
// would read it. It can be stopped and started again on the same port, to play an outage.

export interface SmtpPeer {
  port: number;
  url: string;
  received: ParsedMail[];
  /** Resolves once `count` messages have arrived in total. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  stop(): Promise<void>;
}

export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
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
