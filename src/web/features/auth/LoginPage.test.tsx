import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { landingAfterSignIn, LoginPage, SIGNED_IN_REDIRECT_MS } from "./LoginPage";
import { PENDING_VERIFICATION_KEY } from "./pending-verification";
import {
  ada,
  mockApi,
  renderPage,
  resetAuthTestState,
  signInLocally,
  storedUser,
} from "../../../test/web/auth";

afterEach(resetAuthTestState);

const reviewQueue = { path: "/dashboard/reviews", element: <h1>Review queue</h1> };

const toasts = () => screen.getByRole("region", { name: "Notifications" });
const logIn = () => screen.getByRole("button", { name: "Log in" });

function showLogin() {
  const user = userEvent.setup();
  const router = renderPage(<LoginPage />, { path: "/login" });
  return { user, router };
}

async function typeCredentials(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await user.type(screen.getByRole("textbox", { name: "E-mail address" }), email);
  if (password) await user.type(screen.getByLabelText("Password", { selector: "input" }), password);
}

describe("the login form", () => {
  it("has labelled fields with autofill, and links to Forgot password? and Sign up", () => {
    showLogin();
    expect(screen.getByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "E-mail address" })).toHaveAttribute("autocomplete", "email");
    expect(screen.getByLabelText("Password", { selector: "input" })).toHaveAttribute(
      "autocomplete",
      "current-password",
    );
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/register");
  });

  it("says 'Please Fill out all fields' and sends nothing when a field is empty", async () => {
    const api = mockApi();
    const { user } = showLogin();
    await typeCredentials(user, "ada@example.org", "");
    await user.click(logIn());
    const summary = screen.getByRole("alert");
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent("Please Fill out all fields");
    expect(within(summary).getByRole("link", { name: "Enter your password" })).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it("signs in, says 'Welcome back, {firstname}!' and goes to the dashboard", async () => {
    window.localStorage.setItem(PENDING_VERIFICATION_KEY, "ada@example.org");
    const api = mockApi().answer("POST /auth/login", {
      status: 200,
      body: { success: true, message: "Welcome back, Ada!", token: "fresh-session-token", user: ada },
    });
    const { user, router } = showLogin();
    await typeCredentials(user, " ada@example.org ", "Kettle-Drum-42");
    await user.click(logIn());
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(within(toasts()).getByText("Welcome back, Ada!")).toBeInTheDocument();
    expect(storedUser()).toEqual({ ...ada, token: "fresh-session-token" });
    expect(api.sent[0]?.body).toEqual({ email: "ada@example.org", password: "Kettle-Drum-42" });
    expect(window.localStorage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();
  });

  it.each([
    ["moderator", "Moderator"],
    ["admin", "Admin"],
  ] as const)("takes a %s to the review queue once signed in", async (role, firstname) => {
    mockApi().answer("POST /auth/login", {
      status: 200,
      body: { success: true, message: "Signed in", token: "staff-token", user: { ...ada, firstname, role } },
    });
    const user = userEvent.setup();
    const router = renderPage(<LoginPage />, { path: "/login", routes: [reviewQueue] });
    await typeCredentials(user, "staff@example.org", "Kettle-Drum-42");
    await user.click(logIn());
    expect(await screen.findByRole("heading", { name: "Review queue" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/reviews");
  });

  it("shows the server's reason as a toast and on the page when the credentials are wrong", async () => {
    const message = "Wrong e-mail address or password. Please check them and try again.";
    mockApi().answer("POST /auth/login", { status: 401, body: { success: false, message } });
    const { user } = showLogin();
    await typeCredentials(user, "ada@example.org", "wrong");
    await user.click(logIn());
    expect(await within(toasts()).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(storedUser()).toBeNull();
    expect(screen.queryByRole("button", { name: "Resend verification email" })).not.toBeInTheDocument();
  });

  it("says 'Login failed. Please check your credentials.' when the server gives no reason", async () => {
    mockApi().answer("POST /auth/login", { status: 500 }, "network failure");
    const { user } = showLogin();
    await typeCredentials(user, "ada@example.org", "Kettle-Drum-42");
    await user.click(logIn());
    expect(
      await within(toasts()).findByText("Login failed. Please check your credentials."),
    ).toBeInTheDocument();
    await user.click(logIn());
    // Sending again takes the message away until the second answer brings it back.
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Login failed. Please check your credentials.",
    );
  });

  it("offers to resend the verification e-mail when the address is not verified yet", async () => {
    const message = "Please verify your e-mail address before signing in.";
    const api = mockApi()
      .answer("POST /auth/login", {
        status: 403,
        body: { success: false, message, code: "EMAIL_NOT_VERIFIED" },
      })
      .answer("POST /auth/resend-verification", {
        status: 200,
        body: {
          success: true,
          message:
            "If that e-mail address belongs to an account that still needs verifying, we have sent a new link. Please check your inbox.",
        },
      });
    const { user } = showLogin();
    await typeCredentials(user, "ada@example.org", "Kettle-Drum-42");
    await user.click(logIn());
    expect(await within(toasts()).findByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Resend verification email" }));
    expect(
      await within(toasts()).findByText(
        "If that e-mail address belongs to an account that still needs verifying, we have sent a new link. Please check your inbox.",
      ),
    ).toBeInTheDocument();
    expect(api.sent.at(-1)).toMatchObject({
      path: "/auth/resend-verification",
      body: { email: "ada@example.org" },
    });
    expect(window.localStorage.getItem(PENDING_VERIFICATION_KEY)).toBe("ada@example.org");
  });
});

describe("a signed-in visitor of the login page", () => {
  it("is told so in a live region and taken to the dashboard after 2 seconds", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    signInLocally();
    const router = renderPage(<LoginPage />, { path: "/login" });
    const notice = screen.getByText("You are signed in as Ada. Taking you to your dashboard in 2 seconds.");
    expect(notice.closest("[role='status']")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Log in" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to your dashboard now" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    act(() => vi.advanceTimersByTime(SIGNED_IN_REDIRECT_MS - 1));
    expect(router.state.location.pathname).toBe("/login");
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(screen.getByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  });

  it("is taken to the review queue after 2 seconds when a moderator", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    signInLocally({ ...ada, role: "moderator" });
    const router = renderPage(<LoginPage />, { path: "/login", routes: [reviewQueue] });
    expect(
      screen.getByText("You are signed in as Ada. Taking you to the review queue in 2 seconds."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the review queue now" })).toHaveAttribute(
      "href",
      "/dashboard/reviews",
    );
    act(() => vi.advanceTimersByTime(SIGNED_IN_REDIRECT_MS));
    expect(router.state.location.pathname).toBe("/dashboard/reviews");
  });
});

describe("landingAfterSignIn", () => {
  it("sends those who review reports to the queue and everyone else to the dashboard", () => {
    expect(landingAfterSignIn("user").path).toBe("/dashboard");
    expect(landingAfterSignIn("moderator").path).toBe("/dashboard/reviews");
    expect(landingAfterSignIn("admin").path).toBe("/dashboard/reviews");
  });
});
