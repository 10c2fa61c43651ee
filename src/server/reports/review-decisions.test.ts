import { invalidCharacterMessage } from "../http/input-guard";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reportStatuses, type OwnReportView, type ReportStatus } from "../../domain/reports/report-rules";
import {
  REVIEW_NOTE_MAX_LENGTH,
  canMoveReport,
  reviewMessages,
  type ReviewDecisionAnswer,
} from "../../domain/reports/review-rules";
import { PUBLIC_URL, bearer, emptyTables, outbox } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { auditLog, eyewitnessReports, users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  buildReportsTestApp,
  decide,
  emptyUploads,
  reportOf,
  signedInAs,
  type ReportsTestApp,
} from "../../test/server/reports";

// PATCH /api/v1/eyewitness/{id}/review: a moderator's or admin's decision on a report, with the audit
// row and the reporter's e-mail in the same transaction; and a refusal for every decision that is not
// possible, or that another reviewer has just made impossible.

const people = {
  reporter: { email: "amina.account@example.org", firstname: "Aminat", lastname: "Bello" },
  moderator: { email: "ngozi.eze@example.org", firstname: "Ngozi", lastname: "Eze" },
  secondModerator: { email: "femi.ade@example.org", firstname: "Femi", lastname: "Ade" },
  admin: { email: "tunde.okoro@example.org", firstname: "Tunde", lastname: "Okoro" },
  user: { email: "bola.user@example.org", firstname: "Bola", lastname: "Ola" },
};

