import { paths } from "../src/domain/routes";
import { pdfIdentity, pdfWithMetadata } from "../src/test/server/pdfs";
import { openSignedIn, signedInTest } from "./support/accounts";
import { deskApi, kanoId, myProposedChanges, newEditor } from "./support/editors";
import {
  allowFailedLoads,
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
} from "./support/fixtures";

// Documents of the data desk against the real API: an editor uploads a PDF on
// /dashboard/data/documents and sees it listed; a web page renamed to .pdf is refused with the 415
// sentence beside the file, the typed details kept; the public address serves the PDF without its author;
// the editor proposes Kano's law document, choosing the PDF by title, citing it as the source. The
// proposed change is withdrawn at the end, so other specs read Kano as seeded.

signedInTest.describe("data desk documents", () => {
  signedInTest.use({ viewport: { width: 1280, height: 900 } });

  signedInTest(
    "an editor uploads a PDF, a renamed web page is refused, and Kano's law document is proposed citing the PDF",
    async ({ page, request, pageErrors }) => {
      const { account, editor } = await newEditor(request, "Dara", "Documents");
      // Unique per run: the database is shared by every spec of the run.
      const title = `Kano State Disability Rights Law, 2018 (${account.email.split("@")[0]})`;

      // From the desk to the documents page.
      await openSignedIn(page, editor, paths.dataDesk());
      await page.getByRole("link", { name: "Documents (PDFs)" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
      await expectNoAxeViolations(page, "the documents page");
      await page.setViewportSize({ width: 360, height: 800 });
      await expectNoHorizontalScroll(page);
      await page.setViewportSize({ width: 1280, height: 900 });

      const form = page.getByRole("form", { name: "Upload a document" });
      await form.getByRole("textbox", { name: "Title" }).fill(title);
      await form.getByRole("textbox", { name: "Publisher" }).fill("Kano State House of Assembly");
      await form.getByLabel("Date of the document (optional)").fill("2018-05-12");
      await form.getByRole("textbox", { name: "Licence or terms of use" }).fill("Public document");
      await form
        .getByRole("textbox", { name: "Where it was found (web address)" })
        .fill("https://example.org/kano-law");
      const file = form.getByLabel("The PDF file");
      await expect(file).toHaveAttribute("accept", /application\/pdf/);

      // A web page renamed to .pdf: 415, its sentence beside the file, the details kept.
      await file.setInputFiles({
        name: "kano-law.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from(
          "<!doctype html><html><head><title>Kano law</title></head><body>Law</body></html>",
        ),
      });
      await form.getByRole("button", { name: "Upload the document" }).click();
      await expect(page.getByRole("alert")).toContainText('"kano-law.pdf" is not a PDF.');
      await expect(file).toHaveAttribute("aria-invalid", "true");
      await expect(file).toHaveAccessibleDescription(/"kano-law\.pdf" is not a PDF\./);
      await expect(form.getByRole("textbox", { name: "Title" })).toHaveValue(title);
      await expectNoAxeViolations(page, "the upload form with the 415 beside the file");
      // Chromium logs the refused upload as a failed load: caused on purpose here.
      allowFailedLoads(pageErrors, [415]);

      // The real PDF (with an author, which the server removes).
      await file.setInputFiles({
        name: "kano-law.pdf",
        mimeType: "application/pdf",
        buffer: pdfWithMetadata(),
      });
      await form.getByRole("button", { name: "Upload the document" }).click();
      const uploaded = page
        .getByRole("status")
        .filter({ hasText: "is uploaded, without its author details" });
      await expect(uploaded).toBeVisible();
      const address = await uploaded.getByRole("link").getAttribute("href");
      expect(address).toMatch(
        /^\/documents\/[0-9a-f-]{36}\/kano-state-disability-rights-law-2018-[a-z0-9-]+\.pdf$/,
      );
      const listed = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
      await expect(listed).toContainText("Kano State House of Assembly · 2018-05-12 · PDF,");
      await expect(listed.getByRole("link", { name: title })).toHaveAttribute("href", address!);

      // The public address serves the PDF, to anyone, without its author.
      const served = await page.context().request.get(address!);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("application/pdf");
      const bytes = await served.body();
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(bytes.includes(Buffer.from(pdfIdentity.author))).toBe(false);
      const documentId = address!.split("/")[2]!;

      // Kano's law document, chosen by title, with the PDF as the change's source.
      const id = await kanoId(request, editor);
      await openSignedIn(page, editor, paths.dataRecord("state", id));
      await expect(page.getByRole("heading", { level: 1, name: "Kano" })).toBeVisible();
      const optionLabel = `${title} · Kano State House of Assembly · 2018-05-12`;
      await page.getByRole("combobox", { name: "Law document" }).selectOption({ label: optionLabel });
      await page
        .getByRole("combobox", { name: "Source (uploaded document)" })
        .selectOption({ label: optionLabel });
      await page
        .getByRole("textbox", { name: "Note" })
        .fill("The law as the House of Assembly published it.");
      await expectNoAxeViolations(page, "the edit form with the document choices");
      await page.getByRole("button", { name: "Review the change" }).click();
      await expect(page.getByRole("heading", { name: "Check your change" })).toBeFocused();
      await expect(page.getByText(`Law document: (empty) → ${title}`)).toBeVisible();
      await page.getByRole("button", { name: "Send for review" }).click();
      await expect(page.getByRole("heading", { name: "Change sent for review" })).toBeFocused();

      const changes = await myProposedChanges(request, editor);
      expect(changes).toHaveLength(1);
      expect(changes[0]!.sourceDocumentId).toBe(documentId);
      expect(changes[0]!.fields).toEqual([{ field: "law.document_id", from: null, to: documentId }]);

      // Kano as seeded for the other specs.
      const withdrawn = await request.post(`${deskApi}/changes/${changes[0]!.id}/withdraw`, {
        headers: { authorization: `Bearer ${editor.token}` },
      });
      expect(withdrawn.status(), await withdrawn.text()).toBe(200);
    },
  );
});
