import { once } from "node:events";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type AccountsTestApp } from "../accounts/test-support";
import { loadConfig } from "../config";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase } from "../test/databases";

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
