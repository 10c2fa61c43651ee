import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ANONYMOUS_REPORTER } from "../../domain/reports/review-rules";
import { PUBLIC_URL, emptyTables } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { eyewitnessReports, users } from "../db/schema";
import {
  buildReportsTestApp,
  decide,
  emptyUploads,
  mediaPart,
  reportOf,
  signedInAs,
  smallJpeg,
  type ReportsTestApp,
} from "../../test/server/reports";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { seedAtStartUp } from "../datadesk/seed";
import { EXPORT_BATCH } from "./report-export";

// GET /api/v1/open/reports.{json,csv}: verified reports only, each as its reporter chose to publish it.

const people = {
  reporter: { email: "zainab.account@example.org", firstname: "Zainabu", lastname: "Musawa" },
  moderator: { email: "ngozi@example.org", firstname: "Ngozi", lastname: "Eze" },
};

/** Distinctive values typed on the form, to look for anywhere in an answer. */
const typed = {
  firstName: "Chiamaka",
  lastName: "Nwachukwu-Privatename",
  email: "chiamaka.private@example.net",
};

const emailAddress = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/;

interface ReportsAnswer {
  success: boolean;
  license: { id: string };
  citation: string;
  filters: Record<string, string | null>;
  meta: { total: number; page: number; per_page: number; last_page: number };
  count: number;
  data: Record<string, unknown>[];
}

type Row = Record<string, string>;

