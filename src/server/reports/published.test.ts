import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ANONYMOUS_REPORTER,
  reviewMessages,
  type PublishedListAnswer,
} from "../../domain/reports/review-rules";
import { emptyTables } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  buildReportsTestApp,
  decide,
  emptyUploads,
  mediaPart,
  publishedList,
  reportOf,
  signedInAs,
  smallJpeg,
  type ReportsTestApp,
} from "../../test/server/reports";
import { validationFailure } from "../../test/server/failures";

// GET /api/v1/eyewitness/published: the verified reports anyone may read, latest published first, with
// the reporter's first name only when they chose it (else "Anonymous reporter"), and nothing else about them.

const people = {
  reporter: { email: "zainab.account@example.org", firstname: "Zainabu", lastname: "Musawa" },
  moderator: { email: "ngozi@example.org", firstname: "Ngozi", lastname: "Eze" },
};

/** Distinctive values typed on the form, to look for anywhere in the public answer. */
const typed = {
  firstName: "Chiamaka",
  lastName: "Nwachukwu-Privatename",
  email: "chiamaka.private@example.net",
};

describe.each(testDatabaseKinds())("published reports on %s", (kind) => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let reporter: string;
  let moderator: string;

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
    moderator = await signedInAs(t, "moderator", people.moderator);
  });

  const verify = (id: string, note = "Confirmed by our team in Lagos.") =>
    decide(t.app, moderator, id, { status: "verified", fromStatus: "pending", note });
  const published = async (query = "") => {
    const response = await publishedList(t.app, query);
    expect(response.statusCode).toBe(200);
    return response.json<PublishedListAnswer>();
  };
  const comments = (answer: PublishedListAnswer) => answer.reports.map((report) => report.comment);

  it("shows only verified reports, the latest published first, to anyone, cacheable", async () => {
    const older = await reportOf(t.app, reporter, { comment: "Sent first, verified last" });
    const newer = await reportOf(t.app, reporter, { comment: "Sent second, verified first" });
    await reportOf(t.app, reporter, { comment: "Still pending" });
    const rejected = await reportOf(t.app, reporter, { comment: "Rejected" });
    await decide(t.app, moderator, rejected.id, { status: "rejected", fromStatus: "pending", note: "Spam." });
    await verify(newer.id);
    t.clock.advance(60_000);
    await verify(older.id);

    const response = await publishedList(t.app);

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    const answer = response.json<PublishedListAnswer>();
    expect(comments(answer)).toEqual(["Sent first, verified last", "Sent second, verified first"]);
    expect(answer.meta).toEqual({ total: 2, page: 1, per_page: 20, last_page: 1 });
    expect(Date.parse(answer.reports[0]!.publishedAt)).toBeGreaterThan(
      Date.parse(answer.reports[0]!.createdAt),
    );
  });

  it("answers whatever the caller sends as a token: it needs none", async () => {
    const report = await reportOf(t.app, reporter);
    await verify(report.id);
    const callers: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${reporter}` },
      { authorization: "Bearer nonsense" },
    ];
    for (const headers of callers) {
      const response = await publishedList(t.app, "", headers);
      expect(response.statusCode).toBe(200);
      expect(response.json<PublishedListAnswer>().reports).toHaveLength(1);
    }
  });

  it("shows exactly the public fields: the first name only when chosen, else Anonymous", async () => {
    const photo = await smallJpeg();
    const named = await reportOf(t.app, reporter, { ...typed, comment: "Named", showFirstName: "on" }, [
      { name: "photoDescription", value: "A ramp too steep for a wheelchair" },
      mediaPart("ramp.jpg", "image/jpeg", photo),
    ]);
    const anonymous = await reportOf(t.app, reporter, {
      ...typed,
      firstName: "Obiageli",
      comment: "Anonymous",
      videoUrl: "https://www.youtube.com/watch?v=abc",
    });
    await verify(anonymous.id);
    await verify(named.id);

    const response = await publishedList(t.app);
    const answer = response.json<PublishedListAnswer>();

    expect(Object.keys(answer).sort()).toEqual(["meta", "reports", "success"]);
    for (const report of answer.reports) {
      expect(Object.keys(report).sort()).toEqual([
        "comment",
        "commentType",
        "createdAt",
        "id",
        "media",
        "place",
        "publishedAt",
        "reporterName",
        "videoUrl",
      ]);
    }
    const [first, second] = answer.reports;
    const media = named.media[0]!;
    expect(first).toEqual({
      id: named.id,
      commentType: "barrier",
      comment: "Named",
      createdAt: named.createdAt,
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reporterName: "Chiamaka",
      videoUrl: null,
      // Plain addresses: a verified report's media are public.
      media: [
        {
          id: media.id,
          kind: "photo",
          contentType: "image/jpeg",
          bytes: media.bytes,
          url: `/media/${media.id}`,
          // The photo's text alternative is published with it.
          description: "A ramp too steep for a wheelchair",
          width: 64,
          height: 48,
          // Too small for a WebP copy (photo-variants.test.ts shows a published photo's).
          variants: [],
        },
      ],
      // Published at the default precision: the state alone, never the LGA the reporter also gave.
      place: { stateId: 25, state: "Lagos", lga: null, place: null, occurredOn: "2026-02-27" },
    });
    expect(second).toMatchObject({
      id: anonymous.id,
      reporterName: ANONYMOUS_REPORTER,
      videoUrl: "https://www.youtube.com/watch?v=abc",
      media: [],
    });

    // Nothing else about the reporters, or about the review, anywhere in the answer.
    const text = response.body;
    for (const secret of [
      typed.email,
      typed.lastName,
      "Obiageli",
      people.reporter.email,
      people.reporter.firstname,
      people.reporter.lastname,
      people.moderator.firstname,
      "Confirmed by our team",
      "example.",
      "@",
      "sig=",
      "reporterId",
      "review",
      "status",
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it("removes a report from the page when it is unpublished or rejected", async () => {
    const report = await reportOf(t.app, reporter);
    await verify(report.id);
    expect((await published()).meta.total).toBe(1);

    await decide(t.app, moderator, report.id, { status: "pending", fromStatus: "verified" });
    expect((await published()).reports).toEqual([]);

    await verify(report.id);
    await decide(t.app, moderator, report.id, {
      status: "rejected",
      fromStatus: "verified",
      note: "Duplicate.",
    });
    expect((await published()).reports).toEqual([]);
  });

  it("filters by comment type and pages through", async () => {
    for (const [comment, commentType] of [
      ["Ramp", "barrier"],
      ["Why?", "question"],
      ["Lift", "barrier"],
      ["Steps", "barrier"],
    ] as const) {
      await verify((await reportOf(t.app, reporter, { comment, commentType })).id);
    }

    expect(comments(await published("?commentType=question"))).toEqual(["Why?"]);
    const firstBarriers = await published("?commentType=barrier&per_page=2");
    expect(comments(firstBarriers)).toEqual(["Steps", "Lift"]);
    expect(firstBarriers.meta).toEqual({ total: 3, page: 1, per_page: 2, last_page: 2 });
    expect(comments(await published("?commentType=barrier&per_page=2&page=2"))).toEqual(["Ramp"]);
    expect((await published("?commentType=contribution")).reports).toEqual([]);
  });

  it("refuses filters and pages it does not know, with a sentence", async () => {
    const refusals: [string, string][] = [
      ["?commentType=complaint", reviewMessages.unknownCommentTypeFilter],
      ["?commentType=barrier&commentType=question", reviewMessages.unknownCommentTypeFilter],
      ["?page=-1", "The page must be a whole number of 1 or more."],
      ["?per_page=0", "per_page must be a whole number from 1 to 100."],
    ];
    for (const [query, message] of refusals) {
      const response = await publishedList(t.app, query);
      // The failure names the parameter to fix: the one the query gives.
      const field = new URLSearchParams(query).keys().next().value;
      expect(response.json(), query).toEqual(validationFailure(message, field));
      expect(response.statusCode).toBe(400);
    }
  });
});
