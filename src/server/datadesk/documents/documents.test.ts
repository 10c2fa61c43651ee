import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentView } from "../../../domain/api/documents";
import { errorCodeForStatus } from "../../../domain/api/shared";
import { DOCUMENT_MAX_BYTES, documentAddress, documentMessages } from "../../../domain/datadesk/documents";
import { bearer } from "../../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../../test/server/databases";
import { pdfIdentity, pdfPageText, pdfWithMetadata, readPdf } from "../../../test/server/pdfs";
import {
  buildReportsTestApp,
  filesIn,
  multipart,
  readStored,
  signedInAs,
  testMediaStore,
  type Part,
  type ReportsTestApp,
} from "../../../test/server/reports";
import type { DatabaseHandle } from "../../db/database";
import { dataDocuments } from "../../db/schema";
import { sweepOrphanMedia } from "../../media/orphan-sweep";

// Documents of the data desk: an editor's PDF upload (type by content, size limit, metadata removed
// before it is stored), the editors' list, and the public address that serves the stored file. On the
// uploads folder, or with TEST_MEDIA_STORE=s3 on an S3 bucket (a real S3-protocol server).

const details = {
  title: "Kano State Disability Rights Law 2018",
  publisher: "Kano State House of Assembly",
  date: "2018-05-12",
  licence: "Public record of the Kano State Government",
  sourceUrl: "https://kanostate.gov.ng/laws/disability-2018.pdf",
};

type Details = Partial<Record<keyof typeof details, string>>;

function uploadBody(file: Buffer | null, changes: Details = {}, filename = "kano-law.pdf") {
  const fields = { ...details, ...changes };
  const parts: Part[] = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: "file", filename, contentType: "application/pdf", data: file });
  return multipart(parts);
}

