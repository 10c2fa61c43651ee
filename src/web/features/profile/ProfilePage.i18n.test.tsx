import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_STORAGE_KEY } from "../../lib/session";
import { inLanguage } from "../../../test/web/i18n";
import { renderWithDataLayer } from "../../../test/web/data-layer";
import { Toaster } from "../../ui/toast/Toaster";
import { toast } from "../../ui/toast/toast-store";
import { ada } from "../../../test/web/users";
import { ProfilePage } from "./ProfilePage";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  toast.clear();
});

describe("the profile page in Yoruba", () => {
  it("speaks Yoruba and saves the language of the account's e-mails, chosen by the languages' own names", async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...ada, token: "ada-session" }));
    const sent: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        sent.push(JSON.parse(String(init.body)));
        const user = { ...ada, language: "ha" };
        return new Response(
          JSON.stringify({ success: true, message: "Profile updated successfully", user }),
          {
            status: 200,
          },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithDataLayer(
      await inLanguage(
        "yo",
        ["profile", "auth"],
        <>
          <ProfilePage />
          <Toaster />
        </>,
      ),
    );
    expect(screen.getByRole("heading", { level: 1, name: "Àlàyé mi" })).toBeInTheDocument();
    expect(screen.getByText("A kò lè yí àdírẹ́sì ímeèlì rẹ padà.")).toBeInTheDocument();
    const language = screen.getByRole("combobox", { name: "Èdè àwọn ímeèlì" });
    expect(language).toHaveValue("en");
    const names = within(language)
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(names).toEqual(expect.arrayContaining(["English", "Hausa", "Yorùbá"]));
    expect(within(language).getByRole("option", { name: "Yorùbá" })).toHaveAttribute("lang", "yo");

    await user.selectOptions(language, "ha");
    await user.click(screen.getByRole("button", { name: "Fi àwọn àyípadà pamọ́" }));
    expect(
      await within(screen.getByRole("region", { name: "Àwọn ìfitónilétí" })).findByText(
        "A ti ṣe àtúnṣe àlàyé rẹ ní àṣeyọrí",
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ firstname: "Ada", lastname: "Obi", language: "ha" }]);
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? "{}")).toMatchObject({
      language: "ha",
    });
    expect(document.body.textContent).not.toMatch(/\b(profile|auth)\.[a-zA-Z]/);
  });
});
