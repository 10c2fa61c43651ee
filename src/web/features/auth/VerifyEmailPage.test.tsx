import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PENDING_VERIFICATION_KEY } from "./pending-verification";
import {
  ada,
  goodToken,
  heldReply,
  mockApi,
  renderPage,
  resetAuthTestState,
  storedUser,
} from "../../../test/web/auth";
import { VERIFIED_REDIRECT_MS, VerifyEmailPage } from "./VerifyEmailPage";

afterEach(resetAuthTestState);

// Opening the page reads the link (GET, which never uses it); the registering browser then uses it (POST).
const readRoute = `GET /auth/verify-email/${goodToken}/registration`;
const useRoute = "POST /auth/verify-email";
const linkFor = (sameBrowser: boolean) => ({
  success: true,
  message: "This link verifies your e-mail address once you confirm it on this page.",
  email: "ada@example.org",
  firstname: "Ada",
  lastname: "Obi",
  registeredAt: "2026-03-02T09:00:00.000Z",
  sameBrowser,
});
const verified = {
  success: true,
  message: "Verified",
  token: "new-session-token",
  user: ada,
};
const verifiedText = "Your e-mail is verified. Signing you in and taking you to your dashboard in 3 seconds.";
const toasts = () => screen.getByRole("region", { name: "Notifications" });

function showVerify(url = `/verify-email/${goodToken}`, strict = false) {
  return renderPage(<VerifyEmailPage />, { path: "/verify-email/:token?", url, strict });
}

/** Lets the stand-in server answer while timers are fake (Testing Library's find* would wait on them). */
async function settle() {
  await act(async () => {
    for (let round = 0; round < 5; round++) await new Promise((resolve) => setImmediate(resolve));
  });
}

