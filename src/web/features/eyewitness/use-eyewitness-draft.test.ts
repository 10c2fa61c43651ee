import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteReportsDatabase, draftOf, signIn, stubDeviceDatabases } from "../../../test/web/reports";
import { loadDraft, saveDraft } from "./report-store";
import { useEyewitnessDraft } from "./use-eyewitness-draft";

stubDeviceDatabases();

// What the form's own tests (EyewitnessOffline) do not see of the draft kept on the device: a draft that
// the device gives back only after the person has started typing.

const noKey = () => "k";

beforeEach(() => deleteReportsDatabase());
afterEach(() => window.localStorage.clear());

describe("the eyewitness draft", () => {
  it("never replaces what the person has typed with a draft the device gives back late", async () => {
    const user = signIn();
    await saveDraft(user.id, draftOf({ comment: "Kept from yesterday" }));
    const { result } = renderHook(() => useEyewitnessDraft(user));
    // Typed before the device has answered (reading IndexedDB takes several tasks).
    act(() => result.current.set("comment")("Typed just now"));
    // Once typing pauses, what was typed is written over the old draft.
    await waitFor(() => expect(result.current.saved).toBe(true));
    expect(result.current.fields.comment).toBe("Typed just now");
    expect(result.current.restored).toBe(false);
    expect((await loadDraft(user.id, noKey))?.draft.comment).toBe("Typed just now");
  });
});
