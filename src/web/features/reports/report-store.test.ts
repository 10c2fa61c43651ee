// @vitest-environment node
// Node's File and Blob survive IndexedDB's structured clone (jsdom's do not), as a browser's do.
import { IDBFactory } from "fake-indexeddb";
import type * as StoreModule from "./report-store";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { EyewitnessDraft, EyewitnessSubmission } from "./report-form-checks";

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
    await store.markRefused(record!.id, "The comment is too long.");
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