describe("the verification link", () => {
  it("says it is verifying, with a spinner, in a status region", async () => {
    const held = heldReply(200, verified);
    mockApi()
      .answer(readRoute, { status: 200, body: linkFor(true) })
      .answer(useRoute, held.reply);
    showVerify();
    expect(screen.getByRole("heading", { level: 1, name: "Verifying your e-mail address" })).toBeVisible();
    const message = screen.getByText("Verifying your e-mail address…");
    expect(message.closest("[role='status']")).not.toBeNull();
    held.release();
    expect(await screen.findByText(verifiedText)).toBeInTheDocument();
  });

  it("signs in, says so, and goes to the dashboard after 3 seconds", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    window.localStorage.setItem(PENDING_VERIFICATION_KEY, "ada@example.org");
    const api = mockApi()
      .answer(readRoute, { status: 200, body: linkFor(true) })
      .answer(useRoute, { status: 200, body: verified });
    const router = showVerify();
    await settle();
    expect(api.sent.map((request) => request.method)).toEqual(["GET", "POST"]);
    expect(api.sent[1]).toMatchObject({ path: "/auth/verify-email", body: { token: goodToken } });
    expect(screen.getByRole("heading", { level: 1, name: "E-mail address verified" })).toBeVisible();
    expect(screen.getByText(verifiedText).closest("[role='status']")).not.toBeNull();
    expect(storedUser()).toEqual({ ...ada, token: "new-session-token" });
    expect(window.localStorage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();
    expect(screen.getByRole("link", { name: "Go to your dashboard now" })).toHaveAttribute(
      "href",
      "/dashboard",
    );

    act(() => vi.advanceTimersByTime(VERIFIED_REDIRECT_MS - 1));
    expect(router.state.location.pathname).toBe(`/verify-email/${goodToken}`);
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("asks the server once even when React runs the effect twice, and shows the success", async () => {
    const api = mockApi()
      .answer(readRoute, { status: 200, body: linkFor(true) }, { status: 200, body: linkFor(true) })
      .answer(
        useRoute,
        { status: 200, body: verified },
        {
          status: 400,
          body: { success: false, message: "This verification link has already been used. Please sign in." },
        },
      );
    showVerify(undefined, true);
    expect(await screen.findByText(verifiedText)).toBeInTheDocument();
    expect(api.sent).toHaveLength(2);
    expect(screen.queryByText(/already been used/)).not.toBeInTheDocument();
  });

  it("takes the token from the query too", async () => {
    const api = mockApi()
      .answer(readRoute, { status: 200, body: linkFor(true) })
      .answer(useRoute, { status: 200, body: verified });
    showVerify(`/verify-email?token=${goodToken}`);
    expect(await screen.findByText(verifiedText)).toBeInTheDocument();
    expect(api.sent[0]?.path).toBe(`/auth/verify-email/${goodToken}/registration`);
  });

  it("reads the link once more when the first request got no answer", async () => {
    const api = mockApi()
      .answer(readRoute, "network failure", { status: 200, body: linkFor(true) })
      .answer(useRoute, { status: 200, body: verified });
    showVerify();
    expect(await screen.findByText(verifiedText)).toBeInTheDocument();
    expect(api.sent).toHaveLength(3);
  });

  it("says 'An error occurred during verification. Please try again later.' when neither try is answered", async () => {
    mockApi().answer(readRoute, "network failure", "network failure");
    showVerify();
    const message = "An error occurred during verification. Please try again later.";
    expect(await within(toasts()).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "E-mail verification failed" })).toBeVisible();
  });

  it("shows the server's reason, does not retry it, and offers Resend to the remembered address", async () => {
    window.localStorage.setItem(PENDING_VERIFICATION_KEY, "ada@example.org");
    const reason = "This verification link has expired. Please ask for a new one.";
    const api = mockApi()
      .answer(readRoute, { status: 400, body: { success: false, message: reason } })
      .answer("POST /auth/resend-verification", {
        status: 200,
        body: {
          success: true,
          message:
            "If that e-mail address belongs to an account that still needs verifying, we have sent a new link. Please check your inbox.",
        },
      });
    const user = userEvent.setup();
    showVerify();
    expect(await screen.findAllByText(reason)).toHaveLength(2); // the toast and the page
    expect(api.sent).toHaveLength(1);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Resend verification email" }));
    expect(
      await within(toasts()).findByText(
        "If that e-mail address belongs to an account that still needs verifying, we have sent a new link. Please check your inbox.",
      ),
    ).toBeInTheDocument();
    expect(api.sent[1]).toMatchObject({ body: { email: "ada@example.org" } });
    expect(screen.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/login");
  });

  it("says 'Verification failed. Please try again or contact support.' when the server gives no reason", async () => {
    mockApi().answer(readRoute, { status: 500 });
    showVerify();
    expect(
      await within(toasts()).findByText("Verification failed. Please try again or contact support."),
    ).toBeInTheDocument();
  });

  it("asks for the address to resend to when none is remembered", async () => {
    const api = mockApi()
      .answer(readRoute, { status: 400, body: { success: false, message: "Not valid" } })
      .answer("POST /auth/resend-verification", { status: 500 });
    const user = userEvent.setup();
    showVerify();
    const resend = await screen.findByRole("button", { name: "Resend verification email" });
    await user.click(resend);
    expect(screen.getByRole("alert")).toHaveTextContent("Please provide your email address");
    await user.type(screen.getByRole("textbox", { name: "Your e-mail address" }), "ada@example.org");
    await user.click(screen.getByRole("button", { name: "Resend verification email" }));
    expect(
      await within(toasts()).findByText("Failed to resend verification email. Please try again later."),
    ).toBeInTheDocument();
    expect(api.sent[1]).toMatchObject({ body: { email: "ada@example.org" } });
  });

  for (const [what, url] of [
    ["no token", "/verify-email"],
    ["a token of 10 characters", "/verify-email/0123456789"],
  ] as const) {
    it(`with ${what} says the token is missing and asks nothing of the server`, () => {
      const api = mockApi();
      showVerify(url);
      const message =
        "Verification token is missing. Please check your email and click the verification link again.";
      expect(within(toasts()).getByText(message)).toBeInTheDocument();
      expect(screen.getAllByText(message)).toHaveLength(2);
      expect(screen.getByRole("button", { name: "Resend verification email" })).toBeInTheDocument();
      expect(api.sent).toEqual([]);
    });
  }
});

describe("a verification link opened in another browser than the one that registered", () => {
  const signedIn = { success: true, message: "Your password is set.", token: "chosen-session", user: ada };

  async function openElsewhere() {
    const router = showVerify();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Confirm your e-mail address" }),
    ).toHaveFocus();
    return router;
  }

  async function chooseNewPassword(password: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password", { selector: "input" }), password);
    await user.type(screen.getByLabelText("Confirm new password", { selector: "input" }), password);
    await user.click(screen.getByRole("button", { name: "Save password and sign in" }));
  }

  it("uses nothing on opening: it shows whose registration it is and waits for the person", async () => {
    const api = mockApi().answer(readRoute, { status: 200, body: linkFor(false) });
    await openElsewhere();

    expect(screen.getByText("ada@example.org")).toBeVisible();
    expect(screen.getByText(/in the name of Ada Obi/)).toBeVisible();
    expect(screen.getByLabelText("Password chosen when registering", { selector: "input" })).toBeVisible();
    expect(api.sent.map((request) => request.method)).toEqual(["GET"]);
    expect(storedUser()).toBeNull();
  });

  it("verifies with the password chosen at registration, and says so when it is wrong", async () => {
    const api = mockApi()
      .answer(readRoute, { status: 200, body: linkFor(false) })
      .answer(
        useRoute,
        {
          status: 401,
          body: {
            success: false,
            code: "WRONG_CREDENTIALS",
            message:
              "That is not the password chosen when registering. Please try again, or choose a new password instead.",
          },
        },
        { status: 200, body: { ...signedIn, message: "Verified" } },
      );
    const router = await openElsewhere();
    const user = userEvent.setup();
    const field = screen.getByLabelText("Password chosen when registering", { selector: "input" });

    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter your password");
    expect(api.sent).toHaveLength(1);

    await user.type(field, "Wrong-Guess-1");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(/not the password chosen when registering/)).toBeVisible();
    expect(field).toHaveAttribute("aria-invalid", "true");

    await user.clear(field);
    await user.type(field, "Tangerine_Bicycle_84");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(api.sent.at(-1)).toMatchObject({
      method: "POST",
      path: "/auth/verify-email",
      body: { token: goodToken, password: "Tangerine_Bicycle_84" },
    });
    expect(storedUser()).toEqual({ ...ada, token: "chosen-session" });
  });

  it("offers a new password instead, checks it before sending, and signs in with it", async () => {
    const api = mockApi()
      .answer(readRoute, { status: 200, body: linkFor(false) })
      .answer(useRoute, { status: 200, body: signedIn });
    const router = await openElsewhere();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Choose a new password instead" }));
    expect(screen.getByText(/removes the password chosen when registering/)).toBeVisible();

    await chooseNewPassword("short");
    expect(api.sent.filter((request) => request.method === "POST")).toHaveLength(0);
    await user.clear(screen.getByLabelText("New password", { selector: "input" }));
    await user.clear(screen.getByLabelText("Confirm new password", { selector: "input" }));
    await chooseNewPassword("Tangerine_Bicycle_84");

    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(api.sent.at(-1)).toMatchObject({
      method: "POST",
      body: { token: goodToken, newPassword: "Tangerine_Bicycle_84" },
    });
    expect(storedUser()).toEqual({ ...ada, token: "chosen-session" });
  });

  it("says the link has ended when another registration of the address was verified meanwhile", async () => {
    const ended = "This verification link is not valid. Please ask for a new one.";
    mockApi()
      .answer(readRoute, { status: 200, body: linkFor(false) })
      .answer(useRoute, { status: 400, body: { success: false, code: "LINK_INVALID", message: ended } });
    await openElsewhere();
    const user = userEvent.setup();
    await user.type(
      screen.getByLabelText("Password chosen when registering", { selector: "input" }),
      "Any-Pass-1",
    );
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "E-mail verification failed" }),
    ).toHaveFocus();
    expect(screen.getAllByText(ended).length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Resend verification email" })).toBeInTheDocument();
  });
});
