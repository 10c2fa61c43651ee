import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedResponse, leanFigures, runLeanLoad, type LeanRun } from "./lean-load";

const bigBody = Buffer.alloc(30_000, "x");

describe("feedResponse", () => {
  const fresh = () => ({
    head: Buffer.alloc(0),
    status: 0,
    remaining: 0,
    chunked: false,
    chunkTail: "",
    headParsed: false,
  });

  it("completes a response only when its declared bytes have arrived, however the bytes are split", () => {
    const wire = Buffer.from("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello");
    for (let split = 1; split < wire.length; split++) {
      const state = fresh();
      expect(feedResponse(state, wire.subarray(0, split))).toBeNull();
      expect(feedResponse(state, wire.subarray(split))).toEqual(Buffer.alloc(0));
      expect(state.status).toBe(200);
    }
  });

  it("keeps a partial head whole when the buffer it arrived in is reused for the next read", () => {
    // The generator reads every answer into one buffer per connection, overwritten by each read.
    const wire = Buffer.from("HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok");
    const readBuffer = Buffer.alloc(64);
    const state = fresh();
    wire.copy(readBuffer, 0, 0, 20);
    expect(feedResponse(state, readBuffer.subarray(0, 20))).toBeNull();
    readBuffer.fill("Z");
    wire.copy(readBuffer, 0, 20);
    expect(feedResponse(state, readBuffer.subarray(0, wire.length - 20))).toEqual(Buffer.alloc(0));
    expect(state.status).toBe(201);
  });

  it("reads a chunked body to its last chunk", () => {
    const state = fresh();
    expect(
      feedResponse(
        state,
        Buffer.from("HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n"),
      ),
    ).toBeNull();
    expect(feedResponse(state, Buffer.from("0\r\n\r\n"))).toEqual(Buffer.alloc(0));
    expect(state.status).toBe(404);
  });
});

describe("runLeanLoad", () => {
  let server: Server;
  let port: number;
  const seenHeaders: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seenHeaders.push(String(request.headers["accept-encoding"]));
      if (request.url === "/big") {
        response.writeHead(200, { "content-length": bigBody.length });
        response.end(bigBody);
      } else if (request.url === "/silent") {
        // Never answers: the generator must count a timeout and carry on.
      } else if (request.url === "/chunked") {
        response.writeHead(200);
        response.write("part one");
        response.end("part two");
      } else {
        response.writeHead(404, { "content-type": "text/plain" });
        response.end("no");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("counts every answer of a keep-alive load, its bytes and its latencies, with the headers sent", async () => {
    const figures = await runLeanLoad(
      { path: "/big", headers: { "accept-encoding": "br" } },
      { port, connections: 3, durationSeconds: 0.3, timeoutSeconds: 5 },
    );
    expect(figures.requests).toBeGreaterThan(0);
    expect(figures.statusCodes).toEqual({ 200: figures.requests });
    expect(figures.errors + figures.non2xx + figures.timeouts).toBe(0);
    // Every answer's body was counted (headers add more); 5% covers the rounding of the figures to 0.01.
    expect(figures.bytesPerSecond).toBeGreaterThanOrEqual(
      ((figures.requests * bigBody.length) / figures.durationSeconds) * 0.95,
    );
    expect(figures.latencyMs.p50).toBeLessThanOrEqual(figures.latencyMs.p99);
    expect(figures.latencyMs.p99).toBeLessThanOrEqual(figures.latencyMs.max);
    expect(seenHeaders.at(-1)).toBe("br");
  });

  it("sends each connection's first request however late it connects: a run always measures something", async () => {
    const figures = await runLeanLoad(
      { path: "/big" },
      { port, connections: 3, durationSeconds: 0, timeoutSeconds: 5 },
    );
    expect(figures.requests).toBe(3);
    expect(figures.statusCodes).toEqual({ 200: 3 });
  });

  it("reads chunked answers and counts answers outside 2xx", async () => {
    const chunked = await runLeanLoad(
      { path: "/chunked" },
      { port, connections: 1, durationSeconds: 0.2, timeoutSeconds: 5 },
    );
    expect(chunked.requests).toBeGreaterThan(0);
    expect(chunked.errors).toBe(0);
    const missing = await runLeanLoad(
      { path: "/nothing" },
      { port, connections: 2, durationSeconds: 0.2, timeoutSeconds: 5 },
    );
    expect(missing.non2xx).toBe(missing.requests);
    expect(missing.statusCodes).toEqual({ 404: missing.requests });
  });

  it("counts an answer that never comes as a timeout and drops that connection", async () => {
    const figures = await runLeanLoad(
      { path: "/silent" },
      { port, connections: 2, durationSeconds: 1.2, timeoutSeconds: 0.2 },
    );
    expect(figures.requests).toBe(0);
    // The load only ends when every connection has closed, and here only the watchdog closes them: at
    // least one timeout per connection, however slow the machine.
    expect(figures.timeouts).toBeGreaterThanOrEqual(2);
    expect(figures.errors).toBe(figures.timeouts);
  });
});

describe("leanFigures", () => {
  const run = (latencies: number[], seconds: number, codes: Record<string, number>): LeanRun => ({
    latencies,
    statusCodes: codes,
    bytes: latencies.length * 1000,
    errors: 1,
    timeouts: 0,
    non2xx: codes["503"] ?? 0,
    seconds,
  });

  it("reports slices of one request as one run of their summed time, percentiles over every latency", () => {
    const fast = run(
      Array.from({ length: 90 }, () => 1),
      1,
      { "200": 90 },
    );
    const slow = run(
      Array.from({ length: 10 }, () => 50),
      1,
      { "200": 8, "503": 2 },
    );
    const figures = leanFigures([fast, slow]);
    expect(figures.requests).toBe(100);
    expect(figures.durationSeconds).toBe(2);
    expect(figures.requestsPerSecond).toBe(50);
    expect(figures.bytesPerSecond).toBe(50_000);
    // Each slice's own p99 (1 ms and 50 ms) would say nothing of the whole; the merged one does.
    expect(figures.latencyMs).toMatchObject({ p50: 1, p99: 50, max: 50, average: 5.9 });
    expect(figures.statusCodes).toEqual({ "200": 98, "503": 2 });
    expect(figures).toMatchObject({ errors: 2, non2xx: 2, machineBusyCores: null });
  });
});
