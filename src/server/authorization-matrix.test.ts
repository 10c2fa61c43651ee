import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import {
  bearer,
  login,
  signedInUser,
  testClock,
  testConfig,
  testPasswordHashing,
} from "../test/server/accounts";
import type { Database, DatabaseHandle } from "./db/database";
import {
  fieldParts,
  mediaPart,
  multipart,
  smallJpeg,
  submitReport,
  type SubmittedAnswer,
} from "../test/server/reports";
import { idOf, signedInAs } from "../test/server/roles";
import { pdfWithMetadata } from "../test/server/pdfs";
import { openTestDatabase, testDatabaseKinds } from "../test/server/databases";
import { seedAtStartUp } from "./datadesk/seed";
import { addressDetails } from "../test/server/datadesk";

// Who may call each API route: one row per route the server registers × anonymous, user, moderator,
// admin → the status each gets. Every caller sends a request valid enough that the guard, not input
// validation, decides; where the route is public, the row says what its answer means. A route added to
// the server without a row here fails the first test, and so does a row whose route is gone.

type Caller = "anonymous" | "user" | "moderator" | "admin";
const callers: Caller[] = ["anonymous", "user", "moderator", "admin"];

/** What the rows' requests need: accounts of each role, another user, and a photo of that user's report. */
interface Fixtures {
  bystanderId: number;
  bystanderEmail: string;
  photoId: string;
  /** Another of the bystander's reports, pending, for the review row (so the photo's report stays private). */
  reviewReportId: string;
  /** Two new corrections: the moderator decides on the first, the admin on the second. */
  correctionIds: [string, string];
  /** The public address of a document the admin uploaded. */
  documentAddress: string;
  /** Data desk changes: two an editor proposed (the admin publishes one, rejects the other), one the admin did. */
  editorChangeIds: [string, string];
  adminChangeId: string;
  /** An import of schools the editor proposed. */
  importChangeId: string;
}

interface Row {
  /** [anonymous, user, moderator, admin] */
  expected: [number, number, number, number];
  /** What is sent and why those statuses. */
  note: string;
  request: (fixtures: Fixtures, caller: Caller) => InjectOptions;
}

const password = "Kettle-Drum-42";

/** A document upload's form: a real PDF with its details. */
function documentUpload(title: string) {
  return multipart([
    { name: "title", value: title },
    { name: "publisher", value: "Kano State House of Assembly" },
    { name: "licence", value: "Public record" },
    { name: "sourceUrl", value: "https://kanostate.gov.ng/laws/disability-2018.pdf" },
    { name: "file", filename: "law.pdf", contentType: "application/pdf", data: pdfWithMetadata() },
  ]);
}
const accounts: Record<
  Exclude<Caller, "anonymous">,
  { email: string; firstname: string; lastname: string }
> = {
  user: { email: "amaka.user@example.org", firstname: "Amaka", lastname: "Obi" },
  moderator: { email: "ngozi.moderator@example.org", firstname: "Ngozi", lastname: "Eze" },
  admin: { email: "tunde.admin@example.org", firstname: "Tunde", lastname: "Okoro" },
};
const bystander = { email: "bola.bystander@example.org", firstname: "Bola", lastname: "Ade", password };
const editor = { email: "amina.editor@example.org", firstname: "Amina", lastname: "Bello" };
/** A change to a state's record with its source and note (the data desk's rules met). */
const stateEdit = (recordId: string, agency: string) => ({
  kind: "state",
  recordId,
  changeKind: "edit",
  fields: { agency },
  sourceUrl: "https://example.org/gazette",
  ...addressDetails,
  note: "From the state gazette.",
});
/** Well formed, but no such token was ever issued. */
const madeUpToken = "A".repeat(43);
/** A report id that no report has: reviewers find it unknown, never another report. */
const unknownReportId = "3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6f70";

