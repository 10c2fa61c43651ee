// @vitest-environment node
// Node's File and Blob survive IndexedDB's structured clone (jsdom's do not), as a browser's do.
import { IDBFactory } from "fake-indexeddb";
import type * as StoreModule from "./report-store";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { EyewitnessSubmission } from "../../lib/eyewitness-submission";
import type { EyewitnessDraft } from "./report-form-checks";

let store: typeof StoreModule;
let keys = 0;
const newKey = () => `restored-${++keys}`;

beforeEach(async () => {
  vi.stubGlobal("indexedDB", new IDBFactory());
  vi.resetModules();
  store = await import("./report-store");
});

const photo = (name: string, text: string) => new File([text], name, { type: "image/jpeg", lastModified: 5 });

export function draftFor(fields: Partial<EyewitnessDraft> = {}): EyewitnessDraft {
  return {
    firstName: "Amina",
    lastName: "Bello",
    email: "amina@example.org",
    stateId: "25",
    lga: "Ikeja",
    place: "Ikeja market",
    occurredOn: "2026-11-20",
    commentType: "barrier",
    comment: "The ramp is too steep.",
    showFirstName: false,
    placePrecision: "lga",
    peopleConsent: true,
    media: "photograph",
    photos: [
      {
        key: "photo-1",
        file: photo("ramp.jpg", "jpeg bytes"),
        altText: "The ramp",
        originalSize: 8 * 1024 * 1024,
      },
    ],
    videoSource: "file",
    videoFile: null,
    videoUrl: "",
    ...fields,
  };
}

const submission: EyewitnessSubmission = {
  firstName: "Amina",
  lastName: "Bello",
  email: "amina@example.org",
  stateId: 25,
  lga: "Ikeja",
  place: null,
  occurredOn: "2026-11-20",
  placePrecision: "state",
  commentType: "question",
  comment: "Where can my son learn sign language?",
  showFirstName: true,
  peopleConsent: true,
  photos: [{ file: photo("steps.jpg", "steps"), description: "Steps" }],
  video: null,
  videoUrl: null,
};

describe("drafts", () => {
  it("keeps a draft with its photos for its user only, and forgets it when deleted", async () => {
    await store.saveDraft(7, draftFor());
    expect(await store.loadDraft(8, newKey)).toBeNull();

    const restored = await store.loadDraft(7, newKey);
    expect(restored?.problem).toBeUndefined();
    const draft = restored?.draft;
    expect(draft?.comment).toBe("The ramp is too steep.");
    expect(draft?.placePrecision).toBe("lga");
    const [first] = draft?.photos ?? [];
    expect(first?.key).toMatch(/^restored-/);
    expect(first?.altText).toBe("The ramp");
    expect(first?.originalSize).toBe(8 * 1024 * 1024);
    expect(first?.file).toBeInstanceOf(File);
    expect(first?.file.name).toBe("ramp.jpg");
    expect(first?.file.type).toBe("image/jpeg");
    expect(await first?.file.text()).toBe("jpeg bytes");

    await store.deleteDraft(7);
    expect(await store.loadDraft(7, newKey)).toBeNull();
  });

  it("keeps the latest save", async () => {
    await store.saveDraft(7, draftFor({ comment: "first" }));
    await store.saveDraft(7, draftFor({ comment: "second", media: "none", photos: [] }));
    expect((await store.loadDraft(7, newKey))?.draft).toMatchObject({ comment: "second", photos: [] });
  });
});

describe("outbox", () => {
  it("queues reports per user, oldest first, with their files", async () => {
    await store.queueReport(7, submission);
    await store.queueReport(7, { ...submission, comment: "second" });
    await store.queueReport(8, submission);
    expect(await store.countWaiting(7)).toBe(2);
    expect(await store.countWaiting(8)).toBe(1);
    const [first, second] = await store.waitingReports(7);
    expect(second?.submission.comment).toBe("second");
    const report = store.fromStoredSubmission(first!.submission);
    expect(report.photos[0]?.file.name).toBe("steps.jpg");
    expect(await report.photos[0]?.file.text()).toBe("steps");
    await store.removeReport(first!.id);
    expect(await store.countWaiting(7)).toBe(1);
  });

  it("gives a refused report back as the draft, with the server's sentence, when there is no draft", async () => {
    await store.queueReport(7, submission);
    const [record] = await store.waitingReports(7);
    await store.markRefused(record!.id, { message: "The comment is too long." });
    expect(await store.countWaiting(7)).toBe(0);

    await store.saveDraft(7, draftFor({ comment: "typed since" }));
    // A draft typed since stays: the refused report waits its turn.
    expect((await store.loadDraft(7, newKey))?.draft.comment).toBe("typed since");
    await store.deleteDraft(7);

    const restored = await store.loadDraft(7, newKey);
    expect(restored?.problem).toBe("The comment is too long.");
    expect(restored?.draft).toMatchObject({
      stateId: "25",
      place: "",
      commentType: "question",
      comment: "Where can my son learn sign language?",
      showFirstName: true,
      media: "photograph",
    });
    expect(restored?.draft.photos[0]?.altText).toBe("Steps");
    // It left the outbox for the draft, so it comes back once only.
    await store.deleteDraft(7);
    expect(await store.loadDraft(7, newKey)).toBeNull();
  });
});

