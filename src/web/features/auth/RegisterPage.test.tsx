import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HINTS_ANNOUNCE_DELAY_MS } from "./PasswordHints";
import { PENDING_VERIFICATION_KEY } from "./pending-verification";
import { RegisterPage } from "./RegisterPage";
import { heldReply, mockApi, renderPage, resetAuthTestState } from "../../../test/web/auth";

afterEach(resetAuthTestState);

const registered = {
  success: true,
  message: "Thank you for registering. Please check your e-mail and follow the link in it.",
};

function showRegister() {
  const user = userEvent.setup();
  const router = renderPage(<RegisterPage />, { path: "/register" });
  return { user, router };
}

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  fields: Partial<Record<"first" | "last" | "email" | "password" | "confirm", string>>,
) {
  const entries: [string, string | undefined][] = [
    ["First name", fields.first],
    ["Last name", fields.last],
    ["E-mail address", fields.email],
    ["Password", fields.password],
    ["Confirm password", fields.confirm],
  ];
  for (const [label, value] of entries) {
    if (value) await user.type(screen.getByLabelText(label, { selector: "input" }), value);
  }
}

const complete = {
  first: " Ada ",
  last: "Obi",
  email: " ada@example.org ",
  password: "Kettle-Drum-42",
  confirm: "Kettle-Drum-42",
};

const toasts = () => screen.getByRole("region", { name: "Notifications" });
const createAccount = () => screen.getByRole("button", { name: "Create account" });

describe("the registration form", () => {
  it("labels every field and asks the browser for the right autofill", () => {
    showRegister();
    expect(screen.getByRole("heading", { level: 1, name: "Create an account" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "First name" })).toHaveAttribute("autocomplete", "given-name");
    expect(screen.getByRole("textbox", { name: "Last name" })).toHaveAttribute("autocomplete", "family-name");
    expect(screen.getByRole("textbox", { name: "E-mail address" })).toHaveAttribute("autocomplete", "email");
    expect(screen.getByLabelText("Password", { selector: "input" })).toHaveAttribute(
      "autocomplete",
      "new-password",
    );
    expect(screen.getByLabelText("Confirm password", { selector: "input" })).toHaveAttribute(
      "autocomplete",
      "new-password",
    );
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  });

  it("says 'Please fill out all fields', focused, and sends nothing when fields are empty", async () => {
    const api = mockApi();
    const { user } = showRegister();
    await fillIn(user, { first: "Ada", password: "Kettle-Drum-42" });
    await user.click(createAccount());
    const summary = screen.getByRole("alert");
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent("Please fill out all fields");
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "Enter your last name",
      "Enter your e-mail address",
      "Enter the password again to confirm it",
    ]);
    expect(screen.getByRole("textbox", { name: "Last name" })).toHaveAccessibleDescription(
      "Error: Enter your last name",
    );
    expect(screen.getByRole("textbox", { name: "First name" })).not.toHaveAttribute("aria-invalid");
    expect(api.sent).toEqual([]);
  });

  it("says 'Passwords do not match' on the confirmation", async () => {
    const api = mockApi();
    const { user } = showRegister();
    await fillIn(user, { ...complete, confirm: "Kettle-Drum-43" });
    await user.click(createAccount());
    expect(screen.getByRole("alert")).toHaveTextContent("There is a problemPasswords do not match");
    expect(screen.getByLabelText("Confirm password", { selector: "input" })).toHaveAccessibleDescription(
      "Error: Passwords do not match",
    );
    expect(api.sent).toEqual([]);
  });

  it("says 'Please fix the password issues before submitting' and what the password needs", async () => {
    const api = mockApi();
    const { user } = showRegister();
    await fillIn(user, { ...complete, password: "kettledrum42", confirm: "kettledrum42" });
    await user.click(createAccount());
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("Please fix the password issues before submitting");
    expect(
      within(summary).getByRole("link", {
        name: "Your password needs an uppercase letter and a special character such as ! @ # $ or %.",
      }),
    ).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it("refuses a common password dressed up to meet the rules", async () => {
    mockApi();
    const { user } = showRegister();
    await fillIn(user, { ...complete, password: "Password1!", confirm: "Password1!" });
    await user.click(createAccount());
    expect(screen.getByRole("alert")).toHaveTextContent(/too common and easy to guess/);
  });

  it("asks for a valid e-mail address", async () => {
    mockApi();
    const { user } = showRegister();
    await fillIn(user, { ...complete, email: "ada@" });
    await user.click(createAccount());
    expect(screen.getByRole("alert")).toHaveTextContent(
      "There is a problemPlease enter a valid email address",
    );
  });

  it("moves focus to a field from its link in the summary", async () => {
    mockApi();
    const { user } = showRegister();
    await user.click(createAccount());
    await user.click(screen.getByRole("link", { name: "Enter your e-mail address" }));
    expect(screen.getByRole("textbox", { name: "E-mail address" })).toHaveFocus();
  });
});

