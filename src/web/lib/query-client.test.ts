import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { appQueryClient, clearWhenSessionChanges, queryClientConfig } from "./query-client";
import { shouldRetry } from "./read-retry";
import { session } from "./session";

describe("the data layer's defaults", () => {
  it("tries a failed read again by the app's one rule, never a change, and never on a window's focus", () => {
    const { queries, mutations } = queryClientConfig().defaultOptions ?? {};
    expect(queries?.retry).toBe(shouldRetry);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(mutations?.retry).toBe(false);
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
