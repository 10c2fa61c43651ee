import { afterEach, describe, expect, it, vi } from "vitest";
import "../../test/web/contract";
import { SESSION_STORAGE_KEY } from "../lib/session";
import { ACCOUNT_LANGUAGE_KEY, rememberLanguage, saveChosenLanguage } from "./remember-language";

const amina = {
  id: 7,
  firstname: "Amina",
  lastname: "Bello",
  email: "amina@example.org",
  role: "user" as const,
  isVerified: true,
  language: "en",
};

function answerProfileUpdate() {
  const sent: { url: string; method?: string; body: unknown; authorization: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body)) as { language: string };
      sent.push({
        url,
        method: init.method,
        body,
        authorization: new Headers(init.headers).get("authorization"),
      });
      return new Response(
        JSON.stringify({
          success: true,
          message: "Profile updated successfully",
          user: { ...amina, language: body.language },
        }),
        {
          status: 200,
        },
      );
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("the language chosen with the switch", () => {
  it("is saved on a signed-in account once the page in that language has loaded", async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...amina, token: "t0ken" }));
    const sent = answerProfileUpdate();
    rememberLanguage("ha");
    expect(document.cookie).toContain("lang=ha");
    expect(sent).toEqual([]);
    await saveChosenLanguage();
    expect(sent).toEqual([
      {
        url: "/api/v1/auth/update-profile",
        method: "PATCH",
        body: { firstname: "Amina", lastname: "Bello", language: "ha" },
        authorization: "Bearer t0ken",
      },
    ]);
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? "{}")).toMatchObject({
      language: "ha",
    });
    expect(window.localStorage.getItem(ACCOUNT_LANGUAGE_KEY)).toBeNull();
    await saveChosenLanguage();
    expect(sent).toHaveLength(1);
  });

  it("sends nothing when signed out, or when the account already has that language", async () => {
    const sent = answerProfileUpdate();
    rememberLanguage("yo");
    await saveChosenLanguage();
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...amina, token: "t0ken" }));
    rememberLanguage("en");
    await saveChosenLanguage();
    expect(sent).toEqual([]);
  });
});
