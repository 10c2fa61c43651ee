import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom } from "../../test/server/accounts";
import { loadConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/database";
import { eyewitnessReports, mailOutbox, reportMedia, reportMediaVariants, users } from "../db/schema";
import { tokenFromLink, startSmtpPeer, type HeldMessage, type SmtpPeer } from "../../test/server/smtp-peer";
import { openMediaStore } from "../media/open-store";
import { orphanAgeMs, sweepOrphanMedia } from "../media/orphan-sweep";
import { startTestS3Server, type TestS3Server } from "../../test/server/s3-server";
import {
  deleteKeys,
  expectTestRedisAnswers,
  keysUnder,
  testRedisUrl,
  uniqueKeyPrefix,
} from "../../test/server/redis";
import { fieldParts, mediaPart, multipart, smallJpeg, type Part } from "../../test/server/reports";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "../../test/server/databases";
import { runCli, startProxy, startServer, waitUntil, type RunningProcess } from "../../test/server/processes";

// Three product processes (src/server/main.ts, as `npm run serve` starts it) as one service: one
// PostgreSQL database made for this run, one Redis (keys under a prefix of this run), one S3-protocol
// server (s3rver on loopback), mail to an SMTP server on loopback, behind the bench's round-robin proxy.
// Each answer through the proxy names the instance that gave it, so the test sees consecutive requests
// land on different instances. Then instances are killed with SIGKILL in the middle of sending a mail and
// of receiving an upload.
//
// Mail is delivered exactly once when its sender dies before the SMTP server has answered the message's
// data: the message is not delivered, and the outbox row, claimed for a lease, is sent by a surviving
// instance once the lease ends. One window stays at-least-once, and cannot be closed without a
// transaction spanning SMTP and PostgreSQL: a crash after the server's OK and before the row is marked
// sent (one database round trip) sends that message again, once at most and with the same Message-ID, as
// the test shows too.

const adminDatabaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const INSTANCES = ["instance-a", "instance-b", "instance-c"];
const PUBLIC_URL = "https://atlas.example";
/** Sign-in attempts per e-mail address per 15 minutes, counted across instances in Redis. */
const ACCOUNT_LIMIT = 3;

const reporter = {
  email: "amina.bello@example.org",
  password: "Kettle-Drum-42",
  firstname: "Amina",
  lastname: "Bello",
};
const reviewer = {
  email: "ngozi.eze@example.org",
  password: "Lantern-Baobab-77",
  firstname: "Ngozi",
  lastname: "Eze",
};
const admin = { email: "ada.obi@example.org", password: "Harmattan-Kettle-93" };

let database: PostgresTestDatabase | undefined;
let db: DatabaseHandle | undefined;
let s3: TestS3Server | undefined;
let smtp: SmtpPeer | undefined;
const servers: RunningProcess[] = [];
let proxy: RunningProcess | undefined;
let workDir = "";
let redisKeyPrefix = "";
let serverEnv: Record<string, string> = {};

function dataDirOf(server: RunningProcess): string {
  return path.join(workDir, server.label);
}

beforeAll(async () => {
  await expectTestRedisAnswers();
  workDir = await mkdtemp(path.join(tmpdir(), "ia-multi-"));
  // The servers serve the web app too; this test speaks to the API, so an empty build's shape stands in
  // (build/client and build/server/index.js, which is loaded only to render a page).
  const webDir = path.join(workDir, "web", "client");
  await mkdir(webDir, { recursive: true });
  await mkdir(path.join(workDir, "web", "server"));
  await writeFile(path.join(workDir, "web", "server", "index.js"), "export {};");
  database = await createPostgresTestDatabase(adminDatabaseUrl);
  s3 = await startTestS3Server();
  smtp = await startSmtpPeer();
  redisKeyPrefix = uniqueKeyPrefix();
  const redisUrl = new URL(testRedisUrl());
  // ioredis reads its options from the address: every key of this run starts with the prefix.
  redisUrl.searchParams.set("keyPrefix", redisKeyPrefix);

  serverEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl.toString(),
    PUBLIC_URL,
    MEDIA_URL_SECRET: randomBytes(32).toString("base64url"),
    WEB_BUILD_DIR: webDir,
    S3_BUCKET: s3.settings.bucket,
    S3_ENDPOINT: s3.settings.endpoint ?? "",
    S3_REGION: s3.settings.region,
    S3_FORCE_PATH_STYLE: "true",
    AWS_ACCESS_KEY_ID: s3.settings.credentials?.accessKeyId ?? "",
    AWS_SECRET_ACCESS_KEY: s3.settings.credentials?.secretAccessKey ?? "",
    MAIL_FROM: "Inclusion Atlas <no-reply@atlas.example>",
    // All the test's requests come from 127.0.0.1: the per-address limit must not be what stops them.
    AUTH_RATE_LIMIT_MAX: "1000",
    AUTH_ACCOUNT_RATE_LIMIT_MAX: String(ACCOUNT_LIMIT),
  };
  // Kept as each one listens, and all settled before failing, so afterAll kills every one that started.
  const started = await Promise.allSettled(
    INSTANCES.map(async (label) => {
      const server = await startServer(label, {
        ...serverEnv,
        DATA_DIR: path.join(workDir, label),
        // Each instance says its name in EHLO, so the SMTP server knows which one is sending.
        SMTP_URL: `${smtp!.url}/?name=${label}`,
      });
      servers.push(server);
    }),
  );
  for (const result of started) if (result.status === "rejected") throw result.reason;
  proxy = await startProxy(servers.map((server) => server.port));
  db = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
}, 120_000);