describe.each(testDatabaseKinds())(`documents on %s (media store: ${testMediaStore})`, (kind) => {
  let database: DatabaseHandle;
  let t: ReportsTestApp;
  const tokens = { editor: "", admin: "", moderator: "", user: "" };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildReportsTestApp(database);
    tokens.editor = await signedInAs(t, "editor", {
      email: "halima.editor@example.org",
      firstname: "Halima",
      lastname: "Sule",
    });
    tokens.admin = await signedInAs(t, "admin", {
      email: "tunde.admin@example.org",
      firstname: "Tunde",
      lastname: "Okoro",
    });
    tokens.moderator = await signedInAs(t, "moderator", {
      email: "ngozi.moderator@example.org",
      firstname: "Ngozi",
      lastname: "Eze",
    });
    tokens.user = await signedInAs(t, "user", {
      email: "amaka.user@example.org",
      firstname: "Amaka",
      lastname: "Obi",
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  const upload = (token: string | null, file: Buffer | null, changes: Details = {}, filename?: string) => {
    const body = uploadBody(file, changes, filename);
    return t.app.inject({
      method: "POST",
      url: "/api/v1/datadesk/documents",
      payload: body.payload,
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    });
  };

  const stored = async () => ({
    rows: (await t.db.select({ id: dataDocuments.id }).from(dataDocuments)).length,
    files: await filesIn(t),
  });

  /** A refusal: the status, the sentence, the field, and nothing stored (no row, no file). */
  async function expectRefused(
    send: () => ReturnType<typeof upload>,
    status: number,
    message: string,
    field?: string,
    // The code's own problem unless the refusal has a more precise one.
    problem: object = { key: `code.${errorCodeForStatus(status)}`, params: {} },
  ) {
    const before = await stored();
    const response = await send();
    expect(response.json()).toEqual({
      success: false,
      message,
      code: errorCodeForStatus(status),
      ...(field ? { field } : {}),
      problem,
    });
    expect(response.statusCode).toBe(status);
    expect(await stored()).toEqual(before);
  }

  describe("an editor's upload", () => {
    let document: DocumentView;
    let original: Buffer;
    let storedFile: Buffer;

    beforeAll(async () => {
      original = pdfWithMetadata({ incrementalUpdate: true });
      const response = await upload(tokens.editor, original);
      expect(response.statusCode, response.body).toBe(201);
      document = response.json<{ document: DocumentView }>().document;
      const [row] = await t.db.select().from(dataDocuments);
      storedFile = await readStored(t, row!.storageKey);
    });

    it("is stored with its details, under a generated key in the media store", async () => {
      expect(document).toMatchObject({
        title: details.title,
        publisher: details.publisher,
        publishedOn: details.date,
        licence: details.licence,
        sourceUrl: details.sourceUrl,
        fileName: "kano-state-disability-rights-law-2018.pdf",
        contentType: "application/pdf",
        bytes: storedFile.length,
        sha256: createHash("sha256").update(storedFile).digest("hex"),
      });
      expect(document.address).toBe(documentAddress(document));
      const [row] = await t.db.select().from(dataDocuments);
      expect(row!.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
      expect(await filesIn(t)).toEqual([row!.storageKey]);
    });

    it("has no Author, Creator, Producer nor XMP metadata, and still opens", () => {
      const read = readPdf(storedFile);
      for (const value of Object.values(pdfIdentity)) expect(read.everything).not.toContain(value);
      expect(read.everything).not.toMatch(/\/(Author|Creator|Producer)\b/);
      expect(read.everything).not.toMatch(/\/Metadata\s+\d+\s+\d+\s+R/);
      expect(read.everything).not.toContain("xpacket");
      expect(read.pageText).toBe(pdfPageText);
      expect(readPdf(original).everything).toContain(pdfIdentity.author);
    });

    it("is served at its public address: the same bytes, as an inline PDF kept for a year", async () => {
      const response = await t.app.inject({ method: "GET", url: document.address });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(storedFile)).toBe(true);
      expect(response.headers).toMatchObject({
        "content-type": "application/pdf",
        "content-disposition": 'inline; filename="kano-state-disability-rights-law-2018.pdf"',
        "x-content-type-options": "nosniff",
        // Chrome's PDF viewer works only without the API's default-src 'none'.
        "content-security-policy": "frame-ancestors 'self'",
        "cache-control": "public, max-age=31536000, immutable",
        "accept-ranges": "bytes",
        "content-length": String(storedFile.length),
      });
      expect(response.headers.etag).toBeTypeOf("string");
    });

    it("answers a Range request with that part, a current copy with 304, and HEAD without a body", async () => {
      const part = await t.app.inject({
        method: "GET",
        url: document.address,
        headers: { range: "bytes=0-99" },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes 0-99/${storedFile.length}`);
      expect(part.rawPayload.equals(storedFile.subarray(0, 100))).toBe(true);

      const first = await t.app.inject({ method: "GET", url: document.address });
      const again = await t.app.inject({
        method: "GET",
        url: document.address,
        headers: { "if-none-match": String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);

      const head = await t.app.inject({ method: "HEAD", url: document.address });
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-length"]).toBe(String(storedFile.length));
      expect(head.rawPayload.length).toBe(0);
    });

    it("is 404 at an unknown id, a malformed id or another file name", async () => {
      for (const url of [
        "/documents/3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6f70/kano-state-disability-rights-law-2018.pdf",
        "/documents/not-an-id/kano-state-disability-rights-law-2018.pdf",
        `/documents/${document.id}/another-name.pdf`,
      ]) {
        const response = await t.app.inject({ method: "GET", url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({
          success: false,
          message: documentMessages.notFound,
          code: "NOT_FOUND",
          problem: { key: "code.NOT_FOUND", params: {} },
        });
      }
    });

    it("is listed for editors and admins, newest first", async () => {
      const second = await upload(tokens.admin, pdfWithMetadata({ objectStreams: true }), {
        title: "National Policy on Disability",
        publisher: "Federal Ministry of Humanitarian Affairs",
        date: "",
      });
      expect(second.statusCode, second.body).toBe(201);
      for (const token of [tokens.editor, tokens.admin]) {
        const response = await t.app.inject({
          method: "GET",
          url: "/api/v1/datadesk/documents",
          headers: bearer(token),
        });
        expect(response.statusCode).toBe(200);
        const { documents } = response.json<{ documents: DocumentView[] }>();
        expect(documents.map((listed) => [listed.title, listed.publishedOn])).toEqual([
          ["National Policy on Disability", null],
          [details.title, details.date],
        ]);
      }
    });

    it("stays when the sweep of orphan media files runs, long after", async () => {
      const storage = await t.openStore();
      try {
        const later = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
        await sweepOrphanMedia(storage, t.db, later, 60 * 60 * 1000);
      } finally {
        await storage.close();
      }
      const response = await t.app.inject({ method: "GET", url: document.address });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(storedFile)).toBe(true);
    });
  });

  describe("refused", () => {
    it("refuses an HTML page renamed to .pdf with 415", async () => {
      const html = Buffer.from(
        "<!doctype html><html><head><title>Kano law</title></head><body><p>The law</p></body></html>",
      );
      await expectRefused(
        () => upload(tokens.editor, html, {}, "kano-law.pdf"),
        415,
        documentMessages.notPdf("kano-law.pdf"),
        "file",
      );
    });

    it("refuses a file of 26 MB with 413, unread", async () => {
      const big = pdfWithMetadata({ padTo: 26 * 1024 * 1024 });
      await expectRefused(() => upload(tokens.editor, big), 413, documentMessages.tooLarge);
    });

    it("stops reading a PDF at 25 MB and refuses it with 413", async () => {
      const justOver = pdfWithMetadata({ padTo: DOCUMENT_MAX_BYTES + 2048 });
      expect(justOver.length).toBeGreaterThan(DOCUMENT_MAX_BYTES);
      expect(justOver.length).toBeLessThan(DOCUMENT_MAX_BYTES + 1024 * 1024);
      await expectRefused(() => upload(tokens.editor, justOver), 413, documentMessages.tooLarge, "file");
    });

    it("refuses anyone but editors and admins: a user and a moderator 403, an anonymous caller 401", async () => {
      const pdf = pdfWithMetadata();
      for (const token of [tokens.user, tokens.moderator]) {
        await expectRefused(
          () => upload(token, pdf),
          403,
          "You do not have permission to do that.",
          undefined,
          {
            key: "account.notAllowed",
            params: {},
          },
        );
        const list = await t.app.inject({
          method: "GET",
          url: "/api/v1/datadesk/documents",
          headers: bearer(token),
        });
        expect(list.statusCode).toBe(403);
      }
      const before = await stored();
      const anonymous = await upload(null, pdf);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: "UNAUTHENTICATED" });
      expect(await stored()).toEqual(before);
      const list = await t.app.inject({ method: "GET", url: "/api/v1/datadesk/documents" });
      expect(list.statusCode).toBe(401);
    });

    it("refuses missing or wrong details with a sentence naming the field", async () => {
      const pdf = pdfWithMetadata();
      const cases: [Details, string, string][] = [
        [{ title: "" }, "title", documentMessages.required("title")],
        [{ title: "<script>alert(1)</script>" }, "title", documentMessages.noHtml("title")],
        [{ publisher: undefined }, "publisher", documentMessages.required("publisher")],
        [{ licence: "x".repeat(201) }, "licence", documentMessages.tooLong("licence", 200)],
        [{ date: "2018-02-30" }, "date", documentMessages.dateInvalid],
        [{ date: "12/05/2018" }, "date", documentMessages.dateInvalid],
        // The test clock's today is 2026-03-02.
        [{ date: "2026-03-05" }, "date", documentMessages.dateInFuture],
        [{ sourceUrl: "javascript:alert(1)" }, "sourceUrl", documentMessages.sourceUrlInvalid],
        [{ sourceUrl: "ftp://kanostate.gov.ng/law.pdf" }, "sourceUrl", documentMessages.sourceUrlInvalid],
        [{ sourceUrl: "" }, "sourceUrl", documentMessages.sourceUrlInvalid],
      ];
      for (const [changes, field, message] of cases) {
        await expectRefused(() => upload(tokens.editor, pdf, changes), 400, message, field);
      }
      await expectRefused(() => upload(tokens.editor, null), 400, documentMessages.fileMissing, "file");
    });

    it("refuses a body that is not a form with 415, and a second file with 400", async () => {
      await expectRefused(
        () =>
          t.app.inject({
            method: "POST",
            url: "/api/v1/datadesk/documents",
            payload: details,
            headers: bearer(tokens.editor),
          }),
        415,
        documentMessages.notMultipart,
      );
      const pdf = pdfWithMetadata();
      const twoFiles = multipart([
        ...Object.entries(details).map(([name, value]) => ({ name, value })),
        { name: "file", filename: "one.pdf", contentType: "application/pdf", data: pdf },
        { name: "file", filename: "two.pdf", contentType: "application/pdf", data: pdf },
      ]);
      await expectRefused(
        () =>
          t.app.inject({
            method: "POST",
            url: "/api/v1/datadesk/documents",
            payload: twoFiles.payload,
            headers: { ...twoFiles.headers, ...bearer(tokens.editor) },
          }),
        400,
        documentMessages.oneFileOnly,
        "file",
      );
    });

    it("refuses a PDF it cannot read (so cannot clean) with 422", async () => {
      const broken = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Author (Musa Ibrahim) /Title (Law)\n%%EOF\n");
      await expectRefused(() => upload(tokens.editor, broken), 422, documentMessages.pdfUnreadable, "file");
    });
  });
});
