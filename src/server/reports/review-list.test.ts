import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reviewMessages, type ReviewListAnswer } from "../../domain/reports/review-rules";
import { emptyTables } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  buildReportsTestApp,
  decide,
  emptyUploads,
  mediaPart,
  reportOf,
  reviewList,
  signedInAs,
  smallJpeg,
  type ReportsTestApp,
} from "../../test/server/reports";
import { validationFailure } from "../../test/server/failures";

// GET /api/v1/eyewitness/reviews: reports of one status for reviewers (the pending queue by default,
// oldest first), with the reporter's details, the counts per status over all reports, a page at a time.

const people = {
  reporter: { email: "amina@example.org", firstname: "Amina", lastname: "Bello" },
  moderator: { email: "ngozi@example.org", firstname: "Ngozi", lastname: "Eze" },
  admin: { email: "tunde@example.org", firstname: "Tunde", lastname: "Okoro" },
  user: { email: "bola@example.org", firstname: "Bola", lastname: "Ola" },
};

describe.each(testDatabaseKinds())("the review lists on %s", (kind) => {
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

  const list = async (query = "") => {
    const response = await reviewList(t.app, moderator, query);
    expect(response.statusCode).toBe(200);
    return response.json<ReviewListAnswer>();
  };
  const comments = (answer: ReviewListAnswer) => answer.reports.map((report) => report.comment);

  it("shows the pending queue by default, oldest first, with everything a reviewer needs", async () => {
    const first = await reportOf(
      t.app,
      reporter,
      {
        comment: "First",
        firstName: "Ami",
        lastName: "Bello-Okafor",
        email: "ami@example.net",
        showFirstName: "on",
      },
      [mediaPart("ramp.jpg", "image/jpeg", await smallJpeg())],
    );
    await reportOf(t.app, reporter, { comment: "Second", videoUrl: "https://vimeo.com/123" });
    await reportOf(t.app, reporter, { comment: "Third" });

    const response = await reviewList(t.app, moderator);

    expect(response.headers["cache-control"]).toBe("no-store");
    const answer = response.json<ReviewListAnswer>();
    expect(answer.success).toBe(true);
    expect(comments(answer)).toEqual(["First", "Second", "Third"]);
    expect(answer.counts).toEqual({ pending: 3, verified: 0, rejected: 0 });
    expect(answer.meta).toEqual({ total: 3, page: 1, per_page: 20, last_page: 1 });
    const media = first.media[0]!;
    expect(answer.reports[0]).toEqual({
      id: first.id,
      commentType: "barrier",
      comment: "First",
      status: "pending",
      createdAt: first.createdAt,
      videoUrl: null,
      media: [
        {
          id: media.id,
          kind: "photo",
          contentType: "image/jpeg",
          bytes: media.bytes,
          // Signed: reviewers see media that are not public.
          url: expect.stringMatching(new RegExp(`^/media/${media.id}\\?u=\\d+&exp=\\d+&sig=[\\w-]{43}$`)),
          description: null,
          width: expect.any(Number),
          height: expect.any(Number),
          variants: [],
        },
      ],
      firstName: "Ami",
      lastName: "Bello-Okafor",
      email: "ami@example.net",
      showFirstName: true,
      reviewNote: null,
      reviewedAt: null,
      reviewedBy: null,
      place: {
        stateId: 25,
        state: "Lagos",
        lga: "Lagos Mainland",
        place: null,
        occurredOn: "2026-02-27",
        precision: "state",
      },
      peopleConsent: true,
      publicComment: "First",
      findings: [],
      withdrawnAt: null,
      mediaModeration: [{ id: media.id, hidden: false, blurs: [] }],
      channel: "web",
      phoneReporter: null,
      reference: expect.stringMatching(/^IA-[0-9A-F]{8}$/),
      detailsDue: false,
      occurredWhen: null,
    });
    expect(answer.reports[1]).toMatchObject({ videoUrl: "https://vimeo.com/123", showFirstName: false });
  });

  it("lists verified and rejected reports by their latest decision, newest first", async () => {
    const ids: Record<string, string> = {};
    for (const comment of ["A", "B", "C", "D", "E"])
      ids[comment] = (await reportOf(t.app, reporter, { comment })).id;
    const verify = (id: string) =>
      decide(t.app, moderator, id, { status: "verified", fromStatus: "pending" });
    const reject = (id: string) =>
      decide(t.app, moderator, id, { status: "rejected", fromStatus: "pending", note: "Not confirmed." });
    await verify(ids.C!);
    await verify(ids.A!);
    await reject(ids.B!);
    await reject(ids.E!);

    const verified = await list("?status=verified");
    const rejected = await list("?status=rejected");
    const pending = await list("?status=pending");

    expect(comments(verified)).toEqual(["A", "C"]);
    expect(comments(rejected)).toEqual(["E", "B"]);
    expect(comments(pending)).toEqual(["D"]);
    const [moderatorRow] = await t.db.select().from(users).where(eq(users.email, people.moderator.email));
    expect(rejected.reports[0]).toMatchObject({
      status: "rejected",
      reviewNote: "Not confirmed.",
      reviewedBy: { id: moderatorRow!.id, firstname: "Ngozi", lastname: "Eze" },
    });
    for (const answer of [verified, rejected, pending]) {
      expect(answer.counts).toEqual({ pending: 1, verified: 2, rejected: 2 });
    }
  });

  it("filters by comment type, while the counts stay over all reports", async () => {
    await reportOf(t.app, reporter, { comment: "Ramp", commentType: "barrier" });
    await reportOf(t.app, reporter, { comment: "Why?", commentType: "question" });
    await reportOf(t.app, reporter, { comment: "Lift", commentType: "barrier" });

    const barriers = await list("?commentType=barrier");
    const questions = await list("?status=pending&commentType=question");
    const contributions = await list("?commentType=contribution");

    expect(comments(barriers)).toEqual(["Ramp", "Lift"]);
    expect(barriers.meta.total).toBe(2);
    expect(comments(questions)).toEqual(["Why?"]);
    expect(contributions.reports).toEqual([]);
    expect(contributions.meta).toEqual({ total: 0, page: 1, per_page: 20, last_page: 1 });
    for (const answer of [barriers, questions, contributions]) {
      expect(answer.counts).toEqual({ pending: 3, verified: 0, rejected: 0 });
    }
  });

  it("pages through the queue", async () => {
    for (const comment of ["1", "2", "3", "4", "5"]) await reportOf(t.app, reporter, { comment });

    const first = await list("?per_page=2");
    const third = await list("?page=3&per_page=2");
    const beyond = await list("?page=4&per_page=2");

    expect(comments(first)).toEqual(["1", "2"]);
    expect(first.meta).toEqual({ total: 5, page: 1, per_page: 2, last_page: 3 });
    expect(comments(third)).toEqual(["5"]);
    expect(beyond.reports).toEqual([]);
    expect(beyond.meta).toEqual({ total: 5, page: 4, per_page: 2, last_page: 3 });
  });

  it("refuses filters and pages it does not know, with a sentence", async () => {
    const refusals: [string, string][] = [
      ["?status=published", reviewMessages.unknownStatusFilter],
      ["?status=Pending", reviewMessages.unknownStatusFilter],
      ["?status=pending&status=verified", reviewMessages.unknownStatusFilter],
      ["?commentType=complaint", reviewMessages.unknownCommentTypeFilter],
      ["?page=0", "The page must be a whole number of 1 or more."],
      ["?page=two", "The page must be a whole number of 1 or more."],
      ["?per_page=101", "per_page must be a whole number from 1 to 100."],
    ];
    for (const [query, message] of refusals) {
      const response = await reviewList(t.app, moderator, query);
      // The failure names the parameter to fix: the one the query gives.
      const field = new URLSearchParams(query).keys().next().value;
      expect(response.json(), query).toEqual(validationFailure(message, field));
      expect(response.statusCode).toBe(400);
    }
  });

  it("is for moderators and admins only", async () => {
    const admin = await signedInAs(t, "admin", people.admin);
    const user = await signedInAs(t, "user", people.user);

    expect((await reviewList(t.app, admin)).statusCode).toBe(200);
    expect((await reviewList(t.app, user)).statusCode).toBe(403);
    expect((await reviewList(t.app, reporter)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/eyewitness/reviews" })).statusCode).toBe(401);
  });

  it("checks who asks before what they ask: a caller refused never learns what the query gets wrong", async () => {
    const user = await signedInAs(t, "user", people.user);
    for (const query of ["?status=done", "?commentType=rumour", "?state=1&state=2", "?page=0"]) {
      const url = `/api/v1/eyewitness/reviews${query}`;
      expect((await t.app.inject({ method: "GET", url })).statusCode, query).toBe(401);
      expect((await reviewList(t.app, user, query)).statusCode, query).toBe(403);
      expect((await reviewList(t.app, reporter, query)).statusCode, query).toBe(403);
      expect((await reviewList(t.app, moderator, query)).statusCode, query).toBe(400);
    }
  });
});