describe.each(testDatabaseKinds())("open reports on %s", (kind) => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let reporter: string;
  let moderator: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // The published data the downloads are made from: data/*.json, as a first start-up seeds it.
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

  const get = (file: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/api/v1/open/${file}`, headers });
  const json = async (query = "") => {
    const response = await get(`reports.json${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportsAnswer>();
  };
  const csv = async (query = "") => {
    const response = await get(`reports.csv${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return parse(response.body, { columns: true }) as Row[];
  };
  const verify = (id: string) =>
    decide(t.app, moderator, id, { status: "verified", fromStatus: "pending", note: "Checked by phone." });

  it("holds verified reports only: never a pending, rejected or unpublished one", async () => {
    const verified = await reportOf(t.app, reporter, { comment: "Verified report" });
    await reportOf(t.app, reporter, { comment: "Pending report" });
    const rejected = await reportOf(t.app, reporter, { comment: "Rejected report" });
    const unpublished = await reportOf(t.app, reporter, { comment: "Unpublished report" });
    await verify(verified.id);
    await decide(t.app, moderator, rejected.id, { status: "rejected", fromStatus: "pending", note: "Spam." });
    await verify(unpublished.id);
    await decide(t.app, moderator, unpublished.id, { status: "pending", fromStatus: "verified" });

    const answer = await json();
    expect(answer.data.map((report) => report.comment)).toEqual(["Verified report"]);
    expect(answer.meta).toEqual({ total: 1, page: 1, per_page: 100, last_page: 1 });
    expect((await csv()).map((row) => row.comment)).toEqual(["Verified report"]);
    for (const format of ["json", "csv"]) {
      const body = (await get(`reports.${format}`)).body;
      for (const hidden of ["Pending report", "Rejected report", "Unpublished report", "Spam."]) {
        expect(body, `${format}: ${hidden}`).not.toContain(hidden);
      }
    }
  });

  it("shows a first name only where the reporter chose it, and never a last name or an e-mail", async () => {
    const photo = await smallJpeg();
    const named = await reportOf(t.app, reporter, { ...typed, comment: "Named", showFirstName: "on" }, [
      { name: "photoDescription", value: "A ramp too steep for a wheelchair" },
      mediaPart("ramp.jpg", "image/jpeg", photo),
    ]);
    const anonymous = await reportOf(t.app, reporter, {
      ...typed,
      firstName: "Obiageli",
      comment: "Unnamed",
    });
    await verify(named.id);
    await verify(anonymous.id);

    const answer = await json();
    const byComment = Object.fromEntries(answer.data.map((report) => [report.comment, report]));
    expect(byComment.Unnamed).toMatchObject({ reporter_name: ANONYMOUS_REPORTER, media: [] });
    expect(byComment.Named).toEqual({
      id: named.id,
      type: "barrier",
      comment: "Named",
      reporter_name: "Chiamaka",
      // Published at the default precision: the state, never the LGA the reporter also gave.
      state: "Lagos",
      lga: null,
      place: null,
      occurred_on: "2026-02-27",
      date_reported: named.createdAt,
      date_published: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      video_url: null,
      media: [
        {
          url: `${PUBLIC_URL}/media/${named.media[0]?.id}`,
          kind: "photo",
          content_type: "image/jpeg",
          description: "A ramp too steep for a wheelchair",
        },
      ],
    });
    const rows = await csv();
    expect(rows.map((row) => row.reporter_name).sort()).toEqual([ANONYMOUS_REPORTER, "Chiamaka"]);
    expect(rows.find((row) => row.comment === "Named")?.media).toBe(
      `${PUBLIC_URL}/media/${named.media[0]?.id}`,
    );

    for (const file of ["reports.json", "reports.csv", "reports.csv?hxl=1"]) {
      const body = (await get(file)).body;
      expect(body, file).not.toMatch(emailAddress);
      for (const secret of [
        typed.email,
        typed.lastName,
        "Obiageli",
        people.reporter.email,
        people.reporter.lastname,
      ]) {
        expect(body, `${file}: ${secret}`).not.toContain(secret);
      }
    }
  });

  it("never shows an e-mail address a reporter wrote in their report", async () => {
    const report = await reportOf(t.app, reporter, { comment: "Write to me at ada.obi@example.com please" });
    // The moderator confirmed the address is meant to be public: open data still hides it.
    await decide(t.app, moderator, report.id, {
      status: "verified",
      fromStatus: "pending",
      acknowledgedFindings: ["email:ada.obi@example.com"],
    });

    expect((await json()).data[0]?.comment).toBe("Write to me at ada.obi [at] example.com please");
    expect((await get("reports.csv")).body).not.toMatch(emailAddress);
  });

  it("keeps a comma, a quote and a line break inside their field, read back by a real CSV parser", async () => {
    const awkward = 'He said "the lift is broken", then left,\nand the ramp ends in a 30 cm step.';
    await verify((await reportOf(t.app, reporter, { comment: awkward })).id);
    const formula = await reportOf(t.app, reporter, { comment: '=HYPERLINK("http://bad.example")' });
    await decide(t.app, moderator, formula.id, {
      status: "verified",
      fromStatus: "pending",
      acknowledgedFindings: ["web:http://bad.example"],
    });

    const response = await get("reports.csv");
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers["content-disposition"]).toEqual(
      expect.stringMatching(/^attachment; filename="inclusion-atlas-reports-2026-03-\d\d\.csv"$/),
    );
    const records = parse(response.body) as string[][];
    expect(records[0]).toEqual([
      "id",
      "type",
      "comment",
      "reporter_name",
      "state",
      "lga",
      "place",
      "occurred_on",
      "date_reported",
      "date_published",
      "video_url",
      "media",
    ]);
    expect(records).toHaveLength(3);
    expect(records[1]?.[2]).toBe(awkward);
    // A spreadsheet shows it as text instead of running it.
    expect(records[2]?.[2]).toBe('\'=HYPERLINK("http://bad.example")');
  });

  it("adds the HXL row with ?hxl=1", async () => {
    await verify((await reportOf(t.app, reporter)).id);

    const records = parse((await get("reports.csv?hxl=1")).body) as string[][];
    expect(records[1]).toEqual([
      "#meta+id",
      "#event+type",
      "#description",
      "#meta+reporter",
      "#adm1+name",
      "#adm2+name",
      "#loc+name",
      "#date+occurred",
      "#date+reported",
      "#date+published",
      "#meta+url+video",
      "#meta+url+media",
    ]);
    expect(records).toHaveLength(3);
  });

  it("filters by type and by the day a report was sent, and by state", async () => {
    const question = await reportOf(t.app, reporter, { comment: "Why?", commentType: "question" });
    t.clock.advance(3 * 24 * 3600 * 1000);
    const barrier = await reportOf(t.app, reporter, { comment: "Ramp", commentType: "barrier" });
    await verify(question.id);
    await verify(barrier.id);
    const day = (iso: string) => iso.slice(0, 10);

    expect((await json("?type=question")).data.map((report) => report.comment)).toEqual(["Why?"]);
    expect((await csv("?type=barrier")).map((row) => row.comment)).toEqual(["Ramp"]);
    expect((await json(`?from=${day(barrier.createdAt)}`)).data.map((report) => report.comment)).toEqual([
      "Ramp",
    ]);
    expect((await json(`?to=${day(question.createdAt)}`)).data.map((report) => report.comment)).toEqual([
      "Why?",
    ]);
    const both = await json(`?from=${day(question.createdAt)}&to=${day(barrier.createdAt)}`);
    expect(both.data.map((report) => report.comment)).toEqual(["Why?", "Ramp"]);
    expect(both.filters).toEqual({
      state: null,
      type: null,
      from: day(question.createdAt),
      to: day(barrier.createdAt),
    });
    // Both reports happened in Lagos: a state, by slug or id, matches them there and nowhere else.
    for (const state of ["lagos", "25"]) {
      expect(
        (await json(`?state=${state}`)).data.map((report) => report.comment),
        state,
      ).toEqual(["Why?", "Ramp"]);
    }
    for (const state of ["akwa-ibom", "fct"]) {
      const answer = await json(`?state=${state}`);
      expect(answer.data, state).toEqual([]);
      expect(answer.meta.total, state).toBe(0);
    }
    expect((await json("?state=lagos")).filters.state).toBe("Lagos");
    expect(await csv("?state=kano")).toEqual([]);
  });

  it("refuses a bad filter with 400, naming the parameter", async () => {
    const refusals: [query: string, field: string, message: string][] = [
      ["state=atlantis", "state", "The parameter state must be one of the 37 states"],
      ["state=38", "state", "The parameter state must be one of the 37 states"],
      // Neither a comment type nor a school type (the schools' filter of the same name): the schema's.
      [
        "type=complaint",
        "type",
        "The parameter type must be a comment type of the reports (barrier, experience, question, contribution) or a school type of the schools (primary, nursery, secondary, special).",
      ],
      // A school type: the reports' own sentence.
      [
        "type=primary",
        "type",
        "The parameter type must be one of: barrier, experience, question, contribution.",
      ],
      ["type=barrier&type=question", "type", "The parameter type may be given only once."],
      ["from=2026-02-30", "from", "The parameter from must be a date written YYYY-MM-DD"],
      ["to=yesterday", "to", "The parameter to must be a date written YYYY-MM-DD"],
      [
        "from=2026-03-02&to=2026-03-01",
        "from",
        "The parameter from must be a date on or before the date in to.",
      ],
      ["per_page=5000", "per_page", "The parameter per_page must be a whole number from 1 to 1000."],
      ["page=0", "page", "The parameter page must be a whole number of 1 or more."],
    ];
    for (const [query, field, message] of refusals) {
      const response = await get(`reports.json?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ success: boolean; message: string }>(), query).toEqual({
        success: false,
        code: "VALIDATION_FAILED",
        field,
        message: expect.stringContaining(message),
        problem: { key: "code.VALIDATION_FAILED", params: {} },
      });
      expect((await get(`reports.csv?${query.startsWith("p") ? "type=x" : query}`)).statusCode, query).toBe(
        400,
      );
    }
    const paged = await get("reports.csv?page=2");
    expect(paged.statusCode).toBe(400);
    expect(paged.json()).toEqual({
      success: false,
      code: "VALIDATION_FAILED",
      field: "page",
      message:
        "The parameters page and per_page apply to JSON only: a CSV download holds every matching report.",
      problem: { key: "code.VALIDATION_FAILED", params: {} },
    });
    expect((await get("reports.xml")).statusCode).toBe(404);
  });

  it("pages the JSON with meta, oldest report first", async () => {
    for (const comment of ["First", "Second", "Third"]) {
      await verify((await reportOf(t.app, reporter, { comment })).id);
    }

    const first = await json("?per_page=2");
    expect(first.data.map((report) => report.comment)).toEqual(["First", "Second"]);
    expect(first.meta).toEqual({ total: 3, page: 1, per_page: 2, last_page: 2 });
    expect((await json("?per_page=2&page=2")).data.map((report) => report.comment)).toEqual(["Third"]);
    expect(first.license.id).toBe("CC-BY-4.0");
    expect(first.citation).toMatch(
      /^Inclusion Atlas \(2026\)\. Verified eyewitness reports \[Data set\], version 2026-03-\d\d\. Inclusion Atlas open data, CC-BY-4\.0\.$/,
    );
  });

  it("answers 304 while nothing changed, and the new content once a report is verified or unpublished", async () => {
    const report = await reportOf(t.app, reporter);
    await verify(report.id);
    for (const file of ["reports.json", "reports.csv"]) {
      const first = await get(file);
      const etag = String(first.headers.etag);
      expect(first.headers["cache-control"], file).toBe("public, max-age=60");
      expect(first.headers["access-control-allow-origin"], file).toBe("*");
      expect(first.headers.link, file).toContain(
        '<https://creativecommons.org/licenses/by/4.0/>; rel="license"',
      );
      expect(Date.parse(String(first.headers["last-modified"])), file).not.toBeNaN();

      const again = await get(file, { "if-none-match": etag });
      expect(again.statusCode, file).toBe(304);
      expect(again.body, file).toBe("");
      expect(
        (await get(file, { "if-modified-since": String(first.headers["last-modified"]) })).statusCode,
      ).toBe(304);
      // Another filter is another answer.
      expect((await get(`${file}?type=question`, { "if-none-match": etag })).statusCode, file).toBe(200);
    }

    const before = await get("reports.json");
    await verify((await reportOf(t.app, reporter, { comment: "Another" })).id);
    const afterVerify = await get("reports.json", { "if-none-match": String(before.headers.etag) });
    expect(afterVerify.statusCode).toBe(200);
    expect(afterVerify.json<ReportsAnswer>().meta.total).toBe(2);

    t.clock.advance(1000);
    await decide(t.app, moderator, report.id, { status: "pending", fromStatus: "verified" });
    const afterUnpublish = await get("reports.json", { "if-none-match": String(afterVerify.headers.etag) });
    expect(afterUnpublish.statusCode).toBe(200);
    expect(afterUnpublish.json<ReportsAnswer>().meta.total).toBe(1);
  });

  it("streams the whole CSV in batches, every report exactly once, gzipped when accepted", async () => {
    const [account] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, people.reporter.email));
    const count = EXPORT_BATCH * 2 + 7;
    const start = Date.parse("2026-01-01T00:00:00.000Z");
    await database.db.insert(eyewitnessReports).values(
      Array.from({ length: count }, (_, index) => ({
        reporterId: account!.id,
        firstName: "Amina",
        lastName: "Bello",
        email: "amina.bello@example.org",
        commentType: "barrier" as const,
        comment: `Report ${index}, "quoted"\nsecond line`,
        publicComment: `Report ${index}, "quoted"\nsecond line`,
        status: "verified" as const,
        reviewedAt: new Date(start + index * 1000 + 500),
        // Some share a time: the batches' keys must still take each report once.
        createdAt: new Date(start + Math.floor(index / 3) * 1000),
      })),
    );

    const response = await get("reports.csv");
    expect(response.statusCode).toBe(200);
    // Streamed: no length known in advance.
    expect(response.headers["content-length"]).toBeUndefined();
    const rows = parse(response.body, { columns: true }) as Row[];
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.id)).size).toBe(count);
    expect(rows.map((row) => row.comment).sort()).toEqual(
      Array.from({ length: count }, (_, index) => `Report ${index}, "quoted"\nsecond line`).sort(),
    );
    expect(rows.every((row) => row.reporter_name === ANONYMOUS_REPORTER)).toBe(true);
    expect(response.body).not.toContain("Bello");

    const gzipped = await get("reports.csv", { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString("utf8")).toBe(response.body);
  });
});
