import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ANONYMOUS_REPORTER,
  reviewMessages,
  type PublishedListAnswer,
  type PublishedReportAnswer,
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

// GET /api/v1/eyewitness/published/{id}: one verified report, for its own page, in exactly the view the
// published list gives it; the same 404 for an id that is unknown, pending, rejected or unpublished.

const people = {
  reporter: { email: "zainab.account@example.org", firstname: "Zainabu", lastname: "Musawa" },
  moderator: { email: "ngozi@example.org", firstname: "Ngozi", lastname: "Eze" },
};

const typed = {
  firstName: "Chiamaka",
  lastName: "Nwachukwu-Privatename",
  email: "chiamaka.private@example.net",
};

const unknownId = "3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6f70";

describe.each(testDatabaseKinds())("one published report on %s", (kind) => {
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

  const verify = async (id: string) => {
    const response = await decide(t.app, moderator, id, {
      status: "verified",
      fromStatus: "pending",
      note: "Confirmed by our team in Lagos.",
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const one = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/api/v1/eyewitness/published/${id}`, headers });

  it("answers a verified report in exactly the list's view, to anyone, cacheable", async () => {
    const named = await reportOf(
      t.app,
      reporter,
      { ...typed, comment: "Named", showFirstName: "on", place: "Yaba bus terminal", placePrecision: "lga" },
      [
        { name: "photoDescription", value: "A ramp too steep" },
        mediaPart("ramp.jpg", "image/jpeg", await smallJpeg()),
      ],
    );
    await verify(named.id);

    const response = await one(named.id, { authorization: "Bearer nonsense" });

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    const answer = response.json<PublishedReportAnswer>();
    const listed = (await publishedList(t.app)).json<PublishedListAnswer>().reports[0];
    expect(answer).toEqual({ success: true, report: listed });
    expect(answer.report).toMatchObject({
      id: named.id,
      reporterName: "Chiamaka",
      media: [{ url: `/media/${named.media[0]!.id}`, description: "A ramp too steep" }],
      // Published with its LGA, as chosen: never the place name the reporter also typed.
      place: { stateId: 25, state: "Lagos", lga: "Lagos Mainland", place: null, occurredOn: "2026-02-27" },
    });
    // An upper-case id is the same report.
    expect((await one(named.id.toUpperCase())).statusCode).toBe(200);
  });

  it("never shows an e-mail, a last name, a hidden place or the review", async () => {
    const anonymous = await reportOf(t.app, reporter, {
      ...typed,
      comment: "Anonymous",
      place: "Otigba Street corner",
      placePrecision: "state",
    });
    await verify(anonymous.id);

    const response = await one(anonymous.id);

    const answer = response.json<PublishedReportAnswer>();
    expect(answer.report.reporterName).toBe(ANONYMOUS_REPORTER);
    expect(answer.report.place).toEqual({
      stateId: 25,
      state: "Lagos",
      lga: null,
      place: null,
      occurredOn: "2026-02-27",
    });
    for (const secret of [
      typed.email,
      typed.lastName,
      typed.firstName,
      people.reporter.email,
      people.reporter.lastname,
      people.moderator.firstname,
      "Lagos Mainland",
      "Otigba",
      "Confirmed by our team",
      "@",
      "sig=",
      "reporterId",
      "review",
      "status",
    ]) {
      expect(response.body, secret).not.toContain(secret);
    }
  });

  it("answers 404 with one sentence for an unknown, pending, rejected or unpublished report", async () => {
    const pending = await reportOf(t.app, reporter, { comment: "Pending" });
    const rejected = await reportOf(t.app, reporter, { comment: "Rejected" });
    await decide(t.app, moderator, rejected.id, { status: "rejected", fromStatus: "pending", note: "Spam." });
    const unpublished = await reportOf(t.app, reporter, { comment: "Unpublished" });
    await verify(unpublished.id);
    expect((await one(unpublished.id)).statusCode).toBe(200);
    await decide(t.app, moderator, unpublished.id, { status: "pending", fromStatus: "verified" });

    for (const id of [unknownId, pending.id, rejected.id, unpublished.id]) {
      const response = await one(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual({
        success: false,
        message: reviewMessages.notPublished,
        code: "NOT_FOUND",
        problem: { key: "code.NOT_FOUND", params: {} },
      });
    }
  });

  it("answers 400 naming the parameter for a malformed id", async () => {
    for (const id of ["abc", "123", `${unknownId}x`, "%20", "3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6fzz"]) {
      const response = await one(id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json(), id).toEqual({
        success: false,
        message: reviewMessages.badReportId,
        code: "VALIDATION_FAILED",
        field: "id",
        problem: { key: "code.VALIDATION_FAILED", params: {} },
      });
    }
    // The counts are still their own route.
    expect((await one("counts")).statusCode).toBe(200);
  });
});