const matrix: Record<string, Row> = {
  "GET /api/v1/health": {
    expected: [200, 200, 200, 200],
    note: "public: whether the database answers",
    request: () => ({ method: "GET", url: "/api/v1/health" }),
  },
  "GET /api/v1/openapi.json": {
    expected: [200, 200, 200, 200],
    note: "public: this API as an OpenAPI 3.1 document",
    request: () => ({ method: "GET", url: "/api/v1/openapi.json" }),
  },
  "GET /api/docs": {
    expected: [200, 200, 200, 200],
    note: "public: the API reference page",
    request: () => ({ method: "GET", url: "/api/docs" }),
  },
  "POST /api/v1/auth/register": {
    expected: [201, 201, 201, 201],
    note: "public: a valid registration (the same answer for a known address)",
    request: () => ({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { email: "newcomer@example.org", password, firstname: "New", lastname: "Comer" },
    }),
  },
  "POST /api/v1/auth/login": {
    expected: [200, 200, 200, 200],
    note: "public: the bystander's right credentials",
    request: () => ({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: bystander.email, password },
    }),
  },
  "POST /api/v1/auth/logout": {
    expected: [401, 200, 200, 200],
    note: "signed in: ends the caller's own session (each cell signs in afresh)",
    request: () => ({ method: "POST", url: "/api/v1/auth/logout" }),
  },
  "PATCH /api/v1/auth/update-profile": {
    expected: [401, 200, 200, 200],
    note: "signed in: the caller's own names",
    request: (_fixtures, caller) => ({
      method: "PATCH",
      url: "/api/v1/auth/update-profile",
      payload: caller === "anonymous" ? { firstname: "Any", lastname: "One" } : namesOf(caller),
    }),
  },
  "GET /api/v1/auth/verify-email/:token/registration": {
    expected: [400, 400, 400, 400],
    note: "public: a well-formed token never issued is refused alike for everyone",
    request: () => ({ method: "GET", url: `/api/v1/auth/verify-email/${madeUpToken}/registration` }),
  },
  "POST /api/v1/auth/verify-email": {
    expected: [400, 400, 400, 400],
    note: "public: a token never issued is refused alike for everyone, whatever comes with it",
    request: () => ({
      method: "POST",
      url: "/api/v1/auth/verify-email",
      payload: { token: madeUpToken, newPassword: "Brand-New-Drum-77" },
    }),
  },
  "POST /api/v1/auth/resend-verification": {
    expected: [200, 200, 200, 200],
    note: "public: the same answer for any address",
    request: (fixtures) => ({
      method: "POST",
      url: "/api/v1/auth/resend-verification",
      payload: { email: fixtures.bystanderEmail },
    }),
  },
  "POST /api/v1/auth/request-password-reset": {
    expected: [200, 200, 200, 200],
    note: "public: the same answer for any address",
    request: (fixtures) => ({
      method: "POST",
      url: "/api/v1/auth/request-password-reset",
      payload: { email: fixtures.bystanderEmail },
    }),
  },
  "POST /api/v1/auth/reset-password": {
    expected: [400, 400, 400, 400],
    note: "public: a strong password with a token never issued is refused alike for everyone",
    request: () => ({
      method: "POST",
      url: "/api/v1/auth/reset-password",
      payload: { token: madeUpToken, newPassword: "Brand-New-Drum-77" },
    }),
  },
  "POST /api/v1/eyewitness": {
    expected: [401, 201, 201, 201],
    note: "report:submit: a complete report without media",
    request: () => {
      const body = multipart(fieldParts());
      return { method: "POST", url: "/api/v1/eyewitness", payload: body.payload, headers: body.headers };
    },
  },
  "GET /api/v1/eyewitness/mine": {
    expected: [401, 200, 200, 200],
    note: "report:read-own: the caller's own reports",
    request: () => ({ method: "GET", url: "/api/v1/eyewitness/mine" }),
  },
  "GET /api/v1/eyewitness/reviews": {
    expected: [401, 403, 200, 200],
    note: "report:review: the pending queue, with reporters' names and e-mail addresses",
    request: () => ({ method: "GET", url: "/api/v1/eyewitness/reviews" }),
  },
  "PATCH /api/v1/eyewitness/:id/review": {
    expected: [401, 403, 200, 200],
    note: "report:review: the moderator verifies the bystander's report, then the admin unpublishes it",
    request: (fixtures, caller) => ({
      method: "PATCH",
      url: `/api/v1/eyewitness/${fixtures.reviewReportId}/review`,
      payload:
        caller === "admin"
          ? { status: "pending", fromStatus: "verified", note: "" }
          : { status: "verified", fromStatus: "pending", note: "Checked with the terminal's manager." },
    }),
  },
  "GET /api/v1/eyewitness/:id/review": {
    expected: [401, 403, 200, 200],
    note: "report:review: one report with its original text, findings and public preview",
    request: (fixtures) => ({ method: "GET", url: `/api/v1/eyewitness/${fixtures.reviewReportId}/review` }),
  },
  "POST /api/v1/eyewitness/:id/public-text": {
    expected: [401, 403, 404, 404],
    note: "report:review: a change to a report's public text (this id is none, so 404 for reviewers)",
    request: () => ({
      method: "POST",
      url: `/api/v1/eyewitness/${unknownReportId}/public-text`,
      payload: { basedOn: "text", text: "public text" },
    }),
  },
  "POST /api/v1/eyewitness/:id/media/:mediaId/hidden": {
    expected: [401, 403, 404, 404],
    note: "report:review: hide a report's photo from the public (no such report: 404 for reviewers)",
    request: () => ({
      method: "POST",
      url: `/api/v1/eyewitness/${unknownReportId}/media/${unknownReportId}/hidden`,
      payload: { hidden: true },
    }),
  },
  "POST /api/v1/eyewitness/:id/media/:mediaId/blur": {
    expected: [401, 403, 404, 404],
    note: "report:review: blur parts of a report's photo (no such report: 404 for reviewers)",
    request: () => ({
      method: "POST",
      url: `/api/v1/eyewitness/${unknownReportId}/media/${unknownReportId}/blur`,
      payload: { rectangles: [] },
    }),
  },
  "POST /api/v1/eyewitness/:id/transcript": {
    expected: [401, 403, 404, 404],
    note: "report:review: write what a WhatsApp voice note says (no such report: 404 for reviewers)",
    request: () => ({
      method: "POST",
      url: `/api/v1/eyewitness/${unknownReportId}/transcript`,
      payload: { transcript: "The ramp at the clinic's door is too steep for a wheelchair." },
    }),
  },
  "POST /api/v1/eyewitness/:id/details": {
    expected: [401, 403, 404, 404],
    note: "report:review: complete a phone report's state, LGA, type and date (no such report: 404 for reviewers)",
    request: () => ({
      method: "POST",
      url: `/api/v1/eyewitness/${unknownReportId}/details`,
      payload: {
        stateId: 25,
        lga: "Ikeja",
        commentType: "barrier",
        occurredOn: "2026-03-01",
        precision: "lga",
      },
    }),
  },
  "GET /api/v1/eyewitness/:id/history": {
    expected: [401, 403, 200, 200],
    note: "report:review: who did what to a report",
    request: (fixtures) => ({ method: "GET", url: `/api/v1/eyewitness/${fixtures.reviewReportId}/history` }),
  },
  "POST /api/v1/eyewitness/:id/withdraw": {
    expected: [401, 404, 404, 404],
    note: "the reporter only: anyone else's withdrawal finds no such report",
    request: () => ({ method: "POST", url: `/api/v1/eyewitness/${unknownReportId}/withdraw` }),
  },
  "GET /api/v1/eyewitness/published": {
    expected: [200, 200, 200, 200],
    note: "public: verified reports, without any reporter's e-mail or last name",
    request: () => ({ method: "GET", url: "/api/v1/eyewitness/published" }),
  },
  "GET /api/v1/eyewitness/published/counts": {
    expected: [200, 200, 200, 200],
    note: "public: how many verified reports each state has",
    request: () => ({ method: "GET", url: "/api/v1/eyewitness/published/counts" }),
  },
  "GET /api/v1/eyewitness/published/:id": {
    expected: [404, 404, 404, 404],
    note: "public: one verified report (this id is none, so 404 for everyone, never 401)",
    request: () => ({
      method: "GET",
      url: "/api/v1/eyewitness/published/3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6f70",
    }),
  },
  "GET /api/v1/open": {
    expected: [200, 200, 200, 200],
    note: "public: the open-data catalogue",
    request: () => ({ method: "GET", url: "/api/v1/open" }),
  },
  "GET /api/v1/open/datapackage.json": {
    expected: [200, 200, 200, 200],
    note: "public: the open data as a Frictionless data package",
    request: () => ({ method: "GET", url: "/api/v1/open/datapackage.json" }),
  },
  "GET /api/v1/open/:file": {
    expected: [200, 200, 200, 200],
    note: "public: verified reports as open data, without any reporter's e-mail or last name",
    request: () => ({ method: "GET", url: "/api/v1/open/reports.csv" }),
  },
  "OPTIONS /api/v1/open/:file": {
    expected: [204, 204, 204, 204],
    note: "public: the CORS preflight of open data",
    request: () => ({ method: "OPTIONS", url: "/api/v1/open/states.json" }),
  },
  "GET /api/v1/open/changes.json": {
    expected: [200, 200, 200, 200],
    note: "public: the published changes, never an editor's name",
    request: () => ({ method: "GET", url: "/api/v1/open/changes.json?state=lagos" }),
  },
  "GET /api/v1/open/changes.atom": {
    expected: [200, 200, 200, 200],
    note: "public: the published changes as an Atom feed",
    request: () => ({ method: "GET", url: "/api/v1/open/changes.atom" }),
  },
  "GET /api/v1/open/history/:kind/:id": {
    expected: [200, 200, 200, 200],
    note: "public: one record's published changes, never an editor's name",
    request: () => ({ method: "GET", url: "/api/v1/open/history/state/25" }),
  },
  "GET /media/:id": {
    expected: [404, 404, 200, 200],
    note: "media:read-any: the bystander's photo; others get 404, as for a file that does not exist",
    request: (fixtures) => ({ method: "GET", url: `/media/${fixtures.photoId}` }),
  },
  "GET /api/v1/roles/users": {
    expected: [401, 403, 200, 200],
    note: "users:list",
    request: () => ({ method: "GET", url: "/api/v1/roles/users" }),
  },
  "GET /api/v1/roles/roles": {
    expected: [401, 200, 200, 200],
    note: "signed in",
    request: () => ({ method: "GET", url: "/api/v1/roles/roles" }),
  },
  "PATCH /api/v1/roles/update-role": {
    expected: [401, 403, 403, 200],
    note: "roles:change: make the bystander a moderator",
    request: (fixtures) => ({
      method: "PATCH",
      url: "/api/v1/roles/update-role",
      payload: { userId: fixtures.bystanderId, role: "moderator" },
    }),
  },
  "POST /api/v1/corrections": {
    expected: [201, 201, 201, 201],
    note: "anyone, signed in or not: a correction to a state record",
    request: () => ({
      method: "POST",
      url: "/api/v1/corrections",
      payload: { subject: "state", subjectId: 25, whatIsWrong: "The law's year should be 2011, not 2012." },
    }),
  },
  "GET /api/v1/corrections": {
    expected: [401, 403, 200, 200],
    note: "correction:read (moderators, editors, admins): the queue; senders' addresses for correction:review only",
    request: () => ({ method: "GET", url: "/api/v1/corrections" }),
  },
  "GET /api/v1/corrections/:id": {
    expected: [401, 403, 403, 200],
    note: "data:propose (editors and admins): one correction, to start a data desk change from it",
    request: (fixtures) => ({ method: "GET", url: `/api/v1/corrections/${fixtures.correctionIds[0]}` }),
  },
  "PATCH /api/v1/corrections/:id": {
    expected: [401, 403, 200, 200],
    note: "correction:review: the moderator accepts one correction, the admin dismisses another",
    request: (fixtures, caller) => ({
      method: "PATCH",
      url: `/api/v1/corrections/${fixtures.correctionIds[caller === "admin" ? 1 : 0]}`,
      payload: { status: caller === "admin" ? "dismissed" : "accepted" },
    }),
  },
  "POST /api/v1/datadesk/documents": {
    expected: [401, 403, 403, 201],
    note: "data:propose (editors and admins): a PDF with its details",
    request: () => {
      const body = documentUpload("Kano State Disability Rights Law 2018");
      return {
        method: "POST",
        url: "/api/v1/datadesk/documents",
        payload: body.payload,
        headers: body.headers,
      };
    },
  },
  "GET /api/v1/datadesk/documents": {
    expected: [401, 403, 403, 200],
    note: "data:propose (editors and admins): the uploaded documents",
    request: () => ({ method: "GET", url: "/api/v1/datadesk/documents" }),
  },
  "GET /documents/:id/:fileName": {
    expected: [200, 200, 200, 200],
    note: "public: an uploaded document at its address",
    request: (fixtures) => ({ method: "GET", url: fixtures.documentAddress }),
  },
  "GET /api/v1/datadesk/records": {
    expected: [401, 403, 403, 200],
    note: "data:propose: editors and admins find records by name",
    request: () => ({ method: "GET", url: "/api/v1/datadesk/records?kind=state&q=lagos" }),
  },
  "GET /api/v1/datadesk/records/:kind/:id": {
    expected: [401, 403, 403, 200],
    note: "data:propose: one record with its fields and proposed changes",
    request: () => ({ method: "GET", url: "/api/v1/datadesk/records/state/25" }),
  },
  "POST /api/v1/datadesk/changes": {
    expected: [401, 403, 403, 201],
    note: "data:propose: a valid change to Lagos's agency",
    request: () => ({
      method: "POST",
      url: "/api/v1/datadesk/changes",
      payload: stateEdit("25", "Lagos State Office for Disability Affairs, renamed in 2026"),
    }),
  },
  "GET /api/v1/datadesk/changes": {
    expected: [401, 403, 403, 200],
    note: "data:propose: the review queue, with its authors' names",
    request: () => ({ method: "GET", url: "/api/v1/datadesk/changes" }),
  },
  "POST /api/v1/datadesk/changes/:id/publish": {
    expected: [401, 403, 403, 200],
    note: "data:publish: the admin publishes the editor's change",
    request: (fixtures) => ({
      method: "POST",
      url: `/api/v1/datadesk/changes/${fixtures.editorChangeIds[0]}/publish`,
    }),
  },
  "POST /api/v1/datadesk/changes/:id/reject": {
    expected: [401, 403, 403, 200],
    note: "data:publish: the admin rejects the editor's other change with a reason",
    request: (fixtures) => ({
      method: "POST",
      url: `/api/v1/datadesk/changes/${fixtures.editorChangeIds[1]}/reject`,
      payload: { reason: "The gazette says otherwise." },
    }),
  },
  "POST /api/v1/datadesk/imports": {
    expected: [401, 403, 403, 201],
    note: "data:propose: the admin proposes an import of one new school (a CSV with schools.csv's columns)",
    request: () => ({
      method: "POST",
      url: "/api/v1/datadesk/imports",
      payload: {
        csv: "id,name,state\r\n,Matrix Inclusive School,Kano\r\n",
        sourceUrl: "https://education.kano.gov.ng/schools",
        ...addressDetails,
        note: "The ministry's list of schools.",
      },
    }),
  },
  "GET /api/v1/datadesk/changes/:id/import-rows": {
    expected: [401, 403, 403, 200],
    note: "data:propose: a page of the schools of the editor's import",
    request: (fixtures) => ({
      method: "GET",
      url: `/api/v1/datadesk/changes/${fixtures.importChangeId}/import-rows?page=1`,
    }),
  },
  "POST /api/v1/datadesk/changes/:id/withdraw": {
    expected: [401, 403, 403, 200],
    note: "data:propose: the admin withdraws their own change",
    request: (fixtures) => ({
      method: "POST",
      url: `/api/v1/datadesk/changes/${fixtures.adminChangeId}/withdraw`,
    }),
  },
  "GET /api/v1/roles/audit": {
    expected: [401, 403, 403, 200],
    note: "audit:read",
    request: () => ({ method: "GET", url: "/api/v1/roles/audit" }),
  },
};

