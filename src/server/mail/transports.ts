import { redactUrl } from "../http/log-redaction";
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { OutgoingMail } from "./compose";
import type { MailLog } from "./outbox";

// How the outbox worker hands a message on: to an SMTP server when SMTP_URL is set, otherwise to an .eml
// file in DATA_DIR/mail with its links logged, so a machine without mail still lets people register.

export interface MailTransport {
  /** Resolves once the message is accepted; rejects with a reason the outbox records. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The message nodemailer sends: a stable Message-ID for an outbox message (see OutgoingMail.outboxId). */
export function nodemailerMessage(from: string, { outboxId, ...mail }: OutgoingMail) {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return { from, ...mail, ...(outboxId ? { messageId: `<${outboxId}@${domain}>` } : {}) };
}

export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.url,
    // Fail an attempt in seconds rather than minutes; the outbox retries it later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail(nodemailerMessage(options.from, mail));
    },
    close: () => transporter.close(),
  };
}

export function createMailFileTransport(options: {
  dir: string;
  from: string;
  log?: MailLog;
}): MailTransport {
  // nodemailer builds the complete RFC 822 message (headers, both parts) without sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await composer.sendMail(nodemailerMessage(options.from, mail));
      await mkdir(options.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(options.dir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      // Written under another name, then renamed: whoever reads the folder never sees half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
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

export function createMailTransport(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log?: MailLog,
): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport({ url: config.smtpUrl, from: config.mailFrom })
    : createMailFileTransport({ dir: path.join(config.dataDir, "mail"), from: config.mailFrom, log });
}

export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
}
