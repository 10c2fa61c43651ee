import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_STORAGE_KEY } from "../../lib/session";
import { renderWithDataLayer } from "../../../test/web/data-layer";
import { Toaster } from "../../ui/toast/Toaster";
import { toast } from "../../ui/toast/toast-store";
import { ada } from "../../../test/web/users";
import { ProfilePage } from "./ProfilePage";

interface Sent {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}

/** The server behind fetch: answers update-profile with the given replies, in order. */
function answerProfileUpdates(...replies: ({ status: number; body?: unknown } | "network failure")[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({
        method: init.method ?? "GET",
        url,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
        authorization: new Headers(init.headers).get("authorization"),
      });
      const reply = replies.shift();
      if (!reply || reply === "network failure") throw new TypeError("Failed to fetch");
      return new Response(reply.body === undefined ? "" : JSON.stringify(reply.body), {
        status: reply.status,
      });
    }),
  );
  return sent;
}

const stored = () => JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? "null") as unknown;
const toasts = () => screen.getByRole("region", { name: "Notifications" });
const save = () => screen.getByRole("button", { name: "Save changes" });
const firstName = () => screen.getByRole("textbox", { name: "First name" });
const lastName = () => screen.getByRole("textbox", { name: "Last name" });

function showProfile() {
  const user = userEvent.setup();
  renderWithDataLayer(
    <>
      <ProfilePage />
      <Toaster />
    </>,
  );
  return user;
}

beforeEach(() => {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...ada, token: "ada-session" }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  toast.clear();
});

describe("the profile page", () => {
  it("lets the names be edited and shows the e-mail address as text that cannot be changed", () => {
    showProfile();
    expect(screen.getByRole("heading", { level: 1, name: "Profile" })).toBeInTheDocument();
    expect(screen.queryByRole("main")).not.toBeInTheDocument();
    expect(firstName()).toHaveValue("Ada");
    expect(firstName()).toHaveAttribute("autocomplete", "given-name");
    expect(lastName()).toHaveValue("Obi");
    expect(lastName()).toHaveAttribute("autocomplete", "family-name");
    expect(screen.getAllByRole("textbox")).toHaveLength(2);
    expect(screen.getByText("ada@example.org")).toBeInTheDocument();
    expect(screen.getByText("Your e-mail address cannot be changed.")).toBeInTheDocument();
  });

  it("says 'Fill all required fields' and sends nothing when a name is empty", async () => {
    const sent = answerProfileUpdates();
    const user = showProfile();
    await user.clear(lastName());
    await user.type(firstName(), "   ");
    await user.click(save());
    const summary = screen.getByRole("alert");
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent("Fill all required fields");
    expect(within(summary).getByRole("link", { name: "Enter your last name" })).toBeInTheDocument();
    expect(lastName()).toHaveAccessibleDescription("Error: Enter your last name");
    expect(sent).toEqual([]);
  });

  it("saves the trimmed names with the session's token, updates the stored user and says 'Profile updated successfully'", async () => {
    const sent = answerProfileUpdates({
      status: 200,
      body: { success: true, message: "Profile updated successfully", user: { ...ada, firstname: "Adaeze" } },
    });
    const user = showProfile();
    await user.clear(firstName());
    await user.type(firstName(), " Adaeze ");
    await user.click(save());
    expect(await within(toasts()).findByText("Profile updated successfully")).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: "PATCH",
        url: "/api/v1/auth/update-profile",
        body: { firstname: "Adaeze", lastname: "Obi", language: "en" },
        authorization: "Bearer ada-session",
      },
    ]);
    expect(stored()).toEqual({ ...ada, firstname: "Adaeze", token: "ada-session" });
    expect(firstName()).toHaveValue("Adaeze");
  });

  it("shows 'sending....' while saving", async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const user = showProfile();
    await user.click(save());
    expect(screen.getByRole("button", { name: "sending...." })).toHaveAttribute("aria-busy", "true");
    answer(new Response(JSON.stringify({ success: true, user: ada }), { status: 200 }));
    expect(await screen.findByRole("button", { name: "Save changes" })).toBeInTheDocument();
  });

  it("shows the server's reason, else 'Failed to update profile.', as a toast and on the page", async () => {
    answerProfileUpdates(
      { status: 400, body: { success: false, message: "Names can be at most 100 characters long." } },
      { status: 500 },
    );
    const user = showProfile();
    await user.click(save());
    expect(
      await within(toasts()).findByText("Names can be at most 100 characters long."),
    ).toBeInTheDocument();
    await user.click(save());
    expect(await within(toasts()).findByText("Failed to update profile.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to update profile.");
  });

  it("signs out with 'Unauthorized! Logging Out...' when the session has ended", async () => {
    answerProfileUpdates({ status: 401, body: { success: false, message: "Your session has ended." } });
    const user = showProfile();
    await user.click(save());
    expect(await within(toasts()).findByText("Unauthorized! Logging Out...")).toBeInTheDocument();
    expect(stored()).toBeNull();
    expect(within(toasts()).queryByText("Failed to update profile.")).not.toBeInTheDocument();
  });
});