/** Routes that are not endpoints: the 404 answers for unknown API paths, and the web app's pages. */
const catchAlls = new Set(["/api/*", "/api/v1/*", "/*"]);

/** "METHOD /url" of every endpoint, without Fastify's automatic HEAD twins or trailing-slash twins. */
function endpointsOf(routes: RouteOptions[]): string[] {
  const endpoints = new Set<string>();
  for (const route of routes) {
    const url = route.url.length > 1 ? route.url.replace(/\/$/, "") : route.url;
    if (catchAlls.has(url)) continue;
    for (const method of [route.method].flat()) endpoints.add(`${method} ${url}`);
  }
  return [...endpoints]
    .filter((endpoint) => !endpoint.startsWith("HEAD ") || !endpoints.has(endpoint.replace(/^HEAD/, "GET")))
    .sort();
}

/** "GET /media/:id" → a pattern matching "GET /media/<anything but a slash>" (query string allowed). */
function routePattern(route: string): RegExp {
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/?]+");
  return new RegExp(`^${escaped}(\\?.*)?$`);
}

function namesOf(caller: Exclude<Caller, "anonymous">) {
  return { firstname: accounts[caller].firstname, lastname: accounts[caller].lastname };
}

describe.each(testDatabaseKinds())("who may call each API route, on %s", (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let db: Database;
  let uploadsDir: string;
  let fixtures: Fixtures;
  const registered: RouteOptions[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Open data is made from the published data, as a first start-up seeds it.
    await seedAtStartUp(database.db, new Date());
    db = database.db;
    uploadsDir = await mkdtemp(path.join(tmpdir(), "ia-matrix-"));
    const clock = testClock();
    app = await buildApp({
      config: testConfig({ uploadsDir, reportRateLimitMax: 1000 }),
      database,
      serveWeb: false,
      accounts: {
        clock: clock.now,
        passwordHashing: testPasswordHashing,
        sameAnswerTimeMs: 0,
      },
      onRoute: (route) => registered.push(route),
    });

    const t = { app, db, clock };
    for (const caller of ["user", "moderator", "admin"] as const) {
      await signedInAs(t, caller, accounts[caller]);
    }
    const bystanderToken = await signedInUser(app, db, bystander);
    const submitted = await submitReport(app, bystanderToken, [
      ...fieldParts(),
      mediaPart("ramp.jpg", "image/jpeg", await smallJpeg()),
    ]);
    if (submitted.statusCode !== 201)
      throw new Error(`the bystander's report answered ${submitted.statusCode}`);
    const photo = submitted.json<SubmittedAnswer>().report.media[0];
    if (!photo) throw new Error("the bystander's report has no photo");
    const toReview = await submitReport(app, bystanderToken, fieldParts());
    if (toReview.statusCode !== 201)
      throw new Error(`the bystander's second report answered ${toReview.statusCode}`);
    const correctionIds: string[] = [];
    for (const subjectId of [1, 2]) {
      const sent = await app.inject({
        method: "POST",
        url: "/api/v1/corrections",
        payload: { subject: "state", subjectId, whatIsWrong: "The agency's name is out of date." },
      });
      if (sent.statusCode !== 201) throw new Error(`a correction answered ${sent.statusCode}`);
    }
    const queue = await app.inject({
      method: "GET",
      url: "/api/v1/corrections",
      headers: bearer(
        await login(app, { email: accounts.admin.email, password }).then(
          (r) => r.json<{ token: string }>().token,
        ),
      ),
    });
    for (const correction of queue.json<{ corrections: { id: string }[] }>().corrections) {
      correctionIds.push(correction.id);
    }
    if (correctionIds.length !== 2) throw new Error("the corrections were not listed");
    const adminToken = await sessionOf(app, accounts.admin.email);
    const document = documentUpload("National Policy on Disability");
    const uploaded = await app.inject({
      method: "POST",
      url: "/api/v1/datadesk/documents",
      payload: document.payload,
      headers: { ...document.headers, ...bearer(adminToken) },
    });
    if (uploaded.statusCode !== 201) throw new Error(`the document upload answered ${uploaded.statusCode}`);
    const editorToken = await signedInAs(t, "editor", editor);
    const changeIds: string[] = [];
    for (const [token, recordId] of [
      [editorToken, "1"],
      [editorToken, "2"],
      [adminToken, "3"],
    ] as const) {
      const proposed = await app.inject({
        method: "POST",
        url: "/api/v1/datadesk/changes",
        headers: bearer(token),
        payload: stateEdit(recordId, "The state's disability commission"),
      });
      if (proposed.statusCode !== 201) throw new Error(`a data desk change answered ${proposed.statusCode}`);
      changeIds.push(proposed.json<{ change: { id: string } }>().change.id);
    }
    const imported = await app.inject({
      method: "POST",
      url: "/api/v1/datadesk/imports",
      headers: bearer(editorToken),
      payload: {
        csv: "id,name,state\r\n,Matrix Import Fixture School,Kano\r\n",
        sourceUrl: "https://education.kano.gov.ng/schools",
        ...addressDetails,
        note: "The ministry's list of schools.",
      },
    });
    if (imported.statusCode !== 201) throw new Error(`the import answered ${imported.statusCode}`);
    fixtures = {
      importChangeId: imported.json<{ change: { id: string } }>().change.id,
      correctionIds: [correctionIds[0]!, correctionIds[1]!],
      editorChangeIds: [changeIds[0]!, changeIds[1]!],
      adminChangeId: changeIds[2]!,
      bystanderId: await idOf(db, bystander.email),
      bystanderEmail: bystander.email,
      photoId: photo.id,
      reviewReportId: toReview.json<SubmittedAnswer>().report.id,
      documentAddress: uploaded.json<{ document: { address: string } }>().document.address,
    };
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it("has a row for every route the server registers, and a registered route for every row", () => {
    const endpoints = endpointsOf(registered);
    const rows = Object.keys(matrix).sort();

    expect({
      "routes without a row (add one to the matrix)": endpoints.filter(
        (endpoint) => !rows.includes(endpoint),
      ),
      "rows whose route the server does not have": rows.filter((row) => !endpoints.includes(row)),
    }).toEqual({
      "routes without a row (add one to the matrix)": [],
      "rows whose route the server does not have": [],
    });
  });

  it.each(Object.keys(matrix))("%s", async (route) => {
    const row = matrix[route]!;
    const statuses: number[] = [];
    for (const caller of callers) {
      const request = row.request(fixtures, caller);
      expect(`${request.method} ${String(request.url)}`, "the row's request goes to its route").toMatch(
        routePattern(route),
      );
      // A fresh session per caller, so a logout in one cell never affects another.
      const headers = caller === "anonymous" ? {} : bearer(await sessionOf(app, accounts[caller].email));
      const response = await app.inject({ ...request, headers: { ...request.headers, ...headers } });
      statuses.push(response.statusCode);
    }
    expect(Object.fromEntries(callers.map((caller, index) => [caller, statuses[index]])), row.note).toEqual(
      Object.fromEntries(callers.map((caller, index) => [caller, row.expected[index]])),
    );
  });
});

async function sessionOf(app: FastifyInstance, email: string): Promise<string> {
  const response = await login(app, { email, password });
  if (response.statusCode !== 200) throw new Error(`login of ${email} answered ${response.statusCode}`);
  return response.json<{ token: string }>().token;
}
