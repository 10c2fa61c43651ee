import net from "node:net";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startSmtpPeer, type SmtpPeer } from "../../test/server/smtp-peer";
import { composeMail } from "./compose";
import {
  createMailTransport,
  createSmtpTransport,
  fileMailInProductionWarning,
  nodemailerMessage,
  senderDomain,
  UnansweredHandOverError,
  type MailTransport,
} from "./transports";

const FROM = "Inclusion Atlas <no-reply@atlas.example>";

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

describe("mail files on a shared machine", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "inclusion-atlas-mail-"));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));
  const verification = composeMail("ada@example.org", {
    language: "en",
    subject: "Verify your e-mail address",
    heading: "Verify your e-mail address",
    paragraphs: ["Hello Ada,"],
    actions: [{ label: "Verify my e-mail address", url: "https://atlas.example/verify-email/abc123abc123" }],
  });
  const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

  it("are readable by the server's user only: files 0600 in a folder 0700, even one made before", async () => {
    // A folder an earlier version made, open to everyone on the machine.
    await mkdir(path.join(dataDir, "mail"), { mode: 0o755 });
    await chmod(path.join(dataDir, "mail"), 0o755);
    const transport = createMailTransport({ smtpUrl: undefined, mailFrom: FROM, dataDir });
    await transport.send(verification);
    await transport.send(verification);
    transport.close();

    const mailDir = path.join(dataDir, "mail");
    expect(await modeOf(mailDir)).toBe(0o700);
    const files = await readdir(mailDir);
    expect(files).toHaveLength(2);
    for (const file of files) expect(await modeOf(path.join(mailDir, file))).toBe(0o600);
  });

  it("are announced by a warning at start-up in production, once, and not elsewhere", async () => {
    const warnings = (env: string, smtpUrl?: string) => {
      const warned: { details: object; message: string }[] = [];
      const log = {
        info: () => undefined,
        warn: (details: object, message: string) => warned.push({ details, message }),
      };
      createMailTransport({ smtpUrl, mailFrom: FROM, dataDir, env }, log).close();
      return warned;
    };
    expect(warnings("production")).toEqual([
      { details: { mailDir: path.join(dataDir, "mail") }, message: fileMailInProductionWarning },
    ]);
    expect(fileMailInProductionWarning).toMatch(/DATA_DIR\/mail.*SMTP_URL/s);
    expect(warnings("development")).toEqual([]);
    expect(warnings("production", "smtp://127.0.0.1:2525")).toEqual([]);
  });
});

describe("the message handed to nodemailer", () => {
  it("carries the outbox's Message-ID when it has one, and the sender's domain is the Message-IDs' domain", () => {
    const mail = { to: "ada@example.org", subject: "Hello", text: "Hi", html: "<p>Hi</p>" };
    const messageId = "<0b6f1c9e-6a51-4d8e-9d0b-2f1a7c3e5b44@atlas.example>";
    expect(nodemailerMessage(FROM, { ...mail, messageId })).toEqual({ from: FROM, ...mail, messageId });
    expect(nodemailerMessage(FROM, mail)).not.toHaveProperty("messageId");
    expect(senderDomain(FROM)).toBe("atlas.example");
    expect(senderDomain("no-reply@mail.atlas.example")).toBe("mail.atlas.example");
  });
});

describe("handing a message over to an SMTP server", () => {
  let peer: SmtpPeer;
  let transport: MailTransport;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    transport = createSmtpTransport({ url: peer.url, from: FROM });
  });
  afterAll(async () => {
    transport.close();
    await peer.stop();
  });
  beforeEach(() => {
    peer.received.length = 0;
  });
  const mail = (subject: string) => ({
    to: "ada@example.org",
    subject,
    text: "Hello",
    html: "<p>Hello</p>",
    messageId: `<${subject.replace(/\W/g, "")}@atlas.example>`,
  });

  it("records the hand-over after the server agreed to take the data and before it has the whole message", async () => {
    const events: string[] = [];
    const held = peer.holdNext().then((message) => {
      events.push("the server has the whole message");
      return message;
    });
    const sent = transport.send(mail("Ordered"), async () => {
      events.push("hand-over recorded");
    });
    expect((await held).release()).toBe("delivered");
    await sent;
    expect(events).toEqual(["hand-over recorded", "the server has the whole message"]);
    expect(peer.received.map((each) => each.messageId)).toEqual(["<Ordered@atlas.example>"]);
  });

  it("abandons the message, undelivered, when the hand-over cannot be recorded", async () => {
    const unfinishedBefore = peer.unfinished();
    await expect(
      transport.send(mail("Abandoned"), async () => {
        throw new Error("the database is down");
      }),
    ).rejects.toThrow("the database is down");
    await vi.waitFor(() => expect(peer.unfinished()).toBe(unfinishedBefore + 1), 5000);
    expect(peer.received).toHaveLength(0);
  });

  it("says when the whole message went out but no answer came back", async () => {
    const silent = await startSilentSmtpServer();
    const toSilent = createSmtpTransport({ url: silent.url, from: FROM });
    let handedOver = false;
    try {
      await expect(
        toSilent.send(mail("Silent"), async () => {
          handedOver = true;
        }),
      ).rejects.toBeInstanceOf(UnansweredHandOverError);
      expect(handedOver).toBe(true);
      expect(silent.wholeMessages()).toBe(1);
    } finally {
      toSilent.close();
      await silent.stop();
    }
  });
});

/**
 * An SMTP server that takes a whole message and then drops the connection without answering it, as one
 * that crashed or became unreachable at that moment would.
 */
async function startSilentSmtpServer() {
  let wholeMessages = 0;
  const server = net.createServer((socket) => {
    let inData = false;
    let pending = "";
    socket.write("220 silent.test ESMTP\r\n");
    socket.on("data", (chunk: Buffer) => {
      pending += chunk.toString("latin1");
      if (inData) {
        if (!pending.includes("\r\n.\r\n")) return;
        wholeMessages += 1;
        socket.destroy();
        return;
      }
      for (let end = pending.indexOf("\r\n"); end >= 0 && !inData; end = pending.indexOf("\r\n")) {
        const command = pending.slice(0, end).toUpperCase();
        pending = pending.slice(end + 2);
        inData = command === "DATA";
        socket.write(inData ? "354 go ahead\r\n" : "250 ok\r\n");
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    wholeMessages: () => wholeMessages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
