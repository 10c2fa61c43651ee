import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import {
  appQueryClient,
  clearWhenSessionChanges,
  queryClientConfig,
  READ_RETRIES,
  shouldRetry,
} from "./query-client";
import { session } from "./session";

describe("the data layer's retries", () => {
  it("tries a read again when no answer came or the server failed, at most twice", () => {
    expect(shouldRetry(0, new ApiError(0, "offline"))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, "busy"))).toBe(true);
    expect(shouldRetry(READ_RETRIES, new ApiError(503, "busy"))).toBe(false);
  });

  it("never tries again after a refusal, a 401 or an error of the client's own", () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetry(0, new ApiError(status, "refused"))).toBe(false);
    }
    expect(shouldRetry(0, new Error("answer against the contract"))).toBe(false);
  });
});

describe("the data layer on a shared device", () => {
  const ngozi = {
    id: 7,
    firstname: "Ngozi",
    lastname: "Okafor",
    email: "ngozi@example.org",
    role: "user" as const,
    isVerified: true,
    language: "en",
  };
  const musa = {
    id: 8,
    firstname: "Musa",
    lastname: "Bello",
    email: "musa@example.org",
    role: "user" as const,
    isVerified: true,
    language: "en",
  };
  afterEach(() => session.signOut());

  it("forgets everything one session read when it ends or another begins, and nothing on a profile change", () => {
    const client = new QueryClient(queryClientConfig());
    const stop = clearWhenSessionChanges(client);
    const remember = () => client.setQueryData(["reports.mine", 1], { reports: ["Ngozi's report"] });

    session.signIn(ngozi, "token-ngozi");
    remember();
    session.update({ firstname: "Ngozika" });
    expect(client.getQueryData(["reports.mine", 1])).toEqual({ reports: ["Ngozi's report"] });

    session.signOut();
    expect(client.getQueryData(["reports.mine", 1])).toBeUndefined();

    session.signIn(ngozi, "token-ngozi");
    remember();
    session.signIn(musa, "token-musa");
    expect(client.getQueryData(["reports.mine", 1])).toBeUndefined();
    stop();
  });

  it("is how the app's own client behaves", () => {
    session.signIn(ngozi, "token-ngozi");
    appQueryClient.setQueryData(["reports.mine", 1], { reports: ["Ngozi's report"] });
    session.signOut();
    expect(appQueryClient.getQueryData(["reports.mine", 1])).toBeUndefined();
  });
});
