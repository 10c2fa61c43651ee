import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { alice, emptyTables, signedInUser } from "../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  buildReportsTestApp,
  emptyUploads,
  fieldParts,
  filesIn,
  mediaPart,
  smallJpeg,
  submitReport,
  type Part,
  type ReportsTestApp,
  type SubmittedAnswer,
} from "../../test/server/reports";
import type { DatabaseHandle } from "../db/database";
import { eyewitnessReports, reportMedia } from "../db/schema";

// POST /api/v1/eyewitness with an Idempotency-Key: a phone that retries after a lost answer sends the same
// key again and must get the report it already made, never a second one (nor a second copy of its photos).

describe.each(testDatabaseKinds())("a retried report on %s", (kind) => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  let token: string;
  let withPhoto: Part[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildReportsTestApp(database);
    withPhoto = [...fieldParts(), mediaPart("ramp.jpg", "image/jpeg", await smallJpeg())];
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

  const send = (key: string, as = token) => submitReport(t.app, as, withPhoto, { "idempotency-key": key });
  const reportRows = () => t.db.select({ id: eyewitnessReports.id }).from(eyewitnessReports);
  const mediaRows = () => t.db.select({ id: reportMedia.id }).from(reportMedia);

  it("stores a report once when the same key is sent twice, and answers the retry like the first try", async () => {
    const key = randomUUID();
    const first = await send(key);
    const filesAfterFirst = await filesIn(t);
    const retry = await send(key);

    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["cache-control"]).toBe("no-store");
    const firstReport = first.json<SubmittedAnswer>().report;
    const retried = retry.json<SubmittedAnswer>();
    expect(retried.success).toBe(true);
    expect(retried.message).toBe(first.json<SubmittedAnswer>().message);
    expect(retried.report.id).toBe(firstReport.id);
    expect(retried.report.media.map((media) => media.id)).toEqual(firstReport.media.map((media) => media.id));
    expect(await reportRows()).toEqual([{ id: firstReport.id }]);
    expect(await mediaRows()).toHaveLength(1);
    expect(await filesIn(t)).toEqual(filesAfterFirst);
  });

  it("stores one report when two tries with the same key arrive together", async () => {
    const key = randomUUID();
    const answers = await Promise.all([send(key), send(key)]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const ids = answers.map((answer) => answer.json<SubmittedAnswer>().report.id);
    expect(ids[0]).toBe(ids[1]);
    expect(await reportRows()).toHaveLength(1);
    expect(await mediaRows()).toHaveLength(1);
  });

  it("stores two reports for two keys, and for reports sent without a key", async () => {
    const first = await send(randomUUID());
    const second = await send(randomUUID());
    const unkeyed = await submitReport(t.app, token, fieldParts());
    const unkeyedAgain = await submitReport(t.app, token, fieldParts());

    for (const answer of [first, second, unkeyed, unkeyedAgain]) expect(answer.statusCode).toBe(201);
    expect(first.json<SubmittedAnswer>().report.id).not.toBe(second.json<SubmittedAnswer>().report.id);
    expect(await reportRows()).toHaveLength(4);
  });

  it("never gives one reporter's report to another who sends the same key", async () => {
    const key = randomUUID();
    const bola = await signedInUser(t.app, t.db, { ...alice, email: "bola@example.org" });
    const mine = await send(key);
    const theirs = await send(key, bola);

    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<SubmittedAnswer>().report.id).not.toBe(mine.json<SubmittedAnswer>().report.id);
    const rows = await t.db
      .select({ id: eyewitnessReports.id })
      .from(eyewitnessReports)
      .where(eq(eyewitnessReports.idempotencyKey, key));
    expect(rows).toHaveLength(2);
  });

  it("refuses a key that is not 16-128 letters, digits, '-' or '_'", async () => {
    const answer = await send("short key!");

    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, code: "VALIDATION_FAILED" });
    expect(await reportRows()).toHaveLength(0);
  });
});
