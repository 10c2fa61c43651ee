import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ForgotPasswordPage } from "./ForgotPasswordPage";
import { mockApi, renderPage, resetAuthTestState } from "../../../test/web/auth";

afterEach(resetAuthTestState);

const toasts = () => screen.getByRole("region", { name: "Notifications" });
const sendLink = () => screen.getByRole("button", { name: "Send reset link" });
const emailField = () => screen.getByRole("textbox", { name: "E-mail address" });
const requested = "If your email is registered, you will receive a password reset link";

function showForgotPassword(state?: unknown) {
  const user = userEvent.setup();
  renderPage(<ForgotPasswordPage />, { path: "/forgot-password", state });
  return user;
}

describe("the forgot-password form", () => {
  it("says 'Please provide your email address' when the field is empty, and sends nothing", async () => {
    const api = mockApi();
    const user = showForgotPassword();
    await user.click(sendLink());
    expect(screen.getByRole("alert")).toHaveTextContent(
      "There is a problemPlease provide your email address",
    );
    expect(emailField()).toHaveAccessibleDescription("Error: Please provide your email address");
    expect(emailField()).toHaveAttribute("autocomplete", "email");
    expect(api.sent).toEqual([]);
  });

  it("says 'Please enter a valid email address' for something that is not one", async () => {
    const api = mockApi();
    const user = showForgotPassword();
    await user.type(emailField(), "ada.example.org");
    await user.click(sendLink());
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter a valid email address");
    expect(api.sent).toEqual([]);
  });

  it("shows 'Check Your Email' with the server's message, Try Again and Back to Login", async () => {
    const api = mockApi().answer("POST /auth/request-password-reset", {
      status: 200,
      body: { success: true, message: requested },
    });
    const user = showForgotPassword();
    await user.type(emailField(), " ada@example.org ");
    await user.click(sendLink());
    const heading = await screen.findByRole("heading", { level: 1, name: "Check Your Email" });
    expect(heading).toHaveFocus();
    expect(within(toasts()).getByText(requested)).toBeInTheDocument();
    expect(screen.getAllByText(requested)).toHaveLength(2);
    expect(api.sent[0]?.body).toEqual({ email: "ada@example.org" });
    expect(screen.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/login");

    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(screen.getByRole("heading", { level: 1, name: "Forgot your password?" })).toHaveFocus();
    expect(emailField()).toHaveValue("ada@example.org");
  });

  it("says 'An error occurred. Please try again later.' when the request fails without a reason", async () => {
    mockApi().answer("POST /auth/request-password-reset", { status: 500 }, "network failure");
    const user = showForgotPassword();
    await user.type(emailField(), "ada@example.org");
    await user.click(sendLink());
    expect(
      await within(toasts()).findByText("An error occurred. Please try again later."),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("An error occurred. Please try again later.");
    await user.click(sendLink());
    // Sending again takes the message away until the second answer brings it back.
    expect(await screen.findByRole("alert")).toHaveTextContent("An error occurred. Please try again later.");
  });

  it("shows the server's reason when it gives one", async () => {
    const message = "Too many attempts. Please wait 3 minutes and try again.";
    mockApi().answer("POST /auth/request-password-reset", { status: 429, body: { success: false, message } });
    const user = showForgotPassword();
    await user.type(emailField(), "ada@example.org");
    await user.click(sendLink());
    expect(await within(toasts()).findByText(message)).toBeInTheDocument();
  });

  it("says why the visitor was sent here from a broken reset link", () => {
    showForgotPassword({ problem: "auth.account.resetLinkMissing" });
    expect(screen.getByText("Invalid reset link. Please request a new password reset.")).toBeInTheDocument();
  });
});
