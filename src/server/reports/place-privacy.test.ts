import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { placeFilterMessages } from "../../domain/reports/report-lgas";
import type { OwnReportView } from "../../domain/reports/report-rules";
import type {
  PublishedCountsAnswer,
  PublishedListAnswer,
  ReviewListAnswer,
} from "../../domain/reports/review-rules";
import { bearer, emptyTables } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { eyewitnessReports, users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { seedAtStartUp } from "../datadesk/seed";
import {
  buildReportsTestApp,
  decide,
  emptyUploads,
  publishedList,
  reportOf,
  reviewList,
  signedInAs,
  type ReportFieldChanges,
  type ReportsTestApp,
} from "../../test/server/reports";
import { validationFailure } from "../../test/server/failures";

// Who sees what: the reporter and moderators see the whole place; the public list, its filters,
// its counts and the open data only what the reporter chose to publish. A filter that matched on more
// than that would reveal it, so the LGA filter must never match a report published by state alone.

const people = {
  reporter: { email: "zainab.account@example.org", firstname: "Zainabu", lastname: "Musawa" },
  moderator: { email: "ngozi@example.org", firstname: "Ngozi", lastname: "Eze" },
};

/** Reports in Lagos (25) and Kano (20), each published as precisely as its reporter chose. */
const seeded = {
  stateOnly: {
    comment: "State only",
    stateId: "25",
    lga: "Ikeja",
    place: "Otigba Street corner",
    placePrecision: "state",
    occurredOn: "2026-02-10",
  },
  withLga: {
    comment: "With LGA",
    stateId: "25",
    lga: "Ikeja",
    place: "Allen Avenue shop",
    placePrecision: "lga",
    occurredOn: "2026-02-20",
    commentType: "experience",
  },
  withPlace: {
    comment: "With place",
    stateId: "25",
    lga: "Lagos Mainland",
    place: "Yaba bus terminal",
    placePrecision: "place",
    occurredOn: "2026-02-27",
  },
  inKano: {
    comment: "In Kano",
    stateId: "20",
    lga: "Kano Municipal",
    placePrecision: "lga",
    occurredOn: "2026-01-15",
  },
} satisfies Record<string, ReportFieldChanges>;

type Seeded = Record<keyof typeof seeded, OwnReportView>;

describe.each(testDatabaseKinds())("where reports happened, and who sees it, on %s", (kind) => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let reporter: string;
  let moderator: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Open data is made from the published data, as a first start-up seeds it.
    await seedAtStartUp(database.db, new Date());
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
    const response = await decide(t.app, moderator, id, { status: "verified", fromStatus: "pending" });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** The four reports above, verified; and a pending and a rejected one in Kano, which count nowhere. */
  async function seed(): Promise<Seeded> {
    const reports = {} as Seeded;
    for (const [name, changes] of Object.entries(seeded)) {
      const report = await reportOf(t.app, reporter, changes);
      await verify(report.id);
      reports[name as keyof Seeded] = report;
    }
    await reportOf(t.app, reporter, { ...seeded.inKano, comment: "Pending in Kano" });
    const rejected = await reportOf(t.app, reporter, { ...seeded.inKano, comment: "Rejected in Kano" });
    await decide(t.app, moderator, rejected.id, { status: "rejected", fromStatus: "pending", note: "No." });
    return reports;
  }

  /** A report as stored before places were asked: no state, LGA, place or date. */
  async function oldReport(comment: string): Promise<string> {
    const [account] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, people.reporter.email));
    const [row] = await t.db
      .insert(eyewitnessReports)
      .values({
        reporterId: account!.id,
        firstName: "Zainabu",
        lastName: "Musawa",
        email: people.reporter.email,
        commentType: "barrier",
        comment,
        publicComment: comment,
        createdAt: t.clock.now(),
      })
      .returning({ id: eyewitnessReports.id });
    return row!.id;
  }

  const published = async (query = "") => {
    const response = await publishedList(t.app, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PublishedListAnswer>();
  };
  const publishedComments = async (query: string) =>
    (await published(query)).reports.map((report) => report.comment).sort();
  const openData = (file: string) => t.app.inject({ method: "GET", url: `/api/v1/open/${file}` });
  const openJson = async (query = "") =>
    (await openData(`reports.json${query}`)).json<{ data: Record<string, unknown>[] }>().data;
  const openCsv = async (query = "") =>
    parse((await openData(`reports.csv${query}`)).body, { columns: true }) as Record<string, string>[];
  const mine = async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/eyewitness/mine?per_page=100",
      headers: bearer(reporter),
    });
    return response.json<{ reports: OwnReportView[] }>().reports;
  };
  const byComment = <T extends object>(reports: T[], comment: string) =>
    reports.find((report) => "comment" in report && report.comment === comment);

  it("shows the reporter and moderators the whole place, whatever was chosen for publication", async () => {
    await seed();
    const whole = {
      stateId: 25,
      state: "Lagos",
      lga: "Ikeja",
      place: "Otigba Street corner",
      occurredOn: "2026-02-10",
      precision: "state",
    };

    expect(byComment(await mine(), "State only")?.place).toEqual(whole);
    const queue = (await reviewList(t.app, moderator, "?status=verified")).json<ReviewListAnswer>();
    expect(byComment(queue.reports, "State only")?.place).toEqual(whole);
    expect(byComment(queue.reports, "With place")?.place).toMatchObject({
      lga: "Lagos Mainland",
      place: "Yaba bus terminal",
      precision: "place",
    });
  });

  it("publishes each place only as precisely as its reporter chose, in the list and the open data", async () => {
    const reports = await seed();

    const list = (await published()).reports;
    expect(list.map((report) => report.comment).sort()).toEqual([
      "In Kano",
      "State only",
      "With LGA",
      "With place",
    ]);
    expect(byComment(list, "State only")?.place).toEqual({
      stateId: 25,
      state: "Lagos",
      lga: null,
      place: null,
      occurredOn: "2026-02-10",
    });
    expect(byComment(list, "With LGA")?.place).toEqual({
      stateId: 25,
      state: "Lagos",
      lga: "Ikeja",
      place: null,
      occurredOn: "2026-02-20",
    });
    expect(byComment(list, "With place")?.place).toEqual({
      stateId: 25,
      state: "Lagos",
      lga: "Lagos Mainland",
      place: "Yaba bus terminal",
      occurredOn: "2026-02-27",
    });

    const json = await openJson();
    expect(byComment(json, "State only")).toMatchObject({
      id: reports.stateOnly.id,
      state: "Lagos",
      lga: null,
      place: null,
      occurred_on: "2026-02-10",
    });
    expect(byComment(json, "With LGA")).toMatchObject({ state: "Lagos", lga: "Ikeja", place: null });
    expect(byComment(json, "With place")).toMatchObject({
      lga: "Lagos Mainland",
      place: "Yaba bus terminal",
    });

    const csv = await openCsv();
    expect(byComment(csv, "State only")).toMatchObject({
      state: "Lagos",
      lga: "",
      place: "",
      occurred_on: "2026-02-10",
    });
    expect(byComment(csv, "With LGA")).toMatchObject({ lga: "Ikeja", place: "", occurred_on: "2026-02-20" });
    expect(byComment(csv, "With place")).toMatchObject({
      lga: "Lagos Mainland",
      place: "Yaba bus terminal",
    });

    // The place names kept back appear in no public answer, whatever the format.
    const publicBodies = [
      (await publishedList(t.app)).body,
      (await openData("reports.json")).body,
      (await openData("reports.csv?hxl=1")).body,
    ];
    for (const body of publicBodies) {
      expect(body).not.toContain("Otigba Street corner");
      expect(body).not.toContain("Allen Avenue shop");
      expect(body).not.toContain("precision");
    }
  });

  it("never matches an LGA filter with a report published by state alone", async () => {
    await seed();

    // "State only" happened in Ikeja too, but its reporter did not publish that.
    for (const query of ["?lga=Ikeja", "?lga=%20ikeja%20", "?state=25&lga=IKEJA"]) {
      const answer = await published(query);
      expect(
        answer.reports.map((report) => report.comment),
        query,
      ).toEqual(["With LGA"]);
      expect(answer.meta.total, query).toBe(1);
    }
    expect(await publishedComments("?lga=Lagos%20Mainland")).toEqual(["With place"]);
    expect(await publishedComments("?state=20&lga=Kano%20Municipal")).toEqual(["In Kano"]);
  });

  it("filters the published list by state, type and the date it happened", async () => {
    await seed();
    await verify(await oldReport("Sent before places"));

    expect(await publishedComments("?state=25")).toEqual(["State only", "With LGA", "With place"]);
    expect(await publishedComments("?state=20")).toEqual(["In Kano"]);
    expect(await publishedComments("?state=1")).toEqual([]);
    expect(await publishedComments("?type=experience")).toEqual(["With LGA"]);
    expect(await publishedComments("?commentType=experience")).toEqual(["With LGA"]);
    expect(await publishedComments("?state=25&type=barrier")).toEqual(["State only", "With place"]);
    // On the date it happened, both ends included; a report without a date matches no date filter.
    expect(await publishedComments("?from=2026-02-10&to=2026-02-20")).toEqual(["State only", "With LGA"]);
    expect(await publishedComments("?from=2026-02-21")).toEqual(["With place"]);
    expect(await publishedComments("?to=2026-01-15")).toEqual(["In Kano"]);
    expect(await publishedComments("")).toContain("Sent before places");
  });

  it("refuses a bad filter with 400, naming the parameter", async () => {
    const refusals: [query: string, message: string, field: string][] = [
      ["?state=0", placeFilterMessages.badState, "state"],
      ["?state=38", placeFilterMessages.badState, "state"],
      ["?state=lagos", placeFilterMessages.badState, "state"],
      ["?state=25&state=20", placeFilterMessages.repeated("state"), "state"],
      ["?lga=Atlantis", placeFilterMessages.badLga, "lga"],
      ["?state=20&lga=Ikeja", placeFilterMessages.badLga, "lga"],
      ["?type=complaint", placeFilterMessages.badType, "type"],
      ["?from=2026-02-30", placeFilterMessages.badDate("from"), "from"],
      ["?to=yesterday", placeFilterMessages.badDate("to"), "to"],
      ["?from=2026-02-21&to=2026-02-20", placeFilterMessages.fromAfterTo, "from"],
    ];
    for (const [query, message, field] of refusals) {
      const response = await publishedList(t.app, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(validationFailure(message, field));
    }
    expect(placeFilterMessages.badState).toMatch(/^The parameter state /);
    expect(placeFilterMessages.badLga).toMatch(/^The parameter lga /);
  });

  it("counts verified reports by state, all 37 states, never a pending or rejected one", async () => {
    await seed();
    await verify(await oldReport("Sent before places"));

    const response = await t.app.inject({ method: "GET", url: "/api/v1/eyewitness/published/counts" });

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    const answer = response.json<PublishedCountsAnswer>();
    expect(answer.success).toBe(true);
    expect(answer.counts.map((count) => count.stateId)).toEqual(
      Array.from({ length: 37 }, (_, index) => index + 1),
    );
    expect(answer.counts.filter((count) => count.verified > 0)).toEqual([
      { stateId: 20, verified: 1 },
      { stateId: 25, verified: 3 },
    ]);
  });

  it("shows reviewers one state's reports with ?state=, and refuses a state that does not exist", async () => {
    await reportOf(t.app, reporter, seeded.inKano);
    await reportOf(t.app, reporter, seeded.withPlace);
    await oldReport("Sent before places");

    const kano = (await reviewList(t.app, moderator, "?state=20")).json<ReviewListAnswer>();
    expect(kano.reports.map((report) => report.comment)).toEqual(["In Kano"]);
    expect(kano.meta.total).toBe(1);
    // The counts stay over all reports, whatever the filter.
    expect(kano.counts).toEqual({ pending: 3, verified: 0, rejected: 0 });
    const all = (await reviewList(t.app, moderator)).json<ReviewListAnswer>();
    expect(all.reports).toHaveLength(3);
    for (const query of ["?state=38", "?state=kano", "?state=0"]) {
      const response = await reviewList(t.app, moderator, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({
        success: false,
        message: placeFilterMessages.badState,
        code: "VALIDATION_FAILED",
        field: "state",
        problem: { key: "code.VALIDATION_FAILED", params: {} },
      });
    }
  });

  it("keeps a report sent before places were asked valid, with no place anywhere", async () => {
    const id = await oldReport("Sent before places");
    const [stored] = await t.db.select().from(eyewitnessReports).where(eq(eyewitnessReports.id, id));
    expect(stored).toMatchObject({
      stateId: null,
      lga: null,
      placeName: null,
      occurredOn: null,
      placePrecision: "state",
      peopleConsent: false,
    });

    expect(byComment(await mine(), "Sent before places")).toMatchObject({
      place: null,
      peopleConsent: false,
    });
    const queue = (await reviewList(t.app, moderator)).json<ReviewListAnswer>();
    expect(queue.reports[0]).toMatchObject({ id, place: null });
    await verify(id);

    expect((await published()).reports).toEqual([expect.objectContaining({ id, place: null })]);
    expect(await openJson()).toEqual([
      expect.objectContaining({ id, state: null, lga: null, place: null, occurred_on: null }),
    ]);
    expect(await openCsv()).toEqual([
      expect.objectContaining({ id, state: "", lga: "", place: "", occurred_on: "" }),
    ]);
    for (const query of ["?state=25", "?from=1960-01-01", "?to=2026-12-31"]) {
      expect((await published(query)).reports, query).toEqual([]);
    }
    const counts = (
      await t.app.inject({ method: "GET", url: "/api/v1/eyewitness/published/counts" })
    ).json<PublishedCountsAnswer>();
    expect(counts.counts.every((count) => count.verified === 0)).toBe(true);
  });

  it("filters the open data by state and leaves the other states out", async () => {
    await seed();

    expect((await openJson("?state=kano")).map((report) => report.comment)).toEqual(["In Kano"]);
    expect((await openCsv("?state=20")).map((row) => row.comment)).toEqual(["In Kano"]);
    expect((await openJson("?state=lagos")).map((report) => report.comment).sort()).toEqual([
      "State only",
      "With LGA",
      "With place",
    ]);
    expect(await openJson("?state=fct")).toEqual([]);
  });
});
