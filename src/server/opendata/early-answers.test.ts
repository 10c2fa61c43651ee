import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReportsTestApp } from "../../test/server/reports";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase } from "../../test/server/databases";
import { seedAtStartUp } from "../datadesk/seed";

// A plain request for a whole download is answered before the route (early-answers.ts): its answer must
// be the route's, header for header and byte for byte. "?" at the end of the address sends the same
// request to the route itself.

const plainDownloads = [
  "states.json",
  "states.csv",
  "schools.json",
  "schools.csv",
  "schools.geojson",
  "estimates.json",
  "estimates.csv",
];
const acceptEncodings = [undefined, "gzip, deflate, br", "gzip", "br;q=0, gzip;q=0.5", "identity"];

describe("open data answered before the route", () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    // The published data the downloads are made from: data/*.json, as a first start-up seeds it.
    await seedAtStartUp(database.db, new Date());
    app = (await buildReportsTestApp(database)).app;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url: `/api/v1/open/${url}`, headers });
  const withoutDate = (headers: Record<string, unknown>) => {
    const { date: _date, ...rest } = headers;
    return rest;
  };

  it("gives the route's answer, header for header and byte for byte, in every encoding", async () => {
    for (const file of plainDownloads) {
      for (const acceptEncoding of acceptEncodings) {
        const headers: Record<string, string> = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
        // The route's answer first: it also makes the compressed bytes the early answer needs.
        const routed = await get(`${file}?`, headers);
        const early = await get(file, headers);
        const label = `${file} ${acceptEncoding ?? "(no Accept-Encoding)"}`;
        expect(routed.statusCode, label).toBe(200);
        expect(early.statusCode, label).toBe(200);
        expect(withoutDate(early.headers), label).toEqual(withoutDate(routed.headers));
        expect(Object.keys(early.headers), label).toEqual(Object.keys(routed.headers));
        expect(early.rawPayload.equals(routed.rawPayload), label).toBe(true);
      }
    }
  });

  it("leaves conditional requests, HEAD and filtered downloads to the route", async () => {
    const first = await get("states.json", { "accept-encoding": "br" });
    const etag = String(first.headers.etag);
    const notModified = await get("states.json", { "accept-encoding": "br", "if-none-match": etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe("");
    expect(notModified.headers.etag).toBe(etag);
    const since = String(first.headers["last-modified"]);
    expect((await get("states.json", { "if-modified-since": since })).statusCode).toBe(304);

    const head = await app.inject({ method: "HEAD", url: "/api/v1/open/states.csv" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-type"]).toMatch(/^text\/csv/);

    const lagos = await get("states.json?state=lagos");
    expect((lagos.json() as { data: { id: number }[] }).data.map((row) => row.id)).toEqual([25]);
    expect((await get("states.json?state=atlantis")).statusCode).toBe(400);
  });

  /** A GET over a connection, its bytes as sent (never decompressed) and its header names in order. */
  const overHttp = async (url: string, headers: Record<string, string> = {}, method = "GET") => {
    const { port } = app.server.address() as AddressInfo;
    return new Promise<{ status: number; headers: Record<string, unknown>; names: string[]; body: Buffer }>(
      (resolve, reject) => {
        const outgoing = httpRequest(
          { host: "127.0.0.1", port, method, path: `/api/v1/open/${url}`, headers },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
            incoming.on("end", () => {
              const perConnection = new Set(["date", "connection", "keep-alive"]);
              const names = incoming.rawHeaders
                .filter((_, index) => index % 2 === 0)
                .map((name) => name.toLowerCase())
                .filter((name) => !perConnection.has(name));
              const kept = Object.entries(incoming.headers).filter(([name]) => !perConnection.has(name));
              resolve({
                status: incoming.statusCode ?? 0,
                headers: Object.fromEntries(kept),
                names,
                body: Buffer.concat(chunks),
              });
            });
            incoming.on("error", reject);
          },
        );
        outgoing.on("error", reject);
        outgoing.end();
      },
    );
  };

  it("gives the same answer from the HTTP server itself, before Fastify", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    for (const file of plainDownloads) {
      for (const acceptEncoding of acceptEncodings) {
        const headers: Record<string, string> = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
        const label = `${file} ${acceptEncoding ?? "(no Accept-Encoding)"}`;
        const routed = await overHttp(`${file}?`, headers);
        const before = app.earlyAnswers.answered;
        const early = await overHttp(file, headers);
        expect(app.earlyAnswers.answered, label).toBe(before + 1);
        expect(early.status, label).toBe(200);
        expect(early.headers, label).toEqual(routed.headers);
        expect(early.names, label).toEqual(routed.names);
        expect(early.body.equals(routed.body), label).toBe(true);
      }
    }
    // Conditional requests, HEAD and filtered downloads go to the route.
    const before = app.earlyAnswers.answered;
    const first = await overHttp("states.json", { "accept-encoding": "br" });
    const notModified = await overHttp("states.json", { "if-none-match": String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect((await overHttp("states.csv", {}, "HEAD")).status).toBe(200);
    expect((await overHttp("states.json?state=lagos")).status).toBe(200);
    expect(app.earlyAnswers.answered).toBe(before + 1);
  });

  it("logs its completion as Fastify logs the route's", async () => {
    const lines: string[] = [];
    const logged = await buildReportsTestApp(database, { logLevel: "info" }, { write: (l) => lines.push(l) });
    try {
      const completions = async (url: string) => {
        lines.length = 0;
        const response = await logged.app.inject({ method: "GET", url: `/api/v1/open/${url}` });
        expect(response.statusCode, url).toBe(200);
        const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
        const incoming = records.find((record) => record.msg === "incoming request");
        const completed = records.filter((record) => record.msg === "request completed");
        expect(completed, url).toHaveLength(1);
        expect(completed[0]?.reqId, url).toBe(incoming?.reqId);
        expect(completed[0]?.responseTime, url).toBeGreaterThan(0);
        return { level: completed[0]?.level, res: completed[0]?.res };
      };
      // The identity bytes are always ready: the plain address is answered early, "?" by the route.
      expect(await completions("states.csv")).toEqual(await completions("states.csv?"));
      expect(await completions("states.csv")).toEqual({ level: 30, res: { statusCode: 200 } });
    } finally {
      await logged.app.close();
    }
  });
});