describe("forgetting an account when its session ends", () => {
  async function twoAccountsOnOnePhone() {
    await store.saveDraft(7, draftFor({ comment: "Amina's draft" }));
    await store.saveDraft(8, draftFor({ comment: "Chidi's draft" }));
    await store.queueReport(7, submission);
    await store.queueReport(7, { ...submission, comment: "refused one" });
    const [, refused] = await store.waitingReports(7);
    await store.markRefused(refused!.id, { message: "The comment is too long." });
    await store.queueReport(8, { ...submission, comment: "Chidi's report" });
  }

  it("tells the offline page of every report waiting on the phone, oldest first, never the refused", async () => {
    await twoAccountsOnOnePhone();
    const { allWaitingReports } = await import("../../lib/reports-db");
    const waiting = await allWaitingReports();
    expect(waiting.map(({ commentType, comment }) => [commentType, comment])).toEqual([
      [submission.commentType, submission.comment],
      [submission.commentType, "Chidi's report"],
    ]);
    expect(waiting.every(({ queuedAt }) => queuedAt > 0)).toBe(true);

    // Chidi's session ends here and his report is kept for his next sign-in: the offline page is silent on it.
    await store.forgetAccount(8, "keep");
    expect((await allWaitingReports()).map(({ comment }) => comment)).toEqual([submission.comment]);
    expect(await store.countWaiting(8)).toBe(1);
  });

  it("keeps each queued report with an idempotency key of its own, or the one it came with", async () => {
    await store.queueReport(7, submission);
    await store.queueReport(7, { ...submission, idempotencyKey: "key-of-the-first-try-0001" });
    await store.queueReport(7, submission);
    const keys = (await store.waitingReports(7)).map((record) => record.submission.idempotencyKey);
    expect(keys[1]).toBe("key-of-the-first-try-0001");
    expect(new Set(keys).size).toBe(3);
  });

  it("counts the account's unsent reports, waiting and refused, and no other account's", async () => {
    await twoAccountsOnOnePhone();
    expect(await store.unsentReports(7)).toEqual({ waiting: 1, refused: 1 });
    expect(await store.unsentReports(8)).toEqual({ waiting: 1, refused: 0 });
    expect(await store.unsentReports(9)).toEqual({ waiting: 0, refused: 0 });
  });

  it("deletes every draft and, when asked, the account's outbox, leaving other accounts' kept reports", async () => {
    await twoAccountsOnOnePhone();
    await store.forgetAccount(7, "delete");
    expect(await store.loadDraft(7, newKey)).toBeNull();
    expect(await store.loadDraft(8, newKey)).toBeNull();
    expect(await store.unsentReports(7)).toEqual({ waiting: 0, refused: 0 });
    expect((await store.waitingReports(8)).map((record) => record.submission.comment)).toEqual([
      "Chidi's report",
    ]);
  });

  it("keeps the account's outbox for its next sign-in when asked to, and only the outbox", async () => {
    await twoAccountsOnOnePhone();
    await store.forgetAccount(7, "keep");
    expect(await store.unsentReports(7)).toEqual({ waiting: 1, refused: 1 });
    expect(await store.unsentReports(8)).toEqual({ waiting: 1, refused: 0 });
    // The draft is gone; the refused report comes back as the draft at the next sign-in, as before.
    expect((await store.loadDraft(7, newKey))?.draft.comment).toBe("refused one");
    expect(await store.loadDraft(8, newKey)).toBeNull();
  });
});