describe("live password hints", () => {
  it("mark each rule done or not yet in text, and describe the password field", async () => {
    const { user } = showRegister();
    const password = screen.getByLabelText("Password", { selector: "input" });
    expect(password).toHaveAccessibleDescription(/Your password needs: At least 8 characters \(not yet\)/);
    await user.type(password, "kettle1");
    const rules = screen.getByRole("list", { name: "Your password needs:" });
    expect(within(rules).getByText("A lowercase letter (a–z)").closest("li")).toHaveTextContent("(done)");
    expect(within(rules).getByText("At least 8 characters").closest("li")).toHaveTextContent("(not yet)");
    expect(within(rules).getByText("A number (0–9)").closest("li")).toHaveTextContent("(done)");
  });

  it("announce one polite summary once typing pauses, not one per keystroke", () => {
    // fireEvent, not userEvent: Testing Library's async helpers wait on timers, which are fake here.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderPage(<RegisterPage />, { path: "/register" });
    const announcer = screen.getByText("", { selector: "p[aria-live='polite']" });
    const password = screen.getByLabelText("Password", { selector: "input" });
    for (const typed of ["K", "Ke", "Ket", "Kett", "Kettl", "Kettle"]) {
      fireEvent.input(password, { target: { value: typed } });
      act(() => vi.advanceTimersByTime(HINTS_ANNOUNCE_DELAY_MS / 4));
      // Nothing said yet (Preact keeps an empty text node where React renders none).
      expect(announcer.textContent).toBe("");
    }
    act(() => vi.advanceTimersByTime(HINTS_ANNOUNCE_DELAY_MS));
    expect(announcer).toHaveTextContent("2 of 5 password rules met");
    fireEvent.input(password, { target: { value: "Kettle-Drum-42" } });
    act(() => vi.advanceTimersByTime(HINTS_ANNOUNCE_DELAY_MS));
    expect(announcer).toHaveTextContent("All 5 password rules met");
  });
});

