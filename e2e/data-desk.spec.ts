import type { Page } from "@playwright/test";
import { paths } from "../src/domain/routes";
import {
  openSignedIn,
  registerVerified,
  signedInTest,
  signIn,
  signInAsAdmin,
  type SignedIn,
} from "./support/accounts";
import {
  changeCard as card,
  deskApi as desk,
  hasNoHorizontalScroll,
  kanoId,
  makeEditor,
  proposeChange as propose,
} from "./support/editors";
import { expect, expectNoAxeViolations } from "./support/fixtures";

// The data desk's change workflow against the real API (issue 28): an admin makes two people editors; editor
// A changes Kano's law status with a source and a note, sees old → new and sends it; A cannot publish it;
// editor B publishes it and A sees it published; a rejected change shows its reason to its author. The
// public pages following the publication are tested elsewhere. Kano's status is put back at the end (by a
// second reviewed change), so other specs read the data as seeded.

/** An admin makes the account an editor on the roles page. */
async function makeEditorOnRolesPage(page: Page, admin: SignedIn, email: string, name: string) {
  await openSignedIn(page, admin, paths.userRoles());
  const searchbox = page.getByRole("searchbox", { name: "Search users by name or e-mail" });
  await searchbox.fill(email);
  await searchbox.press("Enter");
  const row = page
    .getByRole("table", { name: "Users and their roles" })
    .getByRole("row")
    .filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("combobox", { name: `Role of ${name}` }).selectOption("editor");
  await row.getByRole("button", { name: `Save role of ${name}` }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
    "User role updated successfully",
  );
}

