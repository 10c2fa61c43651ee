import { once } from "node:events";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildTestApp, signedInUser, type AccountsTestApp } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase } from "../../test/server/databases";
import { waitUntil } from "../../test/server/processes";
import { lingerLimits } from "./lingering-close";

// A body over the limit is refused while the client is still sending it. Every client must read that
// refusal (413 and its JSON) instead of a broken pipe, and a client that never stops sending must still be
// cut off, its socket closed. Real sockets on loopback, the whole app listening.

const MB = 1024 * 1024;

interface Outcome {
  status?: number;
  body?: string;
  error?: string;
}

describe("a body over the limit", () => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  let port: number;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    t = await buildTestApp(database, {
      config: { reportPhotoMaxBytes: 200 * 1024, reportVideoMaxBytes: 1 * MB },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  const openConnections = () =>
    new Promise<number>((resolve, reject) =>
      t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );

  /**
   * Sends `bytes` of body in 64 KB chunks, each once the previous one has left (as a phone on a slow
   * network does), and only then reads the answer, as many HTTP clients do (Python's requests, for one):
   * a server that closed the socket while they were still sending makes them fail with a broken pipe
   * before they ever read it.
   */
  async function post(path: string, headers: Record<string, string>, bytes: number): Promise<Outcome> {
    const outcome: Outcome = {};
    const socket = net.connect(port, "127.0.0.1");
    socket.pause();
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) => (outcome.error ??= error.code ?? error.message));
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await Promise.race([once(socket, "connect"), closed]);
    const head = Object.entries({ ...headers, "content-length": String(bytes) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\n${head}\r\n`);
    const chunk = Buffer.alloc(64 * 1024, "a");
    for (let sent = 0; sent < bytes && !socket.destroyed; sent += chunk.length) {
      if (!socket.write(chunk.subarray(0, Math.min(chunk.length, bytes - sent)))) {
        await Promise.race([once(socket, "drain").catch(() => undefined), closed]);
      }
    }
    socket.resume();
    await closed;
    const [statusLine = "", ...rest] = received.split("\r\n\r\n")[0]?.split("\r\n") ?? [];
    const status = /^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1];
    if (status) outcome.status = Number(status);
    if (rest.length > 0) outcome.body = received.slice(received.indexOf("\r\n\r\n") + 4);
    return outcome;
  }

  it("is answered 413 with its sentence, and every one of twelve clients sending at once reads it", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () =>
        post("/api/v1/auth/register", { "content-type": "application/json" }, 4 * MB),
      ),
    );
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ status: 413 });
      expect(JSON.parse(outcome.body ?? "")).toMatchObject({ success: false, code: "TOO_LARGE" });
    }
    await waitUntil("the refused connections to close", async () => (await openConnections()) === 0);
  });

  it("is answered 413 on a report upload too, and every client reads it", async () => {
    const token = await signedInUser(t.app, t.db);
    // Larger than any report can be with this app's limits (about 2 MB).
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(
          "/api/v1/eyewitness",
          { "content-type": "multipart/form-data; boundary=x", ...bearer(token) },
          4 * MB,
        ),
      ),
    );
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ status: 413 });
      expect(JSON.parse(outcome.body ?? "")).toMatchObject({ success: false, code: "TOO_LARGE" });
    }
  });

  /** A raw client announcing a huge body and sending it as fast as the socket takes it, until cut off. */
  async function sendForever(pauseMs: number) {
    // Half-open allowed: the server's end of the answer does not stop this client from sending.
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    await once(socket, "connect");
    let answer = "";
    // When the answer's head arrived, as it arrives (the sending loop below may be waiting for a drain).
    let answeredAt = 0;
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      if (answeredAt === 0 && answer.includes("\r\n\r\n")) answeredAt = performance.now();
    });
    socket.on("error", () => undefined);
    // once() would reject on the socket's EPIPE; only its closing matters here.
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.write(
      "POST /api/v1/auth/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${1024 * MB}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, "a");
    let stopped = false;
    void closed.then(() => (stopped = true));
    const started = performance.now();
    while (!stopped && performance.now() - started < 60_000) {
      if (!socket.write(chunk)) await Promise.race([once(socket, "drain").catch(() => undefined), closed]);
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    await closed;
    return { answer, answeredAt, closedAt: performance.now(), stopped };
  }

  it("cuts off a client that keeps sending fast once it has sent the bounded amount after the answer", async () => {
    const { answer, answeredAt, closedAt, stopped } = await sendForever(0);
    expect(stopped).toBe(true);
    // Cut off by the amount, well before the time runs out.
    expect(closedAt - answeredAt).toBeLessThan(lingerLimits.maxMs);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/connection: close/i);
    await waitUntil("the server to let go of the socket", async () => (await openConnections()) === 0);
  });

  it("cuts off a client that keeps sending slowly once the bounded time after the answer has passed", async () => {
    // 64 KB every 80 ms at most, 800 KB/s: the time runs out long before the amount does.
    const { answer, answeredAt, closedAt, stopped } = await sendForever(80);
    expect(stopped).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answeredAt).toBeGreaterThan(0);
    expect(closedAt - answeredAt).toBeGreaterThanOrEqual(lingerLimits.maxMs - 500);
    expect(closedAt - answeredAt).toBeLessThan(lingerLimits.maxMs + 5000);
    await waitUntil("the server to let go of the socket", async () => (await openConnections()) === 0);
  });
});
