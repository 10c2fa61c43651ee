import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reportMessages } from "../../domain/reports/report-rules";
import { bearer, emptyTables, signedInUser } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { eyewitnessReports, reportMedia, reportMediaVariants } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { waitUntil } from "../../test/server/processes";
import {
  buildReportsTestApp,
  emptyUploads,
  fieldParts,
  filesIn,
  mediaPart,
  mp4Video,
  multipart,
  noisyPng,
  smallJpeg,
  type ReportsTestApp,
} from "../../test/server/reports";

// Uploads over a real socket: a client that goes away halfway leaves no row and no file behind, and a
// client still sending when its upload is refused gets to read the answer.

describe.each(testDatabaseKinds())("uploads over a real connection on %s", (kind) => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let origin: string;
  let token: string;
  // Uploads whose handler has begun, and those it has answered (onSend runs for a client that went away
  // too, once the handler has cleaned up; onResponse does not, as nothing reaches the client).
  let uploadsStarted = 0;
  let uploadsAnswered = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildReportsTestApp(database);
    const isUpload = (request: FastifyRequest) =>
      request.method === "POST" && request.url === "/api/v1/eyewitness";
    t.app.addHook("onRequest", async (request) => {
      if (isUpload(request)) uploadsStarted += 1;
    });
    t.app.addHook("onSend", async (request, _reply, payload) => {
      if (isUpload(request)) uploadsAnswered += 1;
      return payload;
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(async () => {
    await emptyTables(database.db);
    await emptyUploads(t);
    token = await signedInUser(t.app, t.db);
  });

  /** Starts a POST of the whole body's length, sends only the first `sent` bytes, and returns the request. */
  function startUpload(body: ReturnType<typeof multipart>, sent: number): http.ClientRequest {
    const request = http.request(`${origin}/api/v1/eyewitness`, {
      method: "POST",
      headers: { ...body.headers, ...bearer(token), "content-length": String(body.payload.length) },
    });
    request.on("error", () => undefined);
    request.write(body.payload.subarray(0, sent));
    return request;
  }

  const storedFiles = async () => (await filesIn(t)).filter((file) => !file.startsWith(".incoming"));
  const incomingFiles = async () => (await filesIn(t)).filter((file) => file.startsWith(".incoming"));

  async function expectNothingLeft() {
    // The handler has reached its end: nothing it still had in hand can be stored after this.
    await waitUntil(
      "the upload's handler has answered",
      async () => uploadsStarted > 0 && uploadsAnswered === uploadsStarted,
    );
    await waitUntil("every file is removed", async () => (await filesIn(t)).length === 0);
    expect(await filesIn(t)).toEqual([]);
    expect(await t.db.select().from(eyewitnessReports)).toEqual([]);
    expect(await t.db.select().from(reportMedia)).toEqual([]);
  }

  it("removes the photos already stored when the client goes away during the third", async () => {
    const jpeg = await smallJpeg();
    const body = multipart([
      ...fieldParts(),
      mediaPart("one.jpg", "image/jpeg", jpeg),
      mediaPart("two.jpg", "image/jpeg", jpeg),
      mediaPart("three.png", "image/png", await noisyPng(3 * 1024 * 1024)),
    ]);
    const request = startUpload(body, body.payload.length - 2 * 1024 * 1024);

    await waitUntil("two photos are stored", async () => (await storedFiles()).length === 2);
    request.destroy();

    await expectNothingLeft();
  });

  it("makes no WebP variants of a stored photo when the client goes away during the next photo", async () => {
    const body = multipart([
      ...fieldParts(),
      mediaPart("wide.jpg", "image/jpeg", await smallJpeg(2000, 1500)),
      mediaPart("next.png", "image/png", await noisyPng(3 * 1024 * 1024)),
    ]);
    const request = startUpload(body, body.payload.length - 2 * 1024 * 1024);

    // Only the photo: its 320, 640 and 1280 px copies would be made after a saved report's answer.
    await waitUntil("the photo is stored", async () => (await storedFiles()).length === 1);
    request.destroy();

    await expectNothingLeft();
    expect(await t.db.select().from(reportMediaVariants)).toEqual([]);
  });

  it("removes the unfinished video file when the client goes away mid-video", async () => {
    const body = multipart([...fieldParts(), mediaPart("long.mp4", "video/mp4", mp4Video(8 * 1024 * 1024))]);
    const request = startUpload(body, 3 * 1024 * 1024);

    await waitUntil("the video is being written", async () => (await incomingFiles()).length === 1);
    request.destroy();

    await expectNothingLeft();
  });

  it("reads and drops the rest of a refused upload, so the client can finish sending and read the answer", async () => {
    const body = multipart([
      ...fieldParts(),
      mediaPart("evidence.jpg", "image/jpeg", Buffer.alloc(6 * 1024 * 1024, "not a photograph ")),
    ]);
    const request = startUpload(body, 0);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        response.on("error", reject);
      });
    });
    // The whole body is taken by the server although it refused the upload after its first bytes.
    const sent = new Promise((resolve) => request.end(body.payload, () => resolve(true)));

    const [{ status, text }] = await Promise.all([answer, sent]);

    expect(status).toBe(415);
    expect(JSON.parse(text)).toEqual({
      success: false,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: reportMessages.photoWrongType("evidence.jpg"),
      problem: { key: "code.UNSUPPORTED_MEDIA_TYPE", params: {} },
    });
    await expectNothingLeft();
  });
});
