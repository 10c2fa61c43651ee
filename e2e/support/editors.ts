import type { APIRequestContext, Page } from "@playwright/test";
import { type Account, registerVerified, type SignedIn, signIn, signInAsAdmin } from "./accounts";
import { expect } from "./fixtures";

// The data desk's people and records for the e2e specs: editors made by the e2e admin through
// the real roles API, a record's id as the desk's search finds it, and the checks its pages share.

export const deskApi = "/api/v1/datadesk";

/** The e2e admin gives the account `userId` the role editor (it applies at their next request). */
export async function makeEditor(request: APIRequestContext, admin: SignedIn, userId: number) {
  const promoted = await request.patch("/api/v1/roles/update-role", {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { userId, role: "editor" },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
}

/** A new account, verified through its e-mail, made an editor by the e2e admin, and signed in as one. */
export async function newEditor(
  request: APIRequestContext,
  firstname: string,
  lastname: string,
): Promise<{ account: Account; editor: SignedIn }> {
  const admin = await signInAsAdmin(request);
  const account = await registerVerified(request, firstname, lastname);
  const first = await signIn(request, account.email, account.password);
  await makeEditor(request, admin, first.user.id);
  const editor = await signIn(request, account.email, account.password);
  expect(editor.user.role).toBe("editor");
  return { account, editor };
}

/** The id of the record of `kind` named exactly `name`, as the desk's search finds it. */
export async function deskRecordId(
  request: APIRequestContext,
  editor: SignedIn,
  kind: "state" | "school" | "estimate" | "country",
  name: string,
): Promise<string> {
  const found = await request.get(`${deskApi}/records?kind=${kind}&q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${editor.token}` },
  });
  expect(found.status(), await found.text()).toBe(200);
  const body = (await found.json()) as { records: { id: string; name: string }[] };
  const record = body.records.find((candidate) => candidate.name === name);
  if (!record) throw new Error(`${name} is not in the data desk: was the database seeded at start-up?`);
  return record.id;
}

/** Kano's record id (the state the desk's specs edit and put back). */
export const kanoId = (request: APIRequestContext, editor: SignedIn) =>
  deskRecordId(request, editor, "state", "Kano");

/**
 * What a change whose source is a web address says of it besides the address (the server requires all
 * three), as a proposal through the API gives it.
 */
export const sourceDetails = {
  sourceTitle: "Source read for the end-to-end test",
  sourcePublisher: "Example Publisher",
  sourceRead: "2024-06-01",
};

/** Types the source's title, publisher and day read into the data desk's form, beside its address. */
export async function fillSourceDetails(page: Page) {
  await page.getByRole("textbox", { name: "Title of the source" }).fill(sourceDetails.sourceTitle);
  await page.getByRole("textbox", { name: "Publisher of the source" }).fill(sourceDetails.sourcePublisher);
  await page.getByRole("textbox", { name: "Day you read it" }).fill(sourceDetails.sourceRead);
}

/** Proposes a change through the API (201 expected) and returns its id. */
export async function proposeChange(
  request: APIRequestContext,
  editor: SignedIn,
  data: Record<string, unknown>,
): Promise<string> {
  const proposed = await request.post(`${deskApi}/changes`, {
    headers: { authorization: `Bearer ${editor.token}` },
    data,
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  return ((await proposed.json()) as { change: { id: string } }).change.id;
}

/** A change's card in the desk's queues, found by a text it shows (its note). */
export const changeCard = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

/** The editor's own changes still proposed, as the desk's API lists them. */
export async function myProposedChanges(request: APIRequestContext, editor: SignedIn) {
  const mine = await request.get(`${deskApi}/changes?mine=true&status=proposed`, {
    headers: { authorization: `Bearer ${editor.token}` },
  });
  expect(mine.status(), await mine.text()).toBe(200);
  return (
    (await mine.json()) as {
      changes: {
        id: string;
        kind: string;
        recordId: string;
        sourceDocumentId: string | null;
        correctionId: string | null;
        fields: { field: string; from: unknown; to: unknown }[];
      }[];
    }
  ).changes;
}