afterAll(async () => {
  // Every step runs whatever failed before it: no process or database may outlive the run.
  const steps: (() => Promise<unknown>)[] = [
    ...[...servers, ...(proxy ? [proxy] : [])].map((child) => () => child.kill()),
    async () => db?.close(),
    async () => database?.drop(),
    async () => smtp?.stop(),
    async () => s3?.close(),
    async () => redisKeyPrefix && deleteKeys(redisKeyPrefix),
    async () => workDir && rm(workDir, { recursive: true, force: true }),
  ];
  const problems: unknown[] = [];
  for (const step of steps) await step().catch((error: unknown) => problems.push(error));
  if (problems.length > 0) throw new AggregateError(problems, "cleaning up the multi-instance test failed");
}, 60_000);

// Requests through the proxy.

interface Answer {
  status: number;
  /** The instance that answered (its port). */
  port: number;
  headers: Headers;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

let lastPort = 0;

async function call(
  method: string,
  pathname: string,
  options: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${proxy!.port}${pathname}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.json !== undefined ? { "content-type": "application/json" } : {}),
      ...options.headers,
    },
    // fetch's types take a Uint8Array over a plain ArrayBuffer, which a Buffer's type does not promise.
    body:
      options.json !== undefined
        ? JSON.stringify(options.json)
        : options.body && new Uint8Array(options.body),
  });
  const body = Buffer.from(await response.arrayBuffer());
  lastPort = Number(response.headers.get("x-upstream-port"));
  expect(lastPort, `${method} ${pathname} has no X-Upstream-Port`).toBeGreaterThan(0);
  return {
    status: response.status,
    port: lastPort,
    headers: response.headers,
    body,
    json: <T>() => JSON.parse(body.toString("utf8")) as T,
  };
}

const nameOf = (port: number) => servers.find((server) => server.port === port)?.label ?? String(port);

/**
 * Makes sure the next request through the proxy lands on none of `ports`: the proxy takes its upstreams
 * in turn, so a cheap request moves it on.
 */
async function nextNotOn(...ports: number[]): Promise<void> {
  const order = servers.map((server) => server.port);
  for (;;) {
    const next = order[(order.indexOf(lastPort) + 1) % order.length]!;
    if (!ports.includes(next)) return;
    await call("GET", "/api/v1/health");
  }
}

function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((address) => (address.address ?? "").toLowerCase()));
}

const mailsTo = (email: string) => smtp!.received.filter((mail) => addressesOf(mail).includes(email));

/** Waits until every message queued for `email` is marked sent, then answers what the SMTP server received. */
async function deliveredTo(email: string, expected: number): Promise<ParsedMail[]> {
  await waitUntil(`${expected} sent messages to ${email}`, async () => {
    const rows = await db!.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    return rows.length === expected && rows.every((row) => row.status === "sent");
  });
  return mailsTo(email);
}

async function registerAndVerify(person: typeof reporter): Promise<{ ports: number[]; token: string }> {
  const registered = await call("POST", "/api/v1/auth/register", { json: person });
  expect(registered.status).toBe(201);
  const mails = await deliveredTo(person.email, 1);
  expect(mails).toHaveLength(1);
  const link = tokenFromLink(mails[0]!.text ?? "", "verify-email");
  // The same browser follows the link: its registration cookie goes back, to another instance.
  const verified = await call("POST", "/api/v1/auth/verify-email", {
    json: { token: link },
    headers: cookiesFrom({ headers: { "set-cookie": registered.headers.getSetCookie() } }),
  });
  expect(verified.status).toBe(200);
  return { ports: [registered.port, verified.port], token: verified.json<{ token: string }>().token };
}

