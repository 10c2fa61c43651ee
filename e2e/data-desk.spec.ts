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
  kanoId,
  makeEditor,
  proposeChange as propose,
  sourceDetails,
  fillSourceDetails,
} from "./support/editors";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll } from "./support/fixtures";

// The data desk's change workflow against the real API: an admin makes two people editors; editor
// A changes Kano's law status with a source and a note, sees old → new and sends it; A cannot publish it;
// editor B publishes it and A sees it published; a rejected change shows its reason to its author. The
// public pages following the publication are tested elsewhere. Kano's status is put back at the end (by a
// second reviewed change), so other specs read the data as seeded. A Hausa overview goes the same way, to
// /ha/states/5 (and back).

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
      await expectNoHorizontalScroll(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await status.selectOption("Pending");
      await page
        .getByRole("textbox", { name: "Source (web address)" })
        .fill("https://example.org/kano-gazette");
      await fillSourceDetails(page);
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
      await expectNoHorizontalScroll(page);
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
        ...sourceDetails,
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
        ...sourceDetails,
        note: "Back to the seeded status after the end-to-end test.",
      });
      const restored = await request.post(`${desk}/changes/${back}/publish`, {
        headers: { authorization: `Bearer ${editorA.token}` },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    },
  );

  signedInTest(
    "editor A enters Bauchi's overview in Hausa beside the English, it is a draft until B publishes it, then /ha/states/5 shows it in Hausa",
    async ({ page, request }) => {
      const admin = await signInAsAdmin(request);
      const accountA = await registerVerified(request, "Hauwa", "Translator");
      const accountB = await registerVerified(request, "Emeka", "Editor");
      for (const account of [accountA, accountB]) {
        const signedIn = await signIn(request, account.email, account.password);
        await makeEditor(request, admin, signedIn.user.id);
      }
      const editorA = await signIn(request, accountA.email, accountA.password);
      const editorB = await signIn(request, accountB.email, accountB.password);
      const hausa = "Jihar Bauchi na cikin jihohin da ke da dokar kare haƙƙin masu nakasa.";
      const englishOnly = "Wannan rubutu da Turanci kawai yake.";
      const overviewOnHausaPage = () => page.getByRole("region", { name: "Bayani gabaɗaya" });

      // Before: the Hausa page shows the English overview, marked English, after a note in Hausa.
      await page.goto("/ha/states/5");
      await expect(overviewOnHausaPage().getByText(englishOnly)).toBeVisible();
      await expect(overviewOnHausaPage().getByText(/^Bauchi State is listed among/)).toHaveAttribute(
        "lang",
        "en",
      );

      // A picks Hausa in Bauchi's form, reads the English beside the box and types the translation.
      await openSignedIn(page, editorA, paths.dataRecord("state", "5"));
      await expect(page.getByRole("heading", { level: 1, name: "Bauchi" })).toBeVisible();
      await page.locator("summary").filter({ hasText: "Translations into Hausa" }).click();
      const group = page.getByRole("group", { name: "Translations into Hausa" });
      await expect(group.getByText(/^Bauchi State is listed among/)).toHaveAttribute("lang", "en");
      await group.getByRole("textbox", { name: "Overview (Hausa)" }).fill(hausa);
      await expectNoAxeViolations(page, "a translation beside the English");
      await page.setViewportSize({ width: 360, height: 800 });
      await expectNoHorizontalScroll(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole("textbox", { name: "Source (web address)" }).fill("https://example.org/bauchi-ha");
      await fillSourceDetails(page);
      await page.getByRole("textbox", { name: "Note" }).fill("Hausa overview, read by a second speaker.");
      await page.getByRole("button", { name: "Review the change" }).click();
      await expect(page.getByText(`Overview (Hausa): (empty) → ${hausa}`)).toBeVisible();
      await page.getByRole("button", { name: "Send for review" }).click();
      await expect(page.getByRole("heading", { name: "Change sent for review" })).toBeFocused();

      // A draft: marked so on the desk, and not on the public page.
      await openSignedIn(page, editorB, paths.dataChanges());
      const toReview = card(page, "Hausa overview, read by a second speaker.");
      await expect(toReview.getByRole("listitem").filter({ hasText: "Overview (Hausa)" })).toHaveText(
        `Draft Overview (Hausa): (empty) → ${hausa}`,
      );
      await page.goto("/ha/states/5");
      await expect(overviewOnHausaPage().getByText(englishOnly)).toBeVisible();
      await expect(page.getByText(hausa)).toHaveCount(0);

      // B publishes it; the Hausa page follows (within seconds), in Hausa, without the note.
      await openSignedIn(page, editorB, paths.dataChanges());
      await toReview.getByRole("button", { name: "Publish the change to Bauchi" }).click();
      await toReview.getByRole("button", { name: "Yes, publish" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
      await expect(async () => {
        await page.goto("/ha/states/5");
        await expect(overviewOnHausaPage().getByText(hausa)).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(overviewOnHausaPage().getByText(hausa)).not.toHaveAttribute("lang");
      await expect(overviewOnHausaPage().getByText(englishOnly)).toHaveCount(0);
      // The findings are not translated: still English, still said so.
      await expect(
        page.getByRole("region", { name: "Muhimman Bincike" }).getByText(englishOnly),
      ).toBeVisible();
      await expectNoAxeViolations(page, "a state's page in Hausa with a translated overview");
      await page.goto("/states/5");
      await expect(page.getByText(hausa)).toHaveCount(0);

      // Bauchi's overview back to English only, through the same review, so other specs read the seed.
      const id = await propose(request, editorB, {
        kind: "state",
        recordId: "5",
        changeKind: "edit",
        fields: { "translations.ha.desc": "" },
        sourceUrl: "https://example.org/bauchi-ha",
        ...sourceDetails,
        note: "Back to the seeded overview after the end-to-end test.",
      });
      const restored = await request.post(`${desk}/changes/${id}/publish`, {
        headers: { authorization: `Bearer ${editorA.token}` },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    },
  );
});
