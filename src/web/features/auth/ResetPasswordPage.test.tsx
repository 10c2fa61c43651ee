import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ForgotPasswordPage } from "./ForgotPasswordPage";
import { ResetPasswordPage } from "./ResetPasswordPage";
import {
  goodToken,
  mockApi,
  renderPage,
  resetAuthTestState,
  signInLocally,
  storedUser,
} from "../../../test/web/auth";

afterEach(resetAuthTestState);

const toasts = () => screen.getByRole("region", { name: "Notifications" });
const resetButton = () => screen.getByRole("button", { name: "Reset password" });
const invalidLink = "Invalid reset link. Please request a new password reset.";

function showReset(url: string, state?: unknown) {
  const user = userEvent.setup();
  const router = renderPage(<ResetPasswordPage />, {
    path: "/reset-password/:token?",
    url,
    state,
    routes: [{ path: "/forgot-password", element: <ForgotPasswordPage /> }],
  });
  return { user, router };
}

async function choose(user: ReturnType<typeof userEvent.setup>, password: string, confirmation: string) {
  if (password) await user.type(screen.getByLabelText("New password", { selector: "input" }), password);
  if (confirmation) {
    await user.type(screen.getByLabelText("Confirm new password", { selector: "input" }), confirmation);
  }
}

const done = {
  success: true,
  message: "Password has been reset successfully. You can now sign in with your new password.",
};

describe("the reset-password link", () => {
  it("takes its token from the route and sets the new password as typed", async () => {
    const api = mockApi().answer("POST /auth/reset-password", {
      status: 200,
      body: {
        success: true,
        message: "Password has been reset successfully. You can now sign in with your new password.",
      },
    });
    const { user } = showReset(`/reset-password/${goodToken}`);
    await choose(user, " Kettle-Drum-42", " Kettle-Drum-42");
    await user.click(resetButton());
    const heading = await screen.findByRole("heading", { level: 1, name: "Password Reset Successful!" });
    expect(heading).toHaveFocus();
    expect(
      within(toasts()).getByText(
        "Password has been reset successfully. You can now sign in with your new password.",
      ),
    ).toBeVisible();
    expect(api.sent[0]?.body).toEqual({ token: goodToken, newPassword: " Kettle-Drum-42" });
    expect(screen.getByRole("link", { name: "Log in with your new password" })).toHaveAttribute(
      "href",
      "/login",
    );
  });

  it("takes its token from the query, and says the page's own sentence without a server message", async () => {
    // The contract promises a message, and answers are checked against it in development and tests: a
    // production build, which checks nothing, is where an answer without one could arrive.
    vi.stubEnv("DEV", false);
    const api = mockApi().answer("POST /auth/reset-password", { status: 200, body: { success: true } });
    const { user } = showReset(`/reset-password?token=${goodToken}`);
    await choose(user, "Kettle-Drum-42", "Kettle-Drum-42");
    await user.click(resetButton());
    expect(
      await within(toasts()).findByText(
        "Password has been reset successfully. You can now sign in with your new password.",
      ),
    ).toBeInTheDocument();
    expect(api.sent[0]?.body).toMatchObject({ token: goodToken });
  });

  it("takes its token from navigation state", async () => {
    const api = mockApi().answer("POST /auth/reset-password", { status: 200, body: done });
    const { user } = showReset("/reset-password", { token: "state-token-0123456789" });
    await choose(user, "Kettle-Drum-42", "Kettle-Drum-42");
    await user.click(resetButton());
    await screen.findByRole("heading", { name: "Password Reset Successful!" });
    expect(api.sent[0]?.body).toMatchObject({ token: "state-token-0123456789" });
  });

  it("signs this browser out, since a reset ends every session", async () => {
    mockApi().answer("POST /auth/reset-password", { status: 200, body: done });
    signInLocally();
    const { user } = showReset(`/reset-password/${goodToken}`);
    await choose(user, "Kettle-Drum-42", "Kettle-Drum-42");
    await user.click(resetButton());
    await screen.findByRole("heading", { name: "Password Reset Successful!" });
    expect(storedUser()).toBeNull();
  });

  for (const [what, url] of [
    ["no token", "/reset-password"],
    ["a token of 10 characters", "/reset-password/0123456789"],
  ] as const) {
    it(`with ${what} says '${invalidLink}' and goes to /forgot-password`, async () => {
      const api = mockApi();
      const { router } = showReset(url);
      expect(await screen.findByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
      expect(router.state.location.pathname).toBe("/forgot-password");
      expect(within(toasts()).getByText(invalidLink)).toBeInTheDocument();
      expect(screen.getAllByText(invalidLink)).toHaveLength(2);
      expect(api.sent).toEqual([]);
    });
  }
});

describe("the new-password form", () => {
  it("says 'Please fill out all fields', 'Passwords do not match' and 'Please fix the password issues before submitting'", async () => {
    const api = mockApi();
    const { user } = showReset(`/reset-password/${goodToken}`);
    await user.click(resetButton());
    expect(screen.getByRole("alert")).toHaveTextContent("Please fill out all fields");
    expect(screen.getByRole("alert")).toHaveFocus();

    await choose(user, "Kettle-Drum-42", "Kettle-Drum-43");
    await user.click(resetButton());
    expect(screen.getByRole("alert")).toHaveTextContent("There is a problemPasswords do not match");

    await user.clear(screen.getByLabelText("New password", { selector: "input" }));
    await user.clear(screen.getByLabelText("Confirm new password", { selector: "input" }));
    await choose(user, "kettle", "kettle");
    await user.click(resetButton());
    expect(screen.getByRole("alert")).toHaveTextContent("Please fix the password issues before submitting");
    expect(api.sent).toEqual([]);
  });

  it("shows live password rules", async () => {
    const { user } = showReset(`/reset-password/${goodToken}`);
    await choose(user, "K", "");
    const rules = screen.getByRole("list", { name: "Your password needs:" });
    expect(within(rules).getByText("An uppercase letter (A–Z)").closest("li")).toHaveTextContent("(done)");
  });

  it("offers a new link when the server says this one has expired", async () => {
    const message = "This password reset link has expired. Please request a new password reset.";
    mockApi().answer("POST /auth/reset-password", {
      status: 400,
      body: { success: false, message, code: "LINK_INVALID" },
    });
    const { user } = showReset(`/reset-password/${goodToken}`);
    await choose(user, "Kettle-Drum-42", "Kettle-Drum-42");
    await user.click(resetButton());
    expect(await within(toasts()).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("link", { name: "Request a new password reset" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  it("says 'An error occurred. Please try again later.' when the request fails without a reason", async () => {
    mockApi().answer("POST /auth/reset-password", "network failure");
    const { user } = showReset(`/reset-password/${goodToken}`);
    await choose(user, "Kettle-Drum-42", "Kettle-Drum-42");
    await user.click(resetButton());
    expect(
      await within(toasts()).findByText("An error occurred. Please try again later."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Request a new password reset" })).not.toBeInTheDocument();
  });
});
