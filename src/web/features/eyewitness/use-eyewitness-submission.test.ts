import { act, renderHook, waitFor } from "@testing-library/react";
import type { FormEvent } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeXhr } from "../../../test/web/fake-xhr";
import { draftOf, report, signIn } from "../../../test/web/reports";
import { toast } from "../../ui/toast/toast-store";
import type { EyewitnessDraftState } from "./use-eyewitness-draft";
import { useEyewitnessSubmission } from "./use-eyewitness-submission";

// What sending does that the form's own tests (EyewitnessPage, EyewitnessOffline) do not see: the key that
// makes a retry store the report once, the warning before the tab closes mid-upload, and a report that can
// neither be sent nor kept. The draft is a stand-in: no IndexedDB here (jsdom has none).

let xhr: ReturnType<typeof installFakeXhr>;

beforeEach(() => {
  xhr = installFakeXhr();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  toast.clear();
});

function sending() {
  const user = signIn();
  const draft: EyewitnessDraftState = {
    fields: draftOf(),
    set: () => () => undefined,
    changePlace: () => undefined,
    restored: false,
    saved: false,
    refusal: null,
    forget: vi.fn(async () => undefined),
    discard: vi.fn(async () => undefined),
  };
  const onSubmitted = vi.fn();
  const onQueued = vi.fn();
  const hook = renderHook(() => useEyewitnessSubmission({ user, draft, onSubmitted, onQueued }));
  /** Presses Send; resolves when the try has ended. */
  const send = () => {
    const form = document.createElement("form");
    const event = {
      preventDefault: () => undefined,
      currentTarget: form,
    } as unknown as FormEvent<HTMLFormElement>;
    let tried: Promise<void> = Promise.resolve();
    act(() => {
      tried = hook.result.current.submit(event);
    });
    return tried;
  };
  return { hook, draft, onSubmitted, onQueued, send };
}

/** The server answers the upload under way; resolves when that try has ended. */
async function answer(tried: Promise<void>, status: number, body: unknown) {
  const unanswered = () => xhr.requests.find((request) => request.status === 0);
  await waitFor(() => expect(unanswered()).toBeDefined());
  await act(async () => {
    unanswered()?.respond(status, body);
    await tried;
  });
}

const accepted = { success: true, message: "Report received", report: report() };

describe("sending an eyewitness report", () => {
  it("sends every try of one report with the same Idempotency-Key, and a report started afresh with a new one", async () => {
    const { send, onSubmitted } = sending();
    const refused = { success: false, message: "Try again later." };
    await answer(send(), 500, refused);
    await answer(send(), 201, accepted);
    expect(onSubmitted).toHaveBeenCalledOnce();
    const [firstTry, retried] = xhr.requests.map((request) => request.headers["idempotency-key"]);
    expect(firstTry).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(retried).toBe(firstTry);

    const another = sending();
    await answer(another.send(), 500, refused);
    act(() => another.hook.result.current.startAfresh());
    await answer(another.send(), 500, refused);
    const [, , before, afresh] = xhr.requests.map((request) => request.headers["idempotency-key"]);
    expect(before).not.toBe(firstTry);
    expect(afresh).not.toBe(before);
  });

  it("asks before the tab is closed while the report uploads, and no longer once the try has ended", async () => {
    const { send } = sending();
    const closing = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closing()).toBe(false);
    const sent = send();
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(closing()).toBe(true);
    await answer(sent, 500, { success: false, message: "Try again later." });
    expect(closing()).toBe(false);
  });

  it("says it failed, keeping the draft, when there is no connection and the device cannot keep the report", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { hook, send, draft, onQueued } = sending();
    await act(() => send());
    expect(xhr.requests).toHaveLength(0);
    expect(onQueued).not.toHaveBeenCalled();
    expect(draft.forget).not.toHaveBeenCalled();
    expect(hook.result.current.failed).toBe(true);
    expect(hook.result.current.problem?.message).toBe("Something went wrong");
  });
});
