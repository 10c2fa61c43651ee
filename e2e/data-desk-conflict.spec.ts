import { paths } from "../src/domain/routes";
import { openSignedIn } from "./support/accounts";
import {
  changeCard as card,
  deskApi as desk,
  deskRecordId,
  newEditor,
  proposeChange as propose,
  sourceDetails,
} from "./support/editors";
import { allowFailedLoads, expect, expectNoAxeViolations, test } from "./support/fixtures";

// A stale change: editors A and C each propose Kwara's implementing agency (empty in the seed); reviewer B
// publishes A's on the review queue, then C's. The second publication is refused with 409, and the card
// shows both values (the one published since and the one C proposed) and the value when C proposed; C's
// change is still proposed afterwards, on a fresh load too. Kwara's agency is emptied again at the end,
// and C's change withdrawn, so other specs read the data as seeded. No other spec edits Kwara.

const PUBLISHED = "Kwara State Office for Disability Affairs";
const STALE = "Kwara State Agency for Persons with Disabilities";
const NOTE_A = "The governor's office names the agency in its 2026 budget speech.";
const NOTE_C = "The agency's own letterhead, received this month.";

test.use({ viewport: { width: 1280, height: 900 } });

test("publishing a change made stale by another publication answers 409, shows both values and keeps the change", async ({
  page,
  request,
  pageErrors,
}) => {
  const { editor: editorA } = await newEditor(request, "Adamu", "Proposer");
  const { editor: editorB } = await newEditor(request, "Bisi", "Reviewer");
  const { editor: editorC } = await newEditor(request, "Chidi", "Latecomer");
  const kwara = await deskRecordId(request, editorA, "state", "Kwara");
  const proposal = (note: string, agency: string) => ({
    kind: "state",
    recordId: kwara,
    changeKind: "edit",
    fields: { agency },
    sourceUrl: "https://example.org/kwara-agency",
    ...sourceDetails,
    note,
  });
  await propose(request, editorA, proposal(NOTE_A, PUBLISHED));
  const staleId = await propose(request, editorC, proposal(NOTE_C, STALE));

  // B publishes A's change.
  await openSignedIn(page, editorB, paths.dataChanges());
  const first = card(page, NOTE_A);
  await first.getByRole("button", { name: "Publish the change to Kwara" }).click();
  await first.getByRole("button", { name: "Yes, publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
  await expect(card(page, NOTE_A)).toHaveCount(0);

  // Then C's: the server answers 409 with both values; the card says so and shows them.
  const stale = card(page, NOTE_C);
  await expect(stale.getByText(`Implementing agency: (empty) → ${STALE}`)).toBeVisible();
  await stale.getByRole("button", { name: "Publish the change to Kwara" }).click();
  const answer = page.waitForResponse((response) =>
    response.url().endsWith(`${desk}/changes/${staleId}/publish`),
  );
  await stale.getByRole("button", { name: "Yes, publish" }).click();
  const refused = await answer;
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    code: "CHANGE_CONFLICT",
    conflicts: [{ field: "agency", to: STALE, now: PUBLISHED, from: "" }],
  });
  await expect(stale).toContainText(
    "Another publication changed a field of this change since it was proposed. Compare both values and propose again; nothing was published.",
  );
  await expect(stale.getByText("Changed since it was proposed")).toBeVisible();
  const values = stale.locator("dl").filter({ hasText: "When proposed" });
  await expect(
    values
      .locator("div")
      .filter({ hasText: /^Proposed/ })
      .locator("dd"),
  ).toHaveText(STALE);
  await expect(values.locator("div").filter({ hasText: /^Now/ }).locator("dd")).toHaveText(PUBLISHED);
  await expect(
    values
      .locator("div")
      .filter({ hasText: /^When proposed/ })
      .locator("dd"),
  ).toHaveText("(empty)");
  await expectNoAxeViolations(page, "a change refused as stale");

  // Nothing is lost: C's change is still proposed, on a fresh load of the queue too.
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(card(page, NOTE_C).getByText(`Implementing agency: (empty) → ${STALE}`)).toBeVisible();
  await expect(card(page, NOTE_C).getByRole("button", { name: "Publish the change to Kwara" })).toBeVisible();
  const stillProposed = await request.get(`${desk}/changes?mine=true&status=proposed`, {
    headers: { authorization: `Bearer ${editorC.token}` },
  });
  expect(
    ((await stillProposed.json()) as { changes: { id: string }[] }).changes.map((change) => change.id),
  ).toEqual([staleId]);

  // As seeded again: C withdraws, and Kwara's agency is emptied through the same review.
  const withdrawn = await request.post(`${desk}/changes/${staleId}/withdraw`, {
    headers: { authorization: `Bearer ${editorC.token}` },
  });
  expect(withdrawn.status(), await withdrawn.text()).toBe(200);
  const back = await propose(
    request,
    editorA,
    proposal("Back to the seeded agency after the end-to-end test.", ""),
  );
  const restored = await request.post(`${desk}/changes/${back}/publish`, {
    headers: { authorization: `Bearer ${editorB.token}` },
  });
  expect(restored.status(), await restored.text()).toBe(200);
  allowFailedLoads(pageErrors, [409]);
});
