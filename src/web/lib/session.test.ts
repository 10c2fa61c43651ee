import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { session, SESSION_STORAGE_KEY, useSessionUser } from "./session";

const user = {
  id: 3,
  firstname: "Chidi",
  lastname: "Eze",
  email: "chidi@example.org",
  role: "user" as const,
  isVerified: true,
  language: "en",
};

describe("session", () => {
  beforeEach(() => localStorage.clear());

  it("keeps the signed-in user with the token under the key 'user'", () => {
    session.signIn(user, "tok");
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? "null")).toEqual({
      ...user,
      token: "tok",
    });
    expect(session.current()).toEqual({ ...user, token: "tok" });
  });

  it("restores the user stored before the page loaded", () => {
    localStorage.setItem("user", JSON.stringify({ ...user, token: "earlier" }));
    expect(session.current()?.token).toBe("earlier");
  });

  it("treats a damaged or foreign stored value as signed out", () => {
    localStorage.setItem("user", "{not json");
    expect(session.current()).toBeNull();
    localStorage.setItem("user", JSON.stringify({ name: "x" }));
    expect(session.current()).toBeNull();
  });

  it("merges a profile update and clears on sign-out", () => {
    session.signIn(user, "tok");
    session.update({ firstname: "Chidinma" });
    expect(session.current()).toMatchObject({ firstname: "Chidinma", token: "tok" });
    session.signOut();
    expect(session.current()).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("re-renders subscribers on sign-in, sign-out and changes from another tab", () => {
    const { result } = renderHook(() => useSessionUser());
    expect(result.current).toBeNull();
    act(() => session.signIn(user, "tok"));
    expect(result.current?.firstname).toBe("Chidi");
    act(() => {
      localStorage.removeItem("user");
      window.dispatchEvent(new StorageEvent("storage", { key: "user" }));
    });
    expect(result.current).toBeNull();
  });
});
