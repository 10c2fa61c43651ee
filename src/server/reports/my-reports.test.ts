import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OwnReportView } from "../../domain/reports/report-rules";
import { alice, bearer, emptyTables, signedInUser } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  buildReportsTestApp,
  emptyUploads,
  fieldParts,
  mediaPart,
  smallJpeg,
  submitReport,
  type ReportsTestApp,
} from "../../test/server/reports";

// GET /api/v1/eyewitness/mine: the signed-in user's own reports, newest first, a page at a time.

interface MineAnswer {
  success: boolean;
  reports: OwnReportView[];
  meta: { total: number; page: number; per_page: number; last_page: number };
}

describe.each(testDatabaseKinds())("my reports on %s", (kind) => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let token: string;

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
    token = await signedInUser(t.app, t.db);
  });

  const mine = (query = "", as = token) =>
    t.app.inject({ method: "GET", url: `/api/v1/eyewitness/mine${query}`, headers: bearer(as) });

  it("lists the user's own reports, newest first, with their status and media", async () => {
    const jpeg = await smallJpeg();
    await submitReport(t.app, token, fieldParts({ comment: "First", commentType: "question" }));
    await submitReport(t.app, token, [
      ...fieldParts({ comment: "Second" }),
      mediaPart("a.jpg", "image/jpeg", jpeg),
      mediaPart("b.jpg", "image/jpeg", jpeg),
    ]);
    const someoneElse = await signedInUser(t.app, t.db, { ...alice, email: "bola@example.org" });
    await submitReport(t.app, someoneElse, fieldParts({ comment: "Not Alice's" }));

    const response = await mine();

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json<MineAnswer>();
    expect(body.success).toBe(true);
    expect(body.meta).toEqual({ total: 2, page: 1, per_page: 20, last_page: 1 });
    expect(body.reports.map((report) => [report.comment, report.commentType, report.status])).toEqual([
      ["Second", "barrier", "pending"],
      ["First", "question", "pending"],
    ]);
    const [second] = body.reports;
    expect(second!.media).toHaveLength(2);
    for (const media of second!.media) {
      expect(media).toEqual({
        id: expect.any(String),
        kind: "photo",
        contentType: "image/jpeg",
        bytes: expect.any(Number),
        url: expect.stringMatching(new RegExp(`^/media/${media.id}\\?u=\\d+&exp=\\d+&sig=[\\w-]{43}$`)),
        description: null,
        width: expect.any(Number),
        height: expect.any(Number),
        variants: [],
      });
    }
    expect(Date.parse(second!.createdAt)).toBeGreaterThan(Date.parse(body.reports[1]!.createdAt));
  });

  it("pages through the reports", async () => {
    for (const comment of ["one", "two", "three"]) await submitReport(t.app, token, fieldParts({ comment }));

    const first = (await mine("?per_page=2")).json<MineAnswer>();
    const second = (await mine("?page=2&per_page=2")).json<MineAnswer>();
    const beyond = (await mine("?page=3&per_page=2")).json<MineAnswer>();

    expect(first.reports.map((report) => report.comment)).toEqual(["three", "two"]);
    expect(first.meta).toEqual({ total: 3, page: 1, per_page: 2, last_page: 2 });
    expect(second.reports.map((report) => report.comment)).toEqual(["one"]);
    expect(beyond.reports).toEqual([]);
  });

  it("answers an empty list when the user has sent nothing", async () => {
    expect((await mine()).json()).toEqual({
      success: true,
      reports: [],
      meta: { total: 0, page: 1, per_page: 20, last_page: 1 },
    });
  });

  it("refuses a page that is not a whole number, and anyone not signed in", async () => {
    for (const [query, field] of [
      ["?page=0", "page"],
      ["?page=two", "page"],
      ["?per_page=101", "per_page"],
      ["?per_page=-1", "per_page"],
    ]) {
      const response = await mine(query);
      expect(response.statusCode).toBe(400);
      expect(response.json(), query).toEqual({
        success: false,
        code: "VALIDATION_FAILED",
        field,
        message: expect.stringMatching(/must be a whole number/),
        problem: { key: "code.VALIDATION_FAILED", params: {} },
      });
    }
    const anonymous = await t.app.inject({ method: "GET", url: "/api/v1/eyewitness/mine" });
    expect(anonymous.statusCode).toBe(401);
  });
});
