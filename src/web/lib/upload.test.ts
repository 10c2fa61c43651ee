import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentToasts, toast } from "../ui/toast/toast-store";
import { ApiError, apiRoute } from "./api-client";
import { UNAUTHORIZED_MESSAGE } from "./api-client";
import { installFakeXhr } from "../../test/web/fake-xhr";
import { report } from "../../test/web/reports";
import { session } from "./session";
import { isAbortError, uploadFormData, type UploadProgress } from "./upload";
import { ada } from "../../test/web/users";

const user = ada;

function someForm() {
  const form = new FormData();
  form.append("comment", "A ramp is missing");
  form.append("media", new File(["photo bytes"], "ramp.jpg", { type: "image/jpeg" }));
  return form;
}

const submit = apiRoute("reports.submit", "POST", "/api/v1/eyewitness");
const received = { success: true, message: "Report received", report: report({ id: "r1" }) };

describe("uploadFormData", () => {
  beforeEach(() => {
    localStorage.clear();
    toast.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("posts the form to the API with the signed-in user's token and resolves with the JSON answer", async () => {
    session.signIn(user, "secret-token");
    const xhr = installFakeXhr();
    const sending = uploadFormData(submit, someForm());
    const request = xhr.latest();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/v1/eyewitness");
    expect(request.headers.authorization).toBe("Bearer secret-token");
    expect(request.headers.accept).toBe("application/json");
    expect(request.fields()).toEqual([
      ["comment", "A ramp is missing"],
      ["media", "file:ramp.jpg"],
    ]);
    request.respond(201, received);
    await expect(sending).resolves.toEqual(received);
  });

  it("reports the bytes sent as they go, and says when the total is unknown", async () => {
    const xhr = installFakeXhr();
    const seen: UploadProgress[] = [];
    const sending = uploadFormData(submit, someForm(), { onProgress: (p) => seen.push(p) });
    xhr.latest().progress(0, 1000);
    xhr.latest().progress(450, 1000);
    xhr.latest().progress(700, null);
    xhr.latest().respond(201, received);
    await sending;
    expect(seen).toEqual([
      { loaded: 0, total: 1000 },
      { loaded: 450, total: 1000 },
      { loaded: 700, total: null },
    ]);
  });

  it("stops the upload when cancelled and rejects as an abort", async () => {
    const xhr = installFakeXhr();
    const controller = new AbortController();
    const sending = uploadFormData(submit, someForm(), { signal: controller.signal });
    controller.abort();
    const error = await sending.catch((reason: unknown) => reason);
    expect(isAbortError(error)).toBe(true);
    expect(xhr.latest().aborted).toBe(true);
  });

  it("sends nothing when already cancelled", async () => {
    const xhr = installFakeXhr();
    const controller = new AbortController();
    controller.abort();
    const error = await uploadFormData(submit, someForm(), { signal: controller.signal }).catch(
      (reason: unknown) => reason,
    );
    expect(isAbortError(error)).toBe(true);
    expect(xhr.requests).toHaveLength(0);
  });

  it("rejects with the server's sentence and status", async () => {
    const xhr = installFakeXhr();
    const sending = uploadFormData(submit, someForm());
    xhr.latest().respond(413, { success: false, message: 'The photograph "big.jpg" is larger than 5 MB.' });
    const error = await sending.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      message: 'The photograph "big.jpg" is larger than 5 MB.',
      body: { success: false, message: 'The photograph "big.jpg" is larger than 5 MB.' },
    });
  });

  it("refuses, in development and tests, an answer its contract does not describe", async () => {
    const xhr = installFakeXhr();
    const sending = uploadFormData(submit, someForm());
    xhr.latest().respond(201, { success: true, id: "r1" });
    await expect(sending).rejects.toThrow(/reports\.submit answered 201 against its contract/);
  });

  it("carries the refusal's code and field, as the API client does", async () => {
    const xhr = installFakeXhr();
    const sending = uploadFormData(submit, someForm());
    const refusal = {
      success: false,
      message: "Please choose the state where it happened.",
      code: "VALIDATION_FAILED",
      field: "stateId",
    };
    xhr.latest().respond(400, refusal);
    await expect(sending).rejects.toMatchObject({
      status: 400,
      message: refusal.message,
      code: "VALIDATION_FAILED",
      field: "stateId",
    });
  });

  it("names the status when the server sent no sentence", async () => {
    const xhr = installFakeXhr();
    const sending = uploadFormData(submit, someForm());
    xhr.latest().respond(502, "<html>Bad gateway</html>");
    await expect(sending).rejects.toMatchObject({
      status: 502,
      message: "Request failed with status code 502.",
      body: null,
    });
  });

  it("rejects with a network error when the connection drops", async () => {
    const xhr = installFakeXhr();
    const sending = uploadFormData(submit, someForm());
    xhr.latest().failNetwork();
    await expect(sending).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/^Network error/),
    });
  });

  it("signs out and says so on a 401 to a signed-in user", async () => {
    session.signIn(user, "expired-token");
    const xhr = installFakeXhr();
    const sending = uploadFormData(submit, someForm());
    xhr.latest().respond(401, { success: false, message: "Please sign in." });
    await expect(sending).rejects.toMatchObject({ status: 401 });
    expect(session.current()).toBeNull();
    expect(currentToasts().map((t) => [t.kind, t.message])).toEqual([["error", UNAUTHORIZED_MESSAGE]]);
  });

  it("leaves a signed-out visitor's toasts alone on a 401", async () => {
    const xhr = installFakeXhr();
    const sending = uploadFormData(submit, someForm());
    xhr.latest().respond(401, { success: false, message: "Please sign in." });
    await expect(sending).rejects.toMatchObject({ status: 401 });
    expect(currentToasts()).toEqual([]);
  });
});