async function signIn(credentials: { email: string; password: string }): Promise<Answer & { token: string }> {
  const answer = await call("POST", "/api/v1/auth/login", { json: credentials });
  expect(answer.status, answer.body.toString()).toBe(200);
  return { ...answer, token: answer.json<{ token: string }>().token };
}

async function userId(email: string): Promise<number> {
  const [row] = await db!.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Every storage key a report row (or a photo's variant row) names. */
async function namedKeys(): Promise<string[]> {
  const media = await db!.db.select({ key: reportMedia.storageKey }).from(reportMedia);
  const variants = await db!.db.select({ key: reportMediaVariants.storageKey }).from(reportMediaVariants);
  return [...media, ...variants].map((row) => row.key).sort();
}

interface MediaView {
  url: string;
  variants: { url: string }[];
}

let reporterToken = "";
let reportId = "";
let submittedOn = 0;

// Each step is a few seconds on a quiet machine (password hashing at production cost, the mail worker's
// 2-second round): the limit leaves room for a machine busy with the rest of the suite.
describe("several instances as one service", { timeout: 90_000 }, () => {
  it("registers, mails the link once, verifies and signs in, each step on another instance", async () => {
    const { ports, token } = await registerAndVerify(reporter);
    const signedIn = await signIn(reporter);
    reporterToken = signedIn.token;
    expect(token).not.toBe(reporterToken);
    const steps = [...ports, signedIn.port];
    for (let index = 1; index < steps.length; index++) expect(steps[index]).not.toBe(steps[index - 1]);
    expect(new Set(steps).size).toBe(3);
    // Still exactly one message: no instance sent the verification mail again.
    expect(mailsTo(reporter.email)).toHaveLength(1);
  });

  it("stores a report's photos in the bucket, served by every instance through links signed by one", async () => {
    const photos = [await smallJpeg(800, 600), await smallJpeg(600, 800)];
    const body = multipart([
      ...fieldParts(),
      ...photos.map((photo, index) => mediaPart(`photo-${index}.jpg`, "image/jpeg", photo)),
    ]);
    const sent = await call("POST", "/api/v1/eyewitness", {
      token: reporterToken,
      body: body.payload,
      headers: body.headers,
    });
    expect(sent.status, sent.body.toString()).toBe(201);
    submittedOn = sent.port;
    reportId = sent.json<{ report: { id: string } }>().report.id;
    // Their WebP variants are made after the answer, by one instance.
    await waitUntil("the photos' variants are made", async () => {
      const due = await db!.db.select().from(reportMedia).where(isNotNull(reportMedia.variantsDueAt));
      return due.length === 0;
    });
    expect(await s3!.keys()).toEqual(await namedKeys());

    await nextNotOn(submittedOn);
    const mine = await call("GET", "/api/v1/eyewitness/mine", { token: reporterToken });
    const media = mine.json<{ reports: { id: string; media: MediaView[] }[] }>().reports[0]!.media;
    expect(media).toHaveLength(2);
    const links = media.flatMap((item) => [item.url, ...item.variants.map((variant) => variant.url)]);
    expect(links.length).toBeGreaterThan(2);
    // Signed by the instance that listed them, checked by every instance: the link alone, no token, as
    // an <img> fetches it.
    const servedBy = new Set<number>();
    for (const link of links) {
      const file = await call("GET", link);
      expect(file.status, `${link} on ${nameOf(file.port)}`).toBe(200);
      expect(file.headers.get("content-type")).toMatch(/^image\//);
      servedBy.add(file.port);
    }
    expect(servedBy.size).toBe(3);
    // The signature is what opens them: a forged one is refused on every instance.
    const forged = links[0]!.replace(/sig=[^&]+/, `sig=${"A".repeat(43)}`);
    const refusals = [];
    for (const _ of servers) refusals.push(await call("GET", forged));
    expect(refusals.map((answer) => answer.status)).toEqual([403, 403, 403]);
    expect(new Set(refusals.map((answer) => answer.port)).size).toBe(3);
  });

  it("makes a moderator on one instance, and every instance lets them review", async () => {
    const created = await runCli(
      "src/server/cli/create-admin.ts",
      ["--email", admin.email, "--firstname", "Ada", "--lastname", "Obi"],
      {
        ...serverEnv,
        DATA_DIR: path.join(workDir, "cli"),
        ADMIN_PASSWORD: admin.password,
      },
    );
    expect(created.code, created.output).toBe(0);
    const adminToken = (await signIn(admin)).token;
    await registerAndVerify(reviewer);
    const reviewerToken = (await signIn(reviewer)).token;
    const reviewerId = await userId(reviewer.email);

    const queueOnEach = async () => {
      const answers = [];
      for (const _ of servers)
        answers.push(await call("GET", "/api/v1/eyewitness/reviews", { token: reviewerToken }));
      expect(new Set(answers.map((answer) => answer.port)).size).toBe(servers.length);
      return answers.map((answer) => answer.status);
    };
    expect(await queueOnEach()).toEqual([403, 403, 403]);

    const promoted = await call("PATCH", "/api/v1/roles/update-role", {
      token: adminToken,
      json: { userId: reviewerId, role: "moderator" },
    });
    expect(promoted.status, promoted.body.toString()).toBe(200);
    expect(await queueOnEach()).toEqual([200, 200, 200]);

    await nextNotOn(submittedOn, promoted.port);
    const decided = await call("PATCH", `/api/v1/eyewitness/${reportId}/review`, {
      token: reviewerToken,
      json: { status: "verified", fromStatus: "pending" },
    });
    expect(decided.status, decided.body.toString()).toBe(200);
    expect(decided.port).not.toBe(submittedOn);

    // The reporter is told, once.
    const decisionMails = await deliveredTo(reporter.email, 2);
    expect(decisionMails).toHaveLength(2);

    await nextNotOn(decided.port);
    const published = await call("GET", `/api/v1/eyewitness/published/${reportId}`);
    expect(published.status).toBe(200);
    expect(published.port).not.toBe(decided.port);
    const media = published.json<{ report: { media: MediaView[] } }>().report.media;
    expect(media).toHaveLength(2);
    const servedBy = new Set<number>();
    for (const item of media) {
      for (const url of [item.url, ...item.variants.map((variant) => variant.url)]) {
        const file = await call("GET", url);
        expect(file.status, `${url} on ${nameOf(file.port)}`).toBe(200);
        servedBy.add(file.port);
      }
    }
    expect(servedBy.size).toBe(3);

    const demoted = await call("PATCH", "/api/v1/roles/update-role", {
      token: adminToken,
      json: { userId: reviewerId, role: "user" },
    });
    expect(demoted.status).toBe(200);
    expect(await queueOnEach()).toEqual([403, 403, 403]);
  });

  it("counts sign-in attempts for one address across instances", async () => {
    const attempt = () =>
      call("POST", "/api/v1/auth/login", {
        json: { email: "nobody@example.org", password: "Wrong-Guess-11" },
      });
    const allowed = [];
    for (let index = 0; index < ACCOUNT_LIMIT; index++) allowed.push(await attempt());
    expect(allowed.map((answer) => answer.status)).toEqual(Array(ACCOUNT_LIMIT).fill(401));
    expect(new Set(allowed.map((answer) => answer.port)).size).toBe(3);
    // Each instance has seen one attempt only: the limit holds because the count is shared.
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.port).toBe(allowed[0]!.port);
    // Counted in Redis under this run's prefix, where no other run counts.
    expect((await keysUnder(redisKeyPrefix)).length).toBeGreaterThan(0);
  });

  /**
   * Registers `person` and holds their verification mail at the SMTP server, received whole and not
   * answered; answers the held message and the instance sending it.
   */
  async function holdVerificationMail(person: typeof reporter) {
    let held: HeldMessage | undefined;
    void smtp!.holdNext().then((message) => (held = message));
    // The proxy does not check its upstreams: a killed instance's turn answers 502, so it is skipped.
    await nextNotOn(...servers.filter((server) => server.exited).map((server) => server.port));
    const registered = await call("POST", "/api/v1/auth/register", { json: person });
    expect(registered.status).toBe(201);
    const message = await waitUntil("the held message", () => held);
    const sender = servers.find((server) => server.label === message.clientName && !server.exited);
    if (!sender) throw new Error(`no live instance is called ${message.clientName}`);
    return { message, sender };
  }

  /** The dead instance's claim on the row is a lease (10 minutes): here it runs out now. */
  async function endLeaseOfMailTo(email: string): Promise<string> {
    const [row] = await db!.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(row).toMatchObject({ status: "sending", attempts: 1 });
    await db!.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(mailOutbox.id, row!.id), eq(mailOutbox.status, "sending")));
    return row!.id;
  }

  const musa = { ...reporter, email: "musa.sani@example.org", firstname: "Musa", lastname: "Sani" };
  const halima = { ...reporter, email: "halima.yusuf@example.org", firstname: "Halima", lastname: "Yusuf" };

  it("delivers a mail exactly once when its sender is killed before the SMTP server accepted it", async () => {
    const { message, sender } = await holdVerificationMail(musa);
    await sender.kill();
    await waitUntil("the dead sender's connection to close", () => message.connectionClosed());
    expect(message.release()).toBe("discarded");
    expect(mailsTo(musa.email)).toHaveLength(0);

    const id = await endLeaseOfMailTo(musa.email);
    // A survivor sends it: once.
    expect(await deliveredTo(musa.email, 1)).toHaveLength(1);
    const [sent] = await db!.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("sends a mail again, and loses none, when its sender dies between the SMTP server's OK and the outbox's record of it", async () => {
    const { message, sender } = await holdVerificationMail(halima);
    // Frozen, the sender cannot read the OK, so it never records the message as sent; then it dies.
    await sender.freeze();
    expect(message.release()).toBe("delivered");
    await sender.kill();
    expect(mailsTo(halima.email)).toHaveLength(1);

    await endLeaseOfMailTo(halima.email);
    // The one window that stays at-least-once: the survivor cannot know the SMTP server took it.
    const copies = await deliveredTo(halima.email, 1);
    expect(copies).toHaveLength(2);
    expect(copies[1]!.text).toBe(copies[0]!.text);
    // Both copies carry the outbox message's one Message-ID, so mail servers and clients drop the second.
    expect(copies[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@/);
    expect(copies[1]!.messageId).toBe(copies[0]!.messageId);

    // Every message the service queued was delivered, and all but that one exactly once.
    const rows = await db!.db.select().from(mailOutbox);
    expect(rows.every((each) => each.status === "sent")).toBe(true);
    for (const row of rows) {
      const copiesOf = smtp!.received.filter(
        (mail) => addressesOf(mail).includes(row.toAddress) && mail.subject === row.subject,
      );
      expect(copiesOf, `${row.toAddress}: ${row.subject}`).toHaveLength(
        row.toAddress === halima.email ? 2 : 1,
      );
    }
    expect(smtp!.received).toHaveLength(rows.length + 1);
  });

  it("leaves nothing behind when the instance receiving an upload is killed", async () => {
    const [victim] = servers.filter((server) => !server.exited);
    const before = new Set(await s3!.keys());
    const reportsBefore = await db!.db.$count(eyewitnessReports);
    const photos: Part[] = [];
    for (const width of [900, 700, 500]) {
      photos.push(mediaPart(`photo-${width}.jpg`, "image/jpeg", await smallJpeg(width, 600)));
    }
    const body = multipart([...fieldParts(), ...photos]);
    // All but the last 100 bytes: the first photos arrive and are stored, the request never ends.
    const request = http.request({
      host: "127.0.0.1",
      port: victim!.port,
      method: "POST",
      path: "/api/v1/eyewitness",
      headers: {
        ...body.headers,
        authorization: `Bearer ${reporterToken}`,
        "content-length": String(body.payload.length),
      },
    });
    const ended = new Promise<void>((resolve) => {
      request.on("error", () => resolve());
      request.on("response", () => resolve());
    });
    request.write(body.payload.subarray(0, body.payload.length - 100));

    await waitUntil("a photo of the upload in the bucket", async () =>
      (await s3!.keys()).some((key) => !before.has(key)),
    );
    await victim!.kill();
    await ended;

    expect(await db!.db.$count(eyewitnessReports)).toBe(reportsBefore);
    const leftOver = (await s3!.keys()).filter((key) => !before.has(key));
    expect(leftOver.length).toBeGreaterThan(0);

    // The sweep every instance runs (at start-up, then every 10 minutes), at the time it removes them:
    // once older than the longest request, so no live upload can still be writing its report.
    const defaults = loadConfig({});
    const olderThanMs = orphanAgeMs({
      requestMs: defaults.httpTimeouts.requestMs,
      videoRemuxTimeoutMs: defaults.videoRemuxTimeoutMs,
    });
    const store = await openMediaStore({
      uploadsDir: path.join(dataDirOf(victim!), "uploads"),
      s3: s3!.settings,
    });
    try {
      await sweepOrphanMedia(store, db!.db, new Date(Date.now() + olderThanMs + 60_000), olderThanMs);
    } finally {
      await store.close();
    }
    expect(await s3!.keys()).toEqual(await namedKeys());
    expect(await s3!.keys()).toEqual([...before].sort());
    // Nor on the dead instance's disk (photos go to the bucket without touching it; a video is staged there).
    const local = await readdir(path.join(dataDirOf(victim!), "uploads"), { recursive: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      },
    );
    expect(local.filter((entry) => entry.endsWith(".part"))).toEqual([]);
  });
});
