import { paths } from "../src/domain/routes";
import { openSignedIn, registerVerified, signedInTest } from "./support/accounts";
import {
  changeCard,
  deskApi,
  fillSourceDetails,
  newEditor,
  proposeChange,
  sourceDetails,
} from "./support/editors";
import { expect, expectNoAxeViolations } from "./support/fixtures";
import { linkTo, mailTo, waitForMail } from "./support/mail";

// A visitor's correction becomes a published change: a visitor on the Hausa page of Yobe (a
// state no other spec edits) sends a correction with their e-mail address; an editor opens it from the
// corrections queue with "Start a change", types the new value, and proposes it; a second editor
// publishes it; the correction shows accepted, the public history's entry says it came from a visitor's
// correction, and exactly one e-mail, in Hausa, reaches the visitor with a link to Yobe's history. Yobe's
// agency is put back at the end.

const YOBE = 36;
const agencyAsSeeded = "Yobe State Disability Commission";

signedInTest.describe("a correction becomes a change", () => {
  signedInTest.use({ viewport: { width: 1280, height: 900 } });

  signedInTest(
    "a visitor's correction, started as a change by one editor and published by another, is accepted and mailed once in Hausa",
    async ({ page, request }) => {
      const { account, editor: author } = await newEditor(request, "Ngozi", "Corrector");
      const { editor: reviewer } = await newEditor(request, "Ibrahim", "Publisher");
      const run = account.email.split("@")[0]!;
      const visitor = `visitor-${run}@example.org`;
      const suggestion = `The agency is now called the Yobe State Disability Affairs Commission (${run}).`;
      const newAgency = `Yobe State Disability Affairs Commission (${run})`;
      const source = "https://yobestate.gov.ng/disability-affairs";

      // The visitor, signed out, on the Hausa page.
      await page.goto(`/ha${paths.state(YOBE)}`);
      await page.getByRole("button", { name: "Ba da shawarar gyara" }).click();
      await page.getByRole("textbox", { name: "Me ba daidai ba?" }).fill(suggestion);
      await page.getByRole("textbox", { name: /^Mahaɗin majiya/ }).fill(source);
      await page.getByRole("textbox", { name: /^Imel ɗinku/ }).fill(visitor);
      await page.getByRole("button", { name: "Aika gyara" }).click();
      await expect(page.getByText("Mun gode. An aika gyaranku kuma mai kula zai duba shi.")).toBeVisible();

      // The editor finds it in the corrections queue under the desk and starts a change from it.
      await openSignedIn(page, author, paths.dataDesk());
      const queued = page.getByRole("article").filter({ hasText: suggestion });
      await expect(queued).toBeVisible();
      await queued.getByRole("link", { name: "Start a change to Yobe from this correction" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Yobe" })).toBeVisible();
      await expect(page.getByText(suggestion).first()).toBeVisible();
      // The form starts from the correction's source and a note quoting it; the new value is typed.
      await expect(page.getByRole("textbox", { name: "Source (web address)" })).toHaveValue(source);
      await expect(page.getByRole("textbox", { name: "Note" })).toHaveValue(
        `From a visitor's correction: “${suggestion}”`,
      );
      await page.getByRole("textbox", { name: "Implementing agency" }).fill(newAgency);
      await fillSourceDetails(page);
      await expectNoAxeViolations(page, "a record's form started from a correction");
      await page.getByRole("button", { name: "Review the change" }).click();
      await expect(page.getByRole("heading", { name: "Check your change" })).toBeFocused();
      await expect(page.getByText(`Implementing agency: ${agencyAsSeeded} → ${newAgency}`)).toBeVisible();
      await page.getByRole("button", { name: "Send for review" }).click();
      await expect(page.getByRole("heading", { name: "Change sent for review" })).toBeFocused();

      // The second editor publishes it.
      await openSignedIn(page, reviewer, paths.dataChanges());
      const toReview = changeCard(page, suggestion);
      await toReview.getByRole("button", { name: "Publish the change to Yobe" }).click();
      await toReview.getByRole("button", { name: "Yes, publish" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();

      // The correction is accepted, and says a change from it was published.
      await openSignedIn(page, author, paths.dataDesk());
      await page.getByRole("button", { name: /^Accepted/ }).click();
      const accepted = page.getByRole("article").filter({ hasText: suggestion });
      await expect(accepted).toContainText("A change from this correction was published.");
      await expect(
        accepted.getByRole("link", { name: "Start a change to Yobe from this correction" }),
      ).toHaveCount(0);

      // The public history gives the change, with its source and the note quoting the correction.
      await page.goto(`${paths.state(YOBE)}/history`);
      const entry = page.getByRole("article").filter({ hasText: newAgency });
      await expect(entry).toContainText(suggestion);
      await expect(entry).toContainText(
        "From a visitor's correction: thank you to the reader who pointed it out.",
      );
      // The source by the title and publisher the editor gave, linked to its address.
      const named = `${sourceDetails.sourceTitle} (${sourceDetails.sourcePublisher})`;
      await expect(entry.getByRole("link").filter({ hasText: named })).toHaveAttribute("href", source);

      // One e-mail, in Hausa (the page's language), linking Yobe's history in Hausa.
      const mail = await waitForMail(visitor, () => true);
      expect(mail.subject).toBe("Gyaran da kuka bayar ya kawo canji a Inclusion Atlas");
      expect(new URL(linkTo(mail, "/ha/states/")).pathname).toBe(`/ha${paths.state(YOBE)}/history`);

      // Yobe's agency as seeded, by a change not from the correction: it mails nobody.
      const restore = await proposeChange(request, author, {
        kind: "state",
        recordId: String(YOBE),
        changeKind: "edit",
        fields: { agency: agencyAsSeeded },
        sourceUrl: source,
        ...sourceDetails,
        note: `Put back after the test (${run}).`,
      });
      const restored = await request.post(`${deskApi}/changes/${restore}/publish`, {
        headers: { authorization: `Bearer ${reviewer.token}` },
      });
      expect(restored.status(), await restored.text()).toBe(200);
      // The outbox sends oldest first: once a later message (a new account's verification) has arrived,
      // a second message to the visitor, had one been queued, would have arrived before it.
      await registerVerified(request, "Later", "Mail");
      expect(await mailTo(visitor)).toHaveLength(1);
    },
  );
});
