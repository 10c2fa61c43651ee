import { once } from "node:events";
import net from "node:net";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type AccountsTestApp } from "../../test/server/accounts";
import { loadConfig } from "../config";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase } from "../../test/server/databases";

// A slow client cannot hold a socket open: slow headers, a slow body, an idle kept-alive connection are
// each cut off. The limits are small here so the test sees each one happen; it waits for the server to
// close the socket, never for a fixed time.

describe("HTTP timeouts", () => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  let port: number;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    t = await buildTestApp(database, {
      config: {
        httpTimeouts: {
          headersMs: 300,
          requestMs: 60_000,
          idleMs: 60_000,
          keepAliveMs: 300,
          minBodyBytesPerSecond: 1000,
          bodyRateWindowMs: 300,
        },
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  /** A raw connection; resolves once the server has closed it, with everything it answered. */
  async function connect(): Promise<{ socket: net.Socket; closed: Promise<string> }> {
    const socket = net.connect(port, "127.0.0.1");
    await once(socket, "connect");
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
    });
    socket.on("error", () => undefined);
    const closed = once(socket, "close").then(() => received);
    return { socket, closed };
  }

  it("closes a connection whose body trickles in slower than the minimum rate", async () => {
    const { socket, closed } = await connect();
    socket.write(
      "POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n",
    );
    socket.write('{"email":"');
    // Nothing more is sent: the server must give up on its own.
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it("closes a connection whose headers never finish", async () => {
    const { socket, closed } = await connect();
    socket.write("GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    const answer = await closed;
    // Node answers 408 Request Timeout, or just closes.
    expect(answer === "" || answer.startsWith("HTTP/1.1 408")).toBe(true);
  });

  it("closes an idle kept-alive connection after the keep-alive time", async () => {
    const { socket, closed } = await connect();
    socket.write("GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/keep-alive: timeout=0/i);
  });

  it("reads the limits from the environment, with safe defaults", () => {
    expect(loadConfig({}).httpTimeouts).toEqual({
      headersMs: 10_000,
      requestMs: 30 * 60 * 1000,
      idleMs: 60_000,
      keepAliveMs: 5_000,
      minBodyBytesPerSecond: 1024,
      bodyRateWindowMs: 15_000,
    });
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_MS: "2000",
        HTTP_REQUEST_TIMEOUT_MS: "60000",
        HTTP_IDLE_TIMEOUT_MS: "3000",
        HTTP_KEEP_ALIVE_TIMEOUT_MS: "4000",
        UPLOAD_MIN_BYTES_PER_SECOND: "500",
        UPLOAD_RATE_WINDOW_MS: "10000",
      }).httpTimeouts,
    ).toEqual({
      headersMs: 2000,
      requestMs: 60_000,
      idleMs: 3000,
      keepAliveMs: 4000,
      minBodyBytesPerSecond: 500,
      bodyRateWindowMs: 10_000,
    });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "soon" })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });
});

describe("HTTP timeouts of a kept-alive connection and of the whole request", () => {
  // Limits small enough to see them happen, on a real listening server; the test waits for the socket
  // to close, never for a fixed time.
  const keepAliveMs = 1000;
  const requestMs = 1500;
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  let port: number;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    t = await buildTestApp(database, {
      config: {
        httpTimeouts: {
          headersMs: 300,
          requestMs,
          idleMs: 60_000,
          keepAliveMs,
          minBodyBytesPerSecond: 1000,
          // The minimum-rate guard (tested above) never checks within these tests: with a short window, an
          // event loop stalled for a window could let it close the trickling request before Node's 408.
          bodyRateWindowMs: 60_000,
        },
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  interface Connection {
    socket: net.Socket;
    received: () => string;
    /** Resolves once the server has closed the connection (the client never ends it). */
    closed: Promise<{ at: number; endedByServer: boolean }>;
    /** Resolves once `count` whole answers have arrived. */
    answers: (count: number) => Promise<void>;
  }

  async function connect(): Promise<Connection> {
    const socket = net.connect(port, "127.0.0.1");
    await once(socket, "connect");
    let received = "";
    let endedByServer = false;
    const waiting: { count: number; resolve: () => void }[] = [];
    const complete = () => received.match(/HTTP\/1\.1 [\s\S]*?\r\n\r\n\{[^}]*\}/g)?.length ?? 0;
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      for (const wait of waiting.filter((entry) => complete() >= entry.count)) wait.resolve();
    });
    socket.on("end", () => {
      endedByServer = true;
    });
    socket.on("error", () => undefined);
    const closed = once(socket, "close").then(() => ({ at: performance.now(), endedByServer }));
    const answers = (count: number) =>
      complete() >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ count, resolve }));
    return { socket, received: () => received, closed, answers };
  }

  const health = "GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n";

  it("keeps a connection open for the next request, then closes it once idle for the keep-alive time", async () => {
    const connection = await connect();
    connection.socket.write(health);
    await connection.answers(1);
    // Still open: a second request on the same connection is answered. The server starts its keep-alive
    // time once it has answered, so after this write (the answer's arrival here may come later still).
    const lastRequestAt = performance.now();
    connection.socket.write(health);
    await connection.answers(2);

    const { at, endedByServer } = await connection.closed;

    expect(endedByServer).toBe(true);
    expect(connection.received().match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    expect(connection.received()).not.toMatch(/connection: close/i);
    // Closed for being idle, not by the answer: only after the keep-alive time had passed (less a few
    // milliseconds: the event loop's clock, which times it, counts whole and possibly coarse milliseconds).
    expect(at - lastRequestAt).toBeGreaterThanOrEqual(keepAliveMs - 5);
  });

  it("cuts a request that keeps sending above the minimum rate once the whole-request time is up", async () => {
    const connection = await connect();
    const startedAt = performance.now();
    connection.socket.write(
      "POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n",
    );
    connection.socket.write('{"email":"');
    // 600 bytes every 50 ms: far above the minimum rate, still far too slow to finish 100 kB in time.
    let sent = 10;
    const trickle = setInterval(() => {
      if (connection.socket.destroyed || !connection.socket.writable) return;
      connection.socket.write("a".repeat(600));
      sent += 600;
    }, 50);
    try {
      const { at } = await connection.closed;
      // Node's whole-request limit answers 408; the minimum-rate guard would only have closed it.
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408/);
      expect(at - startedAt).toBeGreaterThanOrEqual(requestMs - 50);
      expect(sent).toBeLessThan(100_000);
      expect(sent).toBeGreaterThan(((requestMs / 1000) * 1000) / 2);
    } finally {
      clearInterval(trickle);
    }
  });
});