describe("registering", () => {
  it("sends the trimmed names and address, then shows 'Verification Email Sent!' with the server's message", async () => {
    const api = mockApi().answer("POST /auth/register", { status: 201, body: registered });
    const { user } = showRegister();
    await fillIn(user, complete);
    await user.click(createAccount());
    const heading = await screen.findByRole("heading", { level: 1, name: "Verification Email Sent!" });
    expect(heading).toHaveFocus();
    expect(screen.getByText(registered.message)).toBeInTheDocument();
    expect(api.sent).toEqual([
      {
        method: "POST",
        path: "/auth/register",
        body: {
          firstname: "Ada",
          lastname: "Obi",
          email: "ada@example.org",
          password: "Kettle-Drum-42",
          language: "en",
        },
        authorization: null,
      },
    ]);
    expect(window.localStorage.getItem(PENDING_VERIFICATION_KEY)).toBe("ada@example.org");
    expect(screen.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/login");
  });

  it("offers Resend, after a reload, for an address registered earlier in this browser", async () => {
    window.localStorage.setItem(PENDING_VERIFICATION_KEY, "ada@example.org");
    const api = mockApi().answer("POST /auth/resend-verification", {
      status: 200,
      body: {
        success: true,
        message:
          "If that e-mail address belongs to an account that still needs verifying, we have sent a new link. Please check your inbox.",
      },
    });
    const { user } = showRegister();
    expect(
      screen.getByRole("heading", { name: "Waiting for your verification e-mail?" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Resend verification email" }));
    expect(
      await within(toasts()).findByText(
        "If that e-mail address belongs to an account that still needs verifying, we have sent a new link. Please check your inbox.",
      ),
    ).toBeInTheDocument();
    expect(api.sent[0]?.body).toEqual({ email: "ada@example.org" });
  });

  it("says its own sentence when the server sends no message", async () => {
    // The contract promises a message, and answers are checked against it in development and tests: a
    // production build, which checks nothing, is where an answer without one could arrive.
    vi.stubEnv("DEV", false);
    mockApi().answer("POST /auth/register", { status: 201, body: { success: true } });
    const { user } = showRegister();
    await fillIn(user, complete);
    await user.click(createAccount());
    expect(
      await screen.findByText(
        "Thank you for registering. Please check your e-mail and follow the link in it.",
      ),
    ).toBeInTheDocument();
  });

  it("shows 'sending....' on the button while the request is on its way", async () => {
    const held = heldReply(201, registered);
    mockApi().answer("POST /auth/register", held.reply);
    const { user } = showRegister();
    await fillIn(user, complete);
    await user.click(createAccount());
    expect(screen.getByRole("button", { name: "sending...." })).toHaveAttribute("aria-busy", "true");
    held.release();
    expect(await screen.findByRole("heading", { name: "Verification Email Sent!" })).toBeInTheDocument();
  });

  it("resends the verification e-mail with the server's message, or says it failed", async () => {
    const api = mockApi()
      .answer("POST /auth/register", { status: 201, body: registered })
      .answer(
        "POST /auth/resend-verification",
        {
          status: 200,
          body: {
            success: true,
            message:
              "If that e-mail address belongs to an account that still needs verifying, we have sent a new link. Please check your inbox.",
          },
        },
        { status: 500 },
      );
    const { user } = showRegister();
    await fillIn(user, complete);
    await user.click(createAccount());
    const resend = await screen.findByRole("button", { name: "Resend verification email" });
    await user.click(resend);
    expect(
      await within(toasts()).findByText(
        "If that e-mail address belongs to an account that still needs verifying, we have sent a new link. Please check your inbox.",
      ),
    ).toBeInTheDocument();
    expect(api.sent.at(-1)).toMatchObject({ body: { email: "ada@example.org" } });
    await user.click(screen.getByRole("button", { name: "Resend verification email" }));
    expect(
      await within(toasts()).findByText("Failed to resend verification email. Please try again later."),
    ).toBeInTheDocument();
  });

  it("shows the server's message as a toast and on the page when registration fails", async () => {
    mockApi().answer("POST /auth/register", {
      status: 429,
      body: { success: false, message: "Too many attempts. Please wait 15 minutes and try again." },
    });
    const { user } = showRegister();
    await fillIn(user, complete);
    await user.click(createAccount());
    const message = "Too many attempts. Please wait 15 minutes and try again.";
    expect(await within(toasts()).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(createAccount()).not.toHaveAttribute("aria-disabled");
  });

  it("says 'Registration failed. Please try again.' when the server gives no reason", async () => {
    mockApi().answer("POST /auth/register", { status: 500 });
    const { user } = showRegister();
    await fillIn(user, complete);
    await user.click(createAccount());
    expect(await within(toasts()).findByText("Registration failed. Please try again.")).toBeInTheDocument();
  });

  it("says 'An error occurred during registration. Please try again.' when the network fails", async () => {
    mockApi().answer("POST /auth/register", "network failure");
    const { user } = showRegister();
    await fillIn(user, complete);
    await user.click(createAccount());
    expect(
      await within(toasts()).findByText("An error occurred during registration. Please try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "An error occurred during registration. Please try again.",
    );
  });
});
