import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { composeMail } from "./compose";
import { createMailTransport, nodemailerMessage } from "./transports";

describe("mail without an SMTP server", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "inclusion-atlas-mail-"));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it("writes each message as an .eml file in DATA_DIR/mail and logs its links without their tokens", async () => {
    const logged: { details: object; message: string }[] = [];
    const log = {
      info: (details: object, message: string) => logged.push({ details, message }),
      warn: () => undefined,
    };
    const transport = createMailTransport(
      { smtpUrl: undefined, mailFrom: "Inclusion Atlas <no-reply@atlas.example>", dataDir },
      log,
    );

    await transport.send(
      composeMail("ada@example.org", {
        language: "en",
        subject: "Verify your e-mail address",
        heading: "Verify your e-mail address",
        paragraphs: ["Hello Ada,"],
        actions: [
          { label: "Verify my e-mail address", url: "https://atlas.example/verify-email/abc123abc123" },
        ],
      }),
    );
    transport.close();

    const files = await readdir(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = await simpleParser(await readFile(path.join(dataDir, "mail", files[0] ?? "")));
    expect(mail.subject).toBe("Verify your e-mail address");
    expect(mail.from?.text).toBe('"Inclusion Atlas" <no-reply@atlas.example>');
    expect(mail.text).toContain("https://atlas.example/verify-email/abc123abc123");
    expect(String(mail.html)).toContain('<html lang="en">');
    expect(logged).toEqual([
      {
        message: "mail written to a file (no SMTP_URL set)",
        details: expect.objectContaining({
          to: "ada@example.org",
          links: ["https://atlas.example/verify-email/[redacted]"],
        }),
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain("abc123abc123");
  });
});

describe("the message handed to nodemailer", () => {
  it("carries the outbox message's id as its Message-ID, on the sender's domain, the same on every attempt", () => {
    const mail = { to: "ada@example.org", subject: "Hello", text: "Hi", html: "<p>Hi</p>" };
    const id = "0b6f1c9e-6a51-4d8e-9d0b-2f1a7c3e5b44";
    const first = nodemailerMessage("Inclusion Atlas <no-reply@atlas.example>", { ...mail, outboxId: id });
    const again = nodemailerMessage("Inclusion Atlas <no-reply@atlas.example>", { ...mail, outboxId: id });
    expect(first).toEqual({
      from: "Inclusion Atlas <no-reply@atlas.example>",
      ...mail,
      messageId: `<${id}@atlas.example>`,
    });
    expect(again.messageId).toBe(first.messageId);
    expect(nodemailerMessage("no-reply@atlas.example", mail)).not.toHaveProperty("messageId");
    expect(nodemailerMessage("no-reply@atlas.example", mail)).not.toHaveProperty("outboxId");
  });
});
