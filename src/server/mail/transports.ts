import { redactUrl } from "../http/log-redaction";
import { randomBytes } from "node:crypto";
import { chmod, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import nodemailer from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import type { OutgoingMail } from "./compose";
import type { MailLog } from "./outbox";

// How the outbox worker hands a message on: to an SMTP server when SMTP_URL is set, otherwise to an .eml
// file in DATA_DIR/mail with its links logged, so a machine without mail still lets people register.

/**
 * Called at the last moment before a message can be delivered: before the SMTP data's final dot (the
 * server takes nothing before it), before a mail file appears. If it rejects, the message is abandoned,
 * undelivered; the outbox uses it to record the hand-over before it happens.
 */
export type HandOver = () => Promise<void>;

export interface MailTransport {
  /** The domain of the Message-IDs of messages sent this way (the sender's). */
  readonly messageIdDomain: string;
  /** Resolves once the message is accepted; rejects with a reason the outbox records. */
  send(mail: OutgoingMail, handOver?: HandOver): Promise<void>;
  close(): void;
}

/**
 * The message went to the SMTP server whole but no answer came back (the connection broke or timed
 * out after the final dot): it may have been delivered.
 */
export class UnansweredHandOverError extends Error {
  constructor(cause: unknown) {
    super(`no answer from the SMTP server after the whole message was sent: ${errorText(cause)}`);
    this.name = "UnansweredHandOverError";
  }
}

/** The domain part of the sender's address, for Message-IDs. */
export function senderDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

/** The message nodemailer composes, with the outbox's Message-ID when it has one. */
export function nodemailerMessage(from: string, { messageId, ...mail }: OutgoingMail) {
  return { from, ...mail, ...(messageId ? { messageId } : {}) };
}

/** Builds the complete RFC 822 message (headers, both parts) without sending it. */
function messageComposer() {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async compose(from: string, mail: OutgoingMail) {
      const info = await composer.sendMail(nodemailerMessage(from, mail));
      return { bytes: info.message as Buffer, envelope: info.envelope };
    },
    close: () => composer.close(),
  };
}

// The message's bytes, and its end only once the hand-over is recorded. nodemailer's SMTP connection
// reads a message stream only after the server's 354 (go ahead) to DATA, and writes the final dot when
// the stream ends: so the hand-over is recorded after the server has agreed to take data and before it
// can accept anything. A stream that fails instead leaves the data unfinished; the server discards it.
class MessageEndingAfterHandOver extends Readable {
  private started = false;
  constructor(
    private readonly bytes: Buffer,
    private readonly handOver: HandOver,
  ) {
    super();
  }
  override _read(): void {
    if (this.started) return;
    this.started = true;
    this.push(this.bytes);
    this.handOver().then(
      () => this.push(null),
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

/** Whether an SMTP error carries the server's own answer (a refusal), not a broken or silent connection. */
function isServerAnswer(error: unknown): boolean {
  return typeof (error as { responseCode?: unknown } | null)?.responseCode === "number";
}

export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const connectionOptions = {
    ...parseConnectionUrl(options.url),
    // Fail an attempt in seconds rather than minutes; the outbox retries it later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  const composer = messageComposer();

  // One connection per message, as nodemailer's SMTP transport does, but driven here so the data's end
  // can wait for the hand-over's record.
  async function deliver(
    bytes: Buffer,
    envelope: { from: string | false; to: string[] },
    handOver: HandOver,
  ) {
    const connection = new SMTPConnection(connectionOptions);
    // Errors of the connection itself (refused, reset, timed out) come as events, not to the callbacks.
    const broken = new Promise<never>((_resolve, reject) => {
      connection.once("error", reject);
      connection.once("end", () => reject(new Error("the SMTP server closed the connection")));
    });
    broken.catch(() => undefined);
    const step = <T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void) =>
      Promise.race([
        new Promise<T>((resolve, reject) =>
          run((error, value) => (error ? reject(error) : resolve(value as T))),
        ),
        broken,
      ]);
    let handedOver = false;
    try {
      await step((done) => connection.connect((error) => done(error)));
      const auth = connectionOptions.auth;
      if (auth && connection.allowsAuth) await step((done) => connection.login(auth, done));
      const message = new MessageEndingAfterHandOver(bytes, async () => {
        await handOver();
        handedOver = true;
      });
      await step((done) => connection.send({ from: envelope.from || "", to: envelope.to }, message, done));
      connection.quit();
    } catch (error) {
      connection.close();
      if (handedOver && !isServerAnswer(error)) throw new UnansweredHandOverError(error);
      throw error;
    }
  }

  return {
    messageIdDomain: senderDomain(options.from),
    async send(mail, handOver = async () => undefined) {
      const { bytes, envelope } = await composer.compose(options.from, mail);
      await deliver(bytes, envelope, handOver);
    },
    close: () => composer.close(),
  };
}

export function createMailFileTransport(options: {
  dir: string;
  from: string;
  log?: MailLog;
}): MailTransport {
  const composer = messageComposer();
  let folderReady: Promise<void> | undefined;
  // The files hold live verification and reset links: only the server's own user may read them.
  const prepareFolder = async () => {
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    // A folder made by an earlier version (or by hand) is closed too.
    await chmod(options.dir, 0o700);
  };
  return {
    messageIdDomain: senderDomain(options.from),
    async send(mail, handOver = async () => undefined) {
      const { bytes } = await composer.compose(options.from, mail);
      folderReady ??= prepareFolder().catch((error: unknown) => {
        folderReady = undefined;
        throw error;
      });
      await folderReady;
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(options.dir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      // Written under another name, then renamed: whoever reads the folder never sees half a message.
      await writeFile(`${file}.part`, bytes, { mode: 0o600 });
      await handOver();
      await rename(`${file}.part`, file);
      options.log?.info(
        // Tokens never go to the log: the links are in the file, for whoever has the data folder.
        { to: mail.to, subject: mail.subject, file, links: linksIn(mail.text).map(redactUrl) },
        "mail written to a file (no SMTP_URL set)",
      );
    },
    close: () => composer.close(),
  };
}

/** Logged once at start-up when a production server has no SMTP server to send through. */
export const fileMailInProductionWarning =
  "SMTP_URL is not set: e-mails, with their live verification and password-reset links, are written to files under DATA_DIR/mail instead of being sent. Set SMTP_URL in production.";

export function createMailTransport(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string; env?: string },
  log?: MailLog,
): MailTransport {
  if (config.smtpUrl) return createSmtpTransport({ url: config.smtpUrl, from: config.mailFrom });
  if (config.env === "production")
    log?.warn({ mailDir: path.join(config.dataDir, "mail") }, fileMailInProductionWarning);
  return createMailFileTransport({ dir: path.join(config.dataDir, "mail"), from: config.mailFrom, log });
}

export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