signedInTest.describe("data desk", () => {
  signedInTest.use({ viewport: { width: 1280, height: 900 } });

  signedInTest(
    "editor A proposes Kano's law status with a source and a note; A cannot publish it, B publishes it, a rejection shows its reason",
    async ({ page, request }) => {
      const admin = await signInAsAdmin(request);
      const accountA = await registerVerified(request, "Ada", "Editor");
      const accountB = await registerVerified(request, "Bayo", "Editor");
      await makeEditorOnRolesPage(page, admin, accountA.email, "Ada Editor");
      const editorB = await signIn(request, accountB.email, accountB.password);
      await makeEditor(request, admin, editorB.user.id);
      const editorA = await signIn(request, accountA.email, accountA.password);
      expect(editorA.user.role).toBe("editor");
      const b = await signIn(request, accountB.email, accountB.password);

      // A finds Kano on the desk.
      await openSignedIn(page, editorA, paths.dataDesk());
      await expect(page.getByRole("heading", { level: 1, name: "Data desk" })).toBeVisible();
      await page
        .getByRole("navigation", { name: "Dashboard" })
        .getByRole("link", { name: "Data desk" })
        .waitFor();
      await page.getByRole("searchbox", { name: "Name (leave empty to list all)" }).fill("Kano");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: /Showing/ })).toBeVisible();
      await expectNoAxeViolations(page, "data desk search");
      await page
        .getByRole("list", { name: "Records" })
        .getByRole("link", { name: "Kano", exact: true })
        .click();

      // The edit form: law status, source and note, the review step with old → new.
      await expect(page.getByRole("heading", { level: 1, name: "Kano" })).toBeVisible();
      const status = page.getByRole("combobox", { name: "Law status" });
      await expect(status).toHaveValue("Passed");
      await expectNoAxeViolations(page, "a state's edit form");
      // On a 360 px phone (and so at 200% zoom of a 720 px window) the form fits the screen's width.
      await page.setViewportSize({ width: 360, height: 800 });
      await hasNoHorizontalScroll(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await status.selectOption("Pending");
      await page
        .getByRole("textbox", { name: "Source (web address)" })
        .fill("https://example.org/kano-gazette");
      await page.getByRole("textbox", { name: "Note" }).fill("The gazette of March says the law is pending.");
      await page.getByRole("button", { name: "Review the change" }).click();
      await expect(page.getByRole("heading", { name: "Check your change" })).toBeFocused();
      await expect(page.getByText("Law status: Passed → Pending")).toBeVisible();
      await expectNoAxeViolations(page, "the review step");
      await page.getByRole("button", { name: "Send for review" }).click();
      await expect(page.getByRole("heading", { name: "Change sent for review" })).toBeFocused();
      await expect(page.getByText("Your change was sent for review.")).toBeVisible();

      // A sees it in the queue with Withdraw only; the server refuses A's publication too.
      await page.goto(paths.dataChanges());
      const mine = card(page, "The gazette of March says the law is pending.");
      await expect(mine.getByText("Law status: Passed → Pending")).toBeVisible();
      await expect(mine.getByRole("button", { name: /^Withdraw/ })).toBeVisible();
      await expect(mine.getByRole("button", { name: /^Publish/ })).toHaveCount(0);
      await expectNoAxeViolations(page, "the review queue, author's view");
      await page.setViewportSize({ width: 360, height: 800 });
      await hasNoHorizontalScroll(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      const changes = await request.get(`${desk}/changes?mine=true&status=proposed`, {
        headers: { authorization: `Bearer ${editorA.token}` },
      });
      const changeId = ((await changes.json()) as { changes: { id: string }[] }).changes[0]!.id;
      const refused = await request.post(`${desk}/changes/${changeId}/publish`, {
        headers: { authorization: `Bearer ${editorA.token}` },
      });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe("OWN_CHANGE");

      // B publishes it, after a confirmation.
      await openSignedIn(page, b, paths.dataChanges());
      const toReview = card(page, "The gazette of March says the law is pending.");
      await toReview.getByRole("button", { name: "Publish the change to Kano" }).click();
      await expectNoAxeViolations(page, "the publish confirmation");
      await toReview.getByRole("button", { name: "Yes, publish" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
      await expect(card(page, "The gazette of March says the law is pending.")).toHaveCount(0);

      // A sees it published among their changes.
      await openSignedIn(page, editorA, `${paths.dataChanges()}?view=mine`);
      const published = card(page, "The gazette of March says the law is pending.");
      await expect(published).toContainText("Published");
      await expect(published).toContainText("Published byBayo Editor");

      // A rejected change shows its reason to its author.
      const id = await kanoId(request, editorA);
      await propose(request, editorA, {
        kind: "state",
        recordId: id,
        changeKind: "edit",
        fields: { agency: "Kano State Disability Affairs Board" },
        sourceUrl: "https://example.org/kano-board",
        note: "The board was constituted.",
      });
      await openSignedIn(page, b, paths.dataChanges());
      const toReject = card(page, "The board was constituted.");
      await expect(
        toReject.getByText("Implementing agency: (empty) → Kano State Disability Affairs Board"),
      ).toBeVisible();
      await toReject.getByRole("button", { name: "Reject the change to Kano" }).click();
      await toReject
        .getByRole("textbox", { name: "Reason" })
        .fill("The source does not say the board operates.");
      await toReject.getByRole("button", { name: "Reject the change" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Change rejected." })).toBeVisible();

      await openSignedIn(page, editorA, `${paths.dataChanges()}?view=mine`);
      const rejected = card(page, "The board was constituted.");
      await expect(rejected).toContainText("Rejected");
      await expect(rejected).toContainText("The source does not say the board operates.");
      await expectNoAxeViolations(page, "My changes");

      // Kano's status back as seeded, through the same review.
      const back = await propose(request, b, {
        kind: "state",
        recordId: id,
        changeKind: "edit",
        fields: { status: "Passed" },
        sourceUrl: "https://example.org/kano-gazette",
        note: "Back to the seeded status after the end-to-end test.",
      });
      const restored = await request.post(`${desk}/changes/${back}/publish`, {
        headers: { authorization: `Bearer ${editorA.token}` },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    },
  );
});
