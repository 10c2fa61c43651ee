import { readFile } from "node:fs/promises";
import { paths } from "../src/domain/routes";
import { pdfIdentity, pdfWithMetadata } from "../src/test/server/pdfs";
import { openSignedIn, signedInTest } from "./support/accounts";
import {
  changeCard,
  deskApi,
  myProposedChanges,
  newEditor,
  proposeChange,
  sourceDetails,
} from "./support/editors";
import { allowFailedLoads, expect, expectNoAxeViolations } from "./support/fixtures";

// The SDIR report's PDF from the data desk to /sdir: /sdir says honestly that no PDF is there;
// an editor uploads the report (a web page renamed .pdf is refused first, 415 in the API), chooses it on
// the national record as the SDIR report, citing it, and proposes it; a second editor publishes it; within
// seconds /sdir's DOWNLOAD NOW downloads exactly the bytes /documents serves (the PDF without its author).
// The report is unset at the end by a second reviewed change, so /sdir reads as seeded again (and says so).

const sdirNote = (run: string) => `The report as the Commission launched it (${run}).`;

signedInTest.describe("the SDIR report's PDF", () => {
  signedInTest.use({ viewport: { width: 1280, height: 900 } });

  signedInTest(
    "an uploaded SDIR PDF, proposed and published by two editors, is what /sdir's DOWNLOAD NOW downloads",
    async ({ page, request, pageErrors }) => {
      const { account, editor: author } = await newEditor(request, "Sade", "Report");
      const { editor: reviewer } = await newEditor(request, "Musa", "Reviewer");
      const run = account.email.split("@")[0]!;
      const title = `State of Disability Inclusion Report 2024 (${run})`;

      // Before: no PDF, said honestly.
      await page.goto(paths.sdir());
      await expect(page.getByText("The report's PDF is not available here yet.")).toBeVisible();
      await expect(page.getByRole("link", { name: /DOWNLOAD NOW/ })).toHaveCount(0);

      // A web page renamed .pdf: refused by the API with 415 and a sentence, and on the page beside the file.
      const renamed = Buffer.from(
        "<!doctype html><html><head><title>SDIR</title></head><body>x</body></html>",
      );
      const refused = await request.post(`${deskApi}/documents`, {
        headers: { authorization: `Bearer ${author.token}` },
        multipart: {
          title,
          publisher: "Project Enable Africa",
          licence: "Public document",
          sourceUrl: "https://example.org/sdir-2024",
          file: { name: "sdir-2024.pdf", mimeType: "application/pdf", buffer: renamed },
        },
      });
      expect(refused.status()).toBe(415);
      expect(((await refused.json()) as { message: string }).message).toContain(
        '"sdir-2024.pdf" is not a PDF.',
      );

      await openSignedIn(page, author, paths.dataDocuments());
      const form = page.getByRole("form", { name: "Upload a document" });
      await form.getByRole("textbox", { name: "Title" }).fill(title);
      await form.getByRole("textbox", { name: "Publisher" }).fill("Project Enable Africa");
      await form.getByLabel("Date of the document (optional)").fill("2025-07-25");
      await form.getByRole("textbox", { name: "Licence or terms of use" }).fill("Public document");
      await form
        .getByRole("textbox", { name: "Where it was found (web address)" })
        .fill("https://example.org/sdir-2024");
      const file = form.getByLabel("The PDF file");
      await file.setInputFiles({ name: "sdir-2024.pdf", mimeType: "application/pdf", buffer: renamed });
      await form.getByRole("button", { name: "Upload the document" }).click();
      await expect(page.getByRole("alert")).toContainText('"sdir-2024.pdf" is not a PDF.');
      await expect(file).toHaveAttribute("aria-invalid", "true");
      // Chromium logged the refused upload (before the page showed it) as a failed load: caused on purpose.
      allowFailedLoads(pageErrors, [415]);

      // The report itself, with an author the server removes.
      await file.setInputFiles({
        name: "sdir-2024.pdf",
        mimeType: "application/pdf",
        buffer: pdfWithMetadata(),
      });
      await form.getByRole("button", { name: "Upload the document" }).click();
      const uploaded = page
        .getByRole("status")
        .filter({ hasText: "is uploaded, without its author details" });
      await expect(uploaded).toBeVisible();
      const address = (await uploaded.getByRole("link").getAttribute("href"))!;
      expect(address).toMatch(
        /^\/documents\/[0-9a-f-]{36}\/state-of-disability-inclusion-report-2024-[a-z0-9-]+\.pdf$/,
      );
      const documentId = address.split("/")[2]!;

      // The national record on the desk: the SDIR report is the uploaded PDF, cited as the source.
      await page.goto(paths.dataDesk());
      await page
        .getByRole("combobox", { name: "Kind of record" })
        .selectOption({ label: "National record (policy and report documents)" });
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page
        .getByRole("list", { name: "Records" })
        .getByRole("link", { name: "Nigeria", exact: true })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Nigeria" })).toBeVisible();
      const optionLabel = `${title} · Project Enable Africa · 2025-07-25`;
      await page
        .getByRole("combobox", { name: "State of Disability Inclusion Report (PDF)" })
        .selectOption({ label: optionLabel });
      await page
        .getByRole("combobox", { name: "Source (uploaded document)" })
        .selectOption({ label: optionLabel });
      await page.getByRole("textbox", { name: "Note" }).fill(sdirNote(run));
      await expectNoAxeViolations(page, "the national record's form");
      await page.getByRole("button", { name: "Review the change" }).click();
      await expect(page.getByRole("heading", { name: "Check your change" })).toBeFocused();
      await expect(
        page.getByText(`State of Disability Inclusion Report (PDF): (empty) → ${title}`),
      ).toBeVisible();
      await page.getByRole("button", { name: "Send for review" }).click();
      await expect(page.getByRole("heading", { name: "Change sent for review" })).toBeFocused();
      const [proposed] = await myProposedChanges(request, author);
      expect(proposed).toMatchObject({
        kind: "country",
        recordId: "NG",
        sourceDocumentId: documentId,
        fields: [{ field: "sdir.document_id", from: null, to: documentId }],
      });

      // The second editor publishes it.
      await openSignedIn(page, reviewer, paths.dataChanges());
      const toReview = changeCard(page, sdirNote(run));
      await toReview.getByRole("button", { name: "Publish the change to Nigeria" }).click();
      await toReview.getByRole("button", { name: "Yes, publish" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();

      // /sdir follows within seconds: DOWNLOAD NOW, with its size, downloads exactly what /documents serves.
      await expect
        .poll(async () => (await request.get(paths.sdir())).text(), {
          message: "/sdir links the published report",
        })
        .toContain(`href="${address}"`);
      const served = await request.get(address);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("application/pdf");
      expect(served.headers()["content-disposition"]).toBe(`inline; filename="${address.split("/")[3]}"`);
      const servedBytes = await served.body();
      expect(servedBytes.includes(Buffer.from(pdfIdentity.author))).toBe(false);

      await page.goto(paths.sdir());
      await expect(page.getByText("The report's PDF is not available here yet.")).toHaveCount(0);
      const download = page.getByRole("link", { name: /^DOWNLOAD NOW the report \(PDF, \d+ KB\)$/ });
      await expect(download).toHaveAttribute("href", address);
      await expectNoAxeViolations(page, "/sdir with the report's PDF");
      const [downloaded] = await Promise.all([page.waitForEvent("download"), download.click()]);
      expect(downloaded.suggestedFilename()).toBe(address.split("/")[3]);
      const downloadedBytes = await readFile((await downloaded.path())!);
      expect(downloadedBytes.equals(servedBytes)).toBe(true);

      // As seeded again, by a second reviewed change; /sdir says once more that no PDF is there.
      const unset = await proposeChange(request, author, {
        kind: "country",
        recordId: "NG",
        changeKind: "edit",
        fields: { "sdir.document_id": "" },
        sourceUrl: "https://example.org/sdir-2024",
        ...sourceDetails,
        note: `Unset after the test (${run}).`,
      });
      const published = await request.post(`${deskApi}/changes/${unset}/publish`, {
        headers: { authorization: `Bearer ${reviewer.token}` },
      });
      expect(published.status(), await published.text()).toBe(200);
      await expect
        .poll(async () => (await request.get(paths.sdir())).text())
        .not.toContain(`href="${address}"`);
      await page.goto(paths.sdir());
      await expect(page.getByText("The report's PDF is not available here yet.")).toBeVisible();
    },
  );
});
