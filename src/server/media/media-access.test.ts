import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { reportServerMessages } from "../../domain/reports/report-rules";
import { bearer, emptyTables } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { reportMedia, users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  buildReportsTestApp,
  emptyUploads,
  fieldParts,
  mediaPart,
  readStored,
  signedInAs,
  smallJpeg,
  submitReport,
  type ReportsTestApp,
  type SubmittedAnswer,
} from "../../test/server/reports";
import { revealingVideo } from "../../test/server/videos";
import { S3MediaStore } from "./s3-store";
import { LocalMediaStore } from "./storage";

// GET /media/{id}: a report's file for its reporter (signed link or bearer token), moderators and
// admins, and anyone at all while the report is verified (published); the same 404 for everyone else as
// for a file that does not exist; never rendered as a page.

const people = {
  reporter: { email: "amina@example.org", firstname: "Amina", lastname: "Bello" },
  stranger: { email: "bola@example.org", firstname: "Bola", lastname: "Ade" },
  moderator: { email: "mod@example.org", firstname: "Ngozi", lastname: "Eze" },
  admin: { email: "admin@example.org", firstname: "Tunde", lastname: "Okoro" },
};

describe.each(testDatabaseKinds())("report media on %s", (kind) => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let reporter: string;
  let photo: { id: string; url: string };
  let video: { id: string; url: string; bytes: Buffer };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildReportsTestApp(database);
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(async () => {
    await emptyTables(database.db);
    await emptyUploads(t);
    reporter = await signedInAs(t, "user", people.reporter);
    const withPhoto = await submitReport(t.app, reporter, [
      ...fieldParts(),
      mediaPart("ramp.jpg", "image/jpeg", await smallJpeg()),
    ]);
    photo = withPhoto.json<SubmittedAnswer>().report.media[0]!;
    const withVideo = await submitReport(t.app, reporter, [
      ...fieldParts(),
      mediaPart("ramp.mp4", "video/mp4", await revealingVideo("mp4")),
    ]);
    const stored = withVideo.json<SubmittedAnswer>().report.media[0]!;
    const [row] = await t.db.select().from(reportMedia).where(eq(reportMedia.id, stored.id));
    video = { ...stored, bytes: await readStored(t, row!.storageKey) };
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });
  const notFound = {
    success: false,
    message: "This photograph or video does not exist, or you cannot see it.",
    code: "NOT_FOUND",
    problem: { key: "code.NOT_FOUND", params: {} },
  };

  it("serves the file to its reporter through the signed link, never to be run as a page", async () => {
    const response = await get(photo.url);

    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(reportMedia).where(eq(reportMedia.id, photo.id));
    expect(response.rawPayload).toEqual(await readStored(t, row!.storageKey));
    expect(response.headers).toMatchObject({
      "content-type": "image/jpeg",
      "content-length": String(row!.bytes),
      "x-content-type-options": "nosniff",
      "content-disposition": `inline; filename="eyewitness-photo-${photo.id}.jpg"`,
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
    });
    expect(response.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect(Number(/max-age=(\d+)/.exec(String(response.headers["cache-control"]))![1])).toBeLessThanOrEqual(
      300,
    );
  });

  it("serves the file to its reporter with the bearer token, for fetch", async () => {
    const response = await get(`/media/${photo.id}`, bearer(reporter));

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    expect(response.headers["cache-control"]).toBe("private, no-cache");
  });

  it("takes public as the one preview there is, and refuses any other, naming the parameter", async () => {
    expect((await get(`/media/${photo.id}?as=public`, bearer(reporter))).statusCode).toBe(200);
    const other = await get(`/media/${photo.id}?as=Public`, bearer(reporter));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      success: false,
      code: "VALIDATION_FAILED",
      field: "as",
      message: "The parameter as may only be public: what the public is served.",
      problem: { key: "code.VALIDATION_FAILED", params: {} },
    });
  });

  it("serves every report's files to moderators and admins", async () => {
    for (const role of ["moderator", "admin"] as const) {
      const staff = await signedInAs(t, role, people[role]);
      const response = await get(`/media/${video.id}`, bearer(staff));
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("video/mp4");
    }
  });

  it("answers another user, and anyone not signed in, as if the file did not exist", async () => {
    const stranger = await signedInAs(t, "user", people.stranger);

    for (const response of [
      await get(`/media/${photo.id}`, bearer(stranger)),
      await get(`/media/${photo.id}`),
      await get("/media/00000000-0000-4000-8000-000000000000", bearer(reporter)),
      await get("/media/not-an-id", bearer(reporter)),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
  });

  it("refuses a signed link after it expires (within 5 minutes), or when altered", async () => {
    const params = new URL(photo.url, "https://atlas.example").searchParams;
    const [u, sig, exp] = [params.get("u"), params.get("sig"), params.get("exp")];
    expect(Number(exp) - Math.floor(t.clock.now().getTime() / 1000)).toBeLessThanOrEqual(5 * 60);
    expect((await get(`/media/${video.id}?u=${u}&exp=${exp}&sig=${sig}`)).statusCode).toBe(403);
    expect((await get(`/media/${photo.id}?u=${u}&exp=${Number(exp) + 60}&sig=${sig}`)).statusCode).toBe(403);
    expect((await get(`/media/${photo.id}?u=${Number(u) + 1}&exp=${exp}&sig=${sig}`)).statusCode).toBe(403);
    expect((await get(`/media/${photo.id}?sig=${sig}`)).statusCode).toBe(403);
    // A part the server cannot have made (empty, repeated, not a number, not a signature's shape) is
    // refused by the query's schema with the same answer as a forged signature, naming no parameter.
    const forged = {
      success: false,
      message: "You do not have permission to do that.",
      code: "FORBIDDEN",
      problem: { key: "account.notAllowed", params: {} },
    };
    for (const query of [
      `u=${u}&exp=${exp}&sig=`,
      `u=${u}&exp=${exp}&sig=${sig}&sig=${sig}`,
      `u=${u}&exp=soon&sig=${sig}`,
      `u=-1&exp=${exp}&sig=${sig}`,
      `u=${u}&exp=${exp}&sig=${sig!.slice(1)}`,
      "sig=",
    ]) {
      const refused = await get(`/media/${photo.id}?${query}`);
      expect(refused.statusCode, query).toBe(403);
      expect(refused.json(), query).toEqual(forged);
    }
    // An address that is no file's id is a 404 whatever its query holds.
    expect((await get(`/media/not-an-id?u=${u}&exp=soon&sig=`)).json()).toEqual(notFound);
    t.clock.advance(5 * 60 * 1000 + 1000);
    const expired = await get(photo.url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({
      success: false,
      message: reportServerMessages.mediaLinkExpired,
      code: "FORBIDDEN",
      problem: { key: "code.FORBIDDEN", params: {} },
    });
  });

  it("stops a reviewer's signed links at once when their role no longer allows them", async () => {
    const moderator = await signedInAs(t, "moderator", people.moderator);
    const queue = await t.app.inject({
      method: "GET",
      url: "/api/v1/eyewitness/reviews",
      headers: bearer(moderator),
    });
    const links = queue
      .json<{ reports: { media: { id: string; url: string }[] }[] }>()
      .reports.flatMap((report) => report.media);
    const reviewerLink = links.find((media) => media.id === photo.id)!.url;
    expect((await get(reviewerLink)).statusCode).toBe(200);

    await t.db.update(users).set({ role: "user" }).where(eq(users.email, people.moderator.email));

    const after = await get(reviewerLink);
    expect(after.statusCode).toBe(404);
    expect(after.json()).toEqual(notFound);
    // The reporter's own link still works: it is their report.
    expect((await get(photo.url)).statusCode).toBe(200);
  });

  it("asks to sign in again when the bearer token's session has ended", async () => {
    await t.app.inject({ method: "POST", url: "/api/v1/auth/logout", headers: bearer(reporter) });

    expect((await get(`/media/${photo.id}`, bearer(reporter))).statusCode).toBe(401);
  });

  describe("once a report is published", () => {
    let moderator: string;
    beforeEach(async () => {
      moderator = await signedInAs(t, "moderator", people.moderator);
    });
    const reportIdOf = async (mediaId: string) => {
      const [row] = await t.db.select().from(reportMedia).where(eq(reportMedia.id, mediaId));
      return row!.reportId;
    };
    const decide = async (mediaId: string, fromStatus: string, status: string) => {
      const response = await t.app.inject({
        method: "PATCH",
        url: `/api/v1/eyewitness/${await reportIdOf(mediaId)}/review`,
        payload: { status, fromStatus, note: "Reviewed." },
        headers: bearer(moderator),
      });
      expect(response.statusCode).toBe(200);
    };

    it("serves a verified report's media to anyone, without a signature or a token", async () => {
      await decide(photo.id, "pending", "verified");
      const stranger = await signedInAs(t, "user", people.stranger);

      for (const response of [
        await get(`/media/${photo.id}`),
        await get(`/media/${photo.id}`, bearer(stranger)),
      ]) {
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-type"]).toBe("image/jpeg");
        expect(response.headers["x-content-type-options"]).toBe("nosniff");
      }
      // Only that report's: the video's report is still pending.
      expect((await get(`/media/${video.id}`)).statusCode).toBe(404);
    });

    it("makes them private again when the report is unpublished or rejected", async () => {
      await decide(photo.id, "pending", "verified");
      expect((await get(`/media/${photo.id}`)).statusCode).toBe(200);

      await decide(photo.id, "verified", "pending");
      const unpublished = await get(`/media/${photo.id}`);
      expect(unpublished.statusCode).toBe(404);
      expect(unpublished.json()).toEqual(notFound);

      await decide(photo.id, "pending", "rejected");
      expect((await get(`/media/${photo.id}`)).statusCode).toBe(404);
      // Still the reporter's own, and reviewers'.
      expect((await get(`/media/${photo.id}`, bearer(reporter))).statusCode).toBe(200);
      expect((await get(photo.url)).statusCode).toBe(200);
      expect((await get(`/media/${photo.id}`, bearer(moderator))).statusCode).toBe(200);
    });
  });

  it("serves part of a video on a Range request, so it can be played from any point", async () => {
    const response = await get(video.url, { range: "bytes=100-199" });

    expect(response.statusCode).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes 100-199/${video.bytes.length}`);
    expect(response.headers["content-type"]).toBe("video/mp4");
    expect(response.rawPayload).toEqual(video.bytes.subarray(100, 200));
  });

  it("answers a range beyond the end 416, and sends the whole file for several ranges or an old If-Range", async () => {
    const size = video.bytes.length;
    const beyond = await get(video.url, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${size}`);

    const tail = await get(video.url, { range: "bytes=-10" });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(video.bytes.subarray(-10));

    const several = await get(video.url, { range: "bytes=0-9,20-29" });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload).toEqual(video.bytes);

    const old = await get(video.url, { range: "bytes=0-9", "if-range": '"an-older-version"' });
    expect(old.statusCode).toBe(200);
    expect(old.headers["content-length"]).toBe(String(size));
  });

  it("answers HEAD with GET's headers from the store's metadata, without opening the file", async () => {
    const whole = await get(video.url);
    const reads = [vi.spyOn(LocalMediaStore.prototype, "read"), vi.spyOn(S3MediaStore.prototype, "read")];
    try {
      const head = await t.app.inject({ method: "HEAD", url: video.url });
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
      expect(head.headers["content-length"]).toBe(String(video.bytes.length));
      for (const name of ["content-type", "etag", "last-modified", "accept-ranges", "content-disposition"]) {
        expect(head.headers[name], name).toBe(whole.headers[name]);
      }

      const part = await t.app.inject({
        method: "HEAD",
        url: video.url,
        headers: { range: "bytes=100-199" },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes 100-199/${video.bytes.length}`);
      expect(part.headers["content-length"]).toBe("100");
      // Still only for those allowed to see it.
      expect((await t.app.inject({ method: "HEAD", url: `/media/${video.id}` })).statusCode).toBe(404);

      for (const read of reads) expect(read).not.toHaveBeenCalled();
      expect((await get(video.url)).rawPayload).toEqual(video.bytes);
      expect(reads.reduce((calls, read) => calls + read.mock.calls.length, 0)).toBe(1);
    } finally {
      for (const read of reads) read.mockRestore();
    }
  });

  it("answers 304 to a copy that is still current, by tag or by date, and 412 to a failed If-Match", async () => {
    const first = await get(photo.url);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers["last-modified"]);
    expect(first.headers["accept-ranges"]).toBe("bytes");

    const byTag = await get(photo.url, { "if-none-match": etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    expect(byTag.headers.etag).toBe(etag);
    expect((await get(photo.url, { "if-modified-since": lastModified })).statusCode).toBe(304);
    expect((await get(photo.url, { "if-none-match": '"stale"' })).statusCode).toBe(200);
    expect((await get(photo.url, { "if-match": '"stale"' })).statusCode).toBe(412);
    // Still only for those allowed to see it.
    expect((await get(`/media/${photo.id}`, { "if-none-match": etag })).statusCode).toBe(404);
  });
});