describe.each(testDatabaseKinds())("decisions on reports on %s", (kind) => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let reporter: string;
  let moderator: string;
  let moderatorId: number;

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
    const [found] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, people.moderator.email));
    moderatorId = found!.id;
  });

  const rowOf = async (id: string) => {
    const [row] = await t.db.select().from(eyewitnessReports).where(eq(eyewitnessReports.id, id));
    return row!;
  };
  const reviewAudit = () => t.db.select().from(auditLog).where(eq(auditLog.action, "report.reviewed"));
  const decisionMails = async () =>
    (await outbox(t.db)).filter(
      (mail) => mail.toAddress === people.reporter.email && mail.subject.includes("eyewitness report"),
    );
  const setStatus = (id: string, status: ReportStatus) =>
    t.db.update(eyewitnessReports).set({ status }).where(eq(eyewitnessReports.id, id));

  it("verifies a report with a note: the row, the answer, the audit row and the reporter's e-mail", async () => {
    const report = await reportOf(t.app, reporter, { email: "typed.on.form@example.org" });
    const note = "Checked with the terminal's manager: the step is there.";

    const response = await decide(t.app, moderator, report.id, {
      status: "verified",
      fromStatus: "pending",
      note,
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json<ReviewDecisionAnswer>();
    expect(body.success).toBe(true);
    expect(body.message).toBe(reviewMessages.verified);
    expect(body.report).toMatchObject({
      id: report.id,
      status: "verified",
      reviewNote: note,
      reviewedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reviewedBy: { id: moderatorId, firstname: "Ngozi", lastname: "Eze" },
      email: "typed.on.form@example.org",
    });
    expect(await rowOf(report.id)).toMatchObject({
      status: "verified",
      reviewedBy: moderatorId,
      reviewNote: note,
      reviewedAt: new Date(body.report.reviewedAt!),
    });

    expect(await reviewAudit()).toEqual([
      expect.objectContaining({
        actorId: moderatorId,
        subjectType: "eyewitness_report",
        subjectId: report.id,
        details: { from: "pending", to: "verified", note },
      }),
    ]);

    // To the account's verified address, not the one typed on the form.
    const mails = await decisionMails();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Your eyewitness report is published on Inclusion Atlas");
    expect(mail.textBody).toContain("Hello Aminat,");
    expect(mail.textBody).toContain(`The reviewer's note: ${note}`);
    expect(mail.textBody).toContain(
      "It is published as “Anonymous reporter”: it shows neither your name nor",
    );
    expect(mail.textBody).toContain(`See my reports:\n${PUBLIC_URL}/dashboard/my-reports`);
    expect(mail.htmlBody).toContain('<html lang="en">');
    expect(mail.htmlBody).toContain(`href="${PUBLIC_URL}/dashboard/my-reports"`);
    expect(mail.htmlBody).toContain("The reviewer&#39;s note: Checked with the terminal&#39;s manager");
  });

  it("shows the reporter the decision and its note in My reports", async () => {
    const report = await reportOf(t.app, reporter);
    await decide(t.app, moderator, report.id, {
      status: "rejected",
      fromStatus: "pending",
      note: "We could not confirm the place.",
    });

    const mine = await t.app.inject({
      method: "GET",
      url: "/api/v1/eyewitness/mine",
      headers: bearer(reporter),
    });

    const [own] = mine.json<{ reports: OwnReportView[] }>().reports;
    expect(own).toMatchObject({
      id: report.id,
      status: "rejected",
      reviewNote: "We could not confirm the place.",
      reviewedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      showFirstName: false,
    });
  });

  it("rejects only with a note, and tells the reporter why", async () => {
    const report = await reportOf(t.app, reporter);

    for (const note of [undefined, "", "   \n "]) {
      const refused = await decide(t.app, moderator, report.id, {
        status: "rejected",
        fromStatus: "pending",
        note,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        success: false,
        message: reviewMessages.noteRequired,
        code: "VALIDATION_FAILED",
        field: "note",
        problem: { key: "code.VALIDATION_FAILED", params: {} },
      });
    }
    expect((await rowOf(report.id)).status).toBe("pending");

    const rejected = await decide(t.app, moderator, report.id, {
      status: "rejected",
      fromStatus: "pending",
      note: "  This is an advertisement, not an eyewitness report.  ",
    });

    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<ReviewDecisionAnswer>().message).toBe(reviewMessages.rejected);
    expect((await rowOf(report.id)).reviewNote).toBe("This is an advertisement, not an eyewitness report.");
    const [mail] = await decisionMails();
    expect(mail!.subject).toBe("Your eyewitness report was not published on Inclusion Atlas");
    expect(mail!.textBody).toContain(
      "The reviewer's note: This is an advertisement, not an eyewitness report.",
    );
  });

  it("verifies or returns to pending without a note, which is then empty", async () => {
    const report = await reportOf(t.app, reporter);
    const verified = await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "pending" });
    expect(verified.statusCode).toBe(200);
    expect(verified.json<ReviewDecisionAnswer>().report.reviewNote).toBeNull();
    expect((await decisionMails())[0]!.textBody).not.toContain("reviewer's note");
  });

  it.each(reportStatuses.flatMap((from) => reportStatuses.map((to) => [from, to] as const)))(
    "from %s to %s: allowed only as the transition table says",
    async (from, to) => {
      const report = await reportOf(t.app, reporter);
      await setStatus(report.id, from);

      const response = await decide(t.app, moderator, report.id, {
        status: to,
        fromStatus: from,
        note: "Seen.",
      });

      if (canMoveReport(from, to)) {
        expect(response.statusCode).toBe(200);
        expect((await rowOf(report.id)).status).toBe(to);
        expect(await reviewAudit()).toHaveLength(1);
      } else {
        expect(response.json()).toEqual({
          success: false,
          message: reviewMessages.notAllowedTransition,
          code: "VALIDATION_FAILED",
          field: "status",
          problem: { key: "code.VALIDATION_FAILED", params: {} },
        });
        expect(response.statusCode).toBe(400);
        expect((await rowOf(report.id)).status).toBe(from);
        expect(await reviewAudit()).toEqual([]);
        expect(await decisionMails()).toEqual([]);
      }
    },
  );

  it("unpublishes a verified report back to the queue, and says so to the reporter", async () => {
    const report = await reportOf(t.app, reporter);
    await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "pending" });

    const unpublished = await decide(t.app, moderator, report.id, {
      status: "pending",
      fromStatus: "verified",
      note: "A reader says the ramp was rebuilt last week.",
    });

    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json<ReviewDecisionAnswer>()).toMatchObject({
      message: reviewMessages.returnedToPending,
      report: { status: "pending", reviewNote: "A reader says the ramp was rebuilt last week." },
    });
    const mails = await decisionMails();
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Your eyewitness report is published on Inclusion Atlas",
      "Your eyewitness report is being reviewed again on Inclusion Atlas",
    ]);
    expect(mails[1]!.textBody).toContain("off the public page of verified reports");
    expect((await reviewAudit()).map((row) => row.details)).toEqual([
      { from: "pending", to: "verified", note: null },
      { from: "verified", to: "pending", note: "A reader says the ramp was rebuilt last week." },
    ]);

    // A rejected report was never public: it is reopened, not unpublished.
    await decide(t.app, moderator, report.id, {
      status: "rejected",
      fromStatus: "pending",
      note: "Outdated.",
    });
    const reopened = await decide(t.app, moderator, report.id, { status: "pending", fromStatus: "rejected" });
    expect(reopened.json<ReviewDecisionAnswer>().message).toBe(reviewMessages.reopened);
  });

  it("refuses a decision on a status the report no longer has with 409, changing nothing", async () => {
    const report = await reportOf(t.app, reporter);
    await decide(t.app, moderator, report.id, { status: "verified", fromStatus: "pending" });

    const stale = await decide(t.app, moderator, report.id, {
      status: "rejected",
      fromStatus: "pending",
      note: "Not a barrier.",
    });

    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      success: false,
      message: reviewMessages.conflict,
      code: "CONFLICT",
      problem: { key: "reviews.conflict", params: {} },
    });
    expect((await rowOf(report.id)).status).toBe("verified");
    expect(await reviewAudit()).toHaveLength(1);
    expect(await decisionMails()).toHaveLength(1);
  });

  it("lets exactly one of two reviewers deciding at once win; the other gets 409", async () => {
    const second = await signedInAs(t, "moderator", people.secondModerator);
    for (let round = 0; round < 3; round += 1) {
      const report = await reportOf(t.app, reporter);

      const answers = await Promise.all([
        decide(t.app, moderator, report.id, {
          status: "verified",
          fromStatus: "pending",
          note: "Confirmed.",
        }),
        decide(t.app, second, report.id, { status: "rejected", fromStatus: "pending", note: "Duplicate." }),
      ]);

      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json<ReviewDecisionAnswer>();
      const loser = answers.find((answer) => answer.statusCode === 409)!;
      expect(loser.json()).toEqual({
        success: false,
        message: reviewMessages.conflict,
        code: "CONFLICT",
        problem: { key: "reviews.conflict", params: {} },
      });
      expect((await rowOf(report.id)).status).toBe(winner.report.status);
      const audit = (await reviewAudit()).filter((row) => row.subjectId === report.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]!.details).toMatchObject({ to: winner.report.status });
    }
    expect(await decisionMails()).toHaveLength(3);
  });

  it("lets admins decide too, and refuses plain users and anyone not signed in", async () => {
    const report = await reportOf(t.app, reporter);
    const user = await signedInAs(t, "user", people.user);
    const admin = await signedInAs(t, "admin", people.admin);
    const verify = { status: "verified", fromStatus: "pending" };

    expect((await decide(t.app, null, report.id, verify)).statusCode).toBe(401);
    expect((await decide(t.app, user, report.id, verify)).statusCode).toBe(403);
    // The reporter cannot publish their own report either.
    expect((await decide(t.app, reporter, report.id, verify)).statusCode).toBe(403);
    expect((await rowOf(report.id)).status).toBe("pending");
    expect((await decide(t.app, admin, report.id, verify)).statusCode).toBe(200);
  });

  it("never lets a moderator or an admin review their own report: 403, nothing changes", async () => {
    const admin = await signedInAs(t, "admin", people.admin);
    for (const reviewer of [moderator, admin]) {
      const own = await reportOf(t.app, reviewer);
      for (const status of ["verified", "rejected"]) {
        const response = await decide(t.app, reviewer, own.id, {
          status,
          fromStatus: "pending",
          note: "Mine.",
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          success: false,
          message: "You cannot review your own report.",
          code: "FORBIDDEN",
          problem: { key: "reviews.ownReport", params: {} },
        });
      }
      expect((await rowOf(own.id)).status).toBe("pending");
      // Another reviewer may.
      const other = reviewer === moderator ? admin : moderator;
      expect(
        (await decide(t.app, other, own.id, { status: "verified", fromStatus: "pending" })).statusCode,
      ).toBe(200);
    }
  });

  it("answers 404 for a report that does not exist, whatever the id looks like", async () => {
    const verify = { status: "verified", fromStatus: "pending" };
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-report", "12345", "%27%20or%201%3D1"]) {
      const response = await decide(t.app, moderator, id, verify);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        message: reviewMessages.notFound,
        code: "NOT_FOUND",
        problem: { key: "reviews.notFound", params: {} },
      });
    }
  });

  it("refuses a decision it cannot read, and a note that is too long", async () => {
    const report = await reportOf(t.app, reporter);
    for (const [body, field] of [
      [{}, "status"],
      [{ status: "verified" }, "fromStatus"],
      [{ status: "published", fromStatus: "pending" }, "status"],
      [{ status: "verified", fromStatus: "unknown" }, "fromStatus"],
      [{ status: "verified", fromStatus: "pending", note: 42 }, "note"],
    ] as const) {
      const response = await decide(t.app, moderator, report.id, body);
      expect(response.json()).toEqual({
        success: false,
        message: reviewMessages.decisionUnreadable,
        code: "VALIDATION_FAILED",
        field,
        problem: { key: "request.fieldInvalid", params: { field: field } },
      });
      expect(response.statusCode).toBe(400);
    }
    const notJson = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/eyewitness/${report.id}/review`,
      payload: "{status:",
      headers: { ...bearer(moderator), "content-type": "application/json" },
    });
    expect(notJson.statusCode).toBe(400);

    const tooLong = await decide(t.app, moderator, report.id, {
      status: "rejected",
      fromStatus: "pending",
      note: "n".repeat(REVIEW_NOTE_MAX_LENGTH + 1),
    });
    expect(tooLong.json()).toEqual({
      success: false,
      message: reviewMessages.noteTooLong,
      code: "VALIDATION_FAILED",
      field: "note",
      problem: { key: "code.VALIDATION_FAILED", params: {} },
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await rowOf(report.id)).status).toBe("pending");

    // A NUL or an unpaired surrogate (which PostgreSQL's jsonb refuses) is a 400 naming the field.
    for (const note of [`Broken\u0000note`, `Broken \uD83D note`]) {
      const refused = await decide(t.app, moderator, report.id, {
        status: "rejected",
        fromStatus: "pending",
        note,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        success: false,
        message: invalidCharacterMessage("note"),
        code: "VALIDATION_FAILED",
        field: "note",
        problem: { key: "request.fieldInvalid", params: { field: "note" } },
      });
    }
    expect((await rowOf(report.id)).status).toBe("pending");

    const longest = await decide(t.app, moderator, report.id, {
      status: "rejected",
      fromStatus: "pending",
      note: "n".repeat(REVIEW_NOTE_MAX_LENGTH),
    });
    expect(longest.statusCode).toBe(200);
    expect((await rowOf(report.id)).reviewNote).toHaveLength(REVIEW_NOTE_MAX_LENGTH);
  });

  it("writes the note into the e-mail as text, never as markup", async () => {
    const report = await reportOf(t.app, reporter);
    await decide(t.app, moderator, report.id, {
      status: "rejected",
      fromStatus: "pending",
      note: 'See <a href="https://evil.example">here</a>',
    });

    const [mail] = await decisionMails();
    expect(mail!.htmlBody).not.toContain('<a href="https://evil.example"');
    expect(mail!.htmlBody).toContain("See &lt;a href=&quot;https://evil.example&quot;&gt;here&lt;/a&gt;");
  });
});
