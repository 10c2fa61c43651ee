import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ErrorSummary } from "./ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "./form-problem";
import { PasswordField } from "./PasswordField";
import { SelectField } from "./SelectField";
import { SubmitButton } from "./SubmitButton";
import { TextField } from "./TextField";

function NameForm({ onSend = () => undefined }: { onSend?: (name: string) => void }) {
  const [name, setName] = useState("");
  const [secret, setSecret] = useState("");
  const [problem, setProblem] = useState<FormProblem | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) {
          setProblem(
            formProblem("Please fill out all fields", [{ fieldId: "name", message: "Enter your name" }]),
          );
          return;
        }
        setProblem(null);
        onSend(name);
      }}
    >
      {problem ? <ErrorSummary problem={problem} /> : null}
      <TextField
        id="name"
        label="Your name"
        hint="As you would like to be greeted"
        value={name}
        onChange={setName}
        autoComplete="given-name"
        error={fieldError(problem, "name")}
        required
      />
      <PasswordField
        id="secret"
        label="Confirm password"
        value={secret}
        onChange={setSecret}
        autoComplete="new-password"
      />
      <SubmitButton loading={false}>Save</SubmitButton>
    </form>
  );
}

describe("TextField", () => {
  it("has a visible label, its hint as description and autocomplete passed through", () => {
    render(<NameForm />);
    const input = screen.getByRole("textbox", { name: "Your name" });
    expect(input).toHaveAccessibleDescription("As you would like to be greeted");
    expect(input).toHaveAttribute("autocomplete", "given-name");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(screen.getByText("Your name")).toBeVisible();
  });

  it("ties its error to the input, marked invalid and prefixed 'Error:'", async () => {
    const user = userEvent.setup();
    render(<NameForm />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    const input = screen.getByRole("textbox", { name: "Your name" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("As you would like to be greeted Error: Enter your name");
  });
});

describe("SelectField", () => {
  function LanguageChoice({ error }: { error?: string }) {
    const [language, setLanguage] = useState("");
    return (
      <SelectField
        id="language"
        label="Language"
        hint="The e-mails we send come in it"
        value={language}
        onChange={setLanguage}
        error={error}
        required
      >
        <option value="">Choose a language</option>
        <option value="ha" lang="ha">
          Hausa
        </option>
        <option value="yo" lang="yo">
          Yorùbá
        </option>
      </SelectField>
    );
  }

  it("is labelled, described by its hint, and hands the chosen value on", async () => {
    const user = userEvent.setup();
    render(<LanguageChoice />);
    const select = screen.getByLabelText("Language");
    expect(select).toHaveAccessibleDescription("The e-mails we send come in it");
    expect(select).not.toHaveAttribute("aria-invalid");
    expect(select).toBeRequired();
    await user.selectOptions(select, "Yorùbá");
    expect(select).toHaveValue("yo");
  });

  it("ties its error to the select, marked invalid and prefixed 'Error:'", () => {
    render(<LanguageChoice error="Please choose a language." />);
    const select = screen.getByLabelText("Language");
    expect(select).toHaveAttribute("aria-invalid", "true");
    expect(select).toHaveAccessibleDescription(
      "The e-mails we send come in it Error: Please choose a language.",
    );
  });
});

describe("ErrorSummary", () => {
  it("appears on a failed submit with the form's message, takes focus and links to each field", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<NameForm onSend={onSend} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    const summary = screen.getByRole("alert");
    expect(summary).toHaveAccessibleName("There is a problem");
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent("Please fill out all fields");
    expect(onSend).not.toHaveBeenCalled();

    await user.click(screen.getByRole("link", { name: "Enter your name" }));
    expect(screen.getByRole("textbox", { name: "Your name" })).toHaveFocus();
    expect(window.location.hash).toBe("");
  });

  it("takes focus again on the next failed submit", async () => {
    const user = userEvent.setup();
    render(<NameForm />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await user.click(screen.getByRole("link", { name: "Enter your name" }));
    await user.keyboard("{Enter}");
    expect(screen.getByRole("alert")).toHaveFocus();
  });

  it("leaves out the form's message when a field says the same", () => {
    expect(
      formProblem("Passwords do not match", [{ fieldId: "confirm", message: "Passwords do not match" }]),
    ).toEqual({ fields: [{ fieldId: "confirm", message: "Passwords do not match" }] });
    render(<ErrorSummary problem={formProblem("The server said no")} />);
    expect(screen.getByRole("alert")).toHaveTextContent("There is a problemThe server said no");
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });
});

describe("PasswordField", () => {
  it("shows and hides the characters with a toggle button that keeps its name", async () => {
    const user = userEvent.setup();
    render(<NameForm />);
    const input = screen.getByLabelText("Confirm password");
    expect(input).toHaveAttribute("type", "password");
    expect(input).toHaveAttribute("autocomplete", "new-password");
    const toggle = screen.getByRole("button", { name: "Show confirm password" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(input).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Show confirm password" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.keyboard(" ");
    expect(input).toHaveAttribute("type", "password");
  });

  it("keeps the password exactly as typed, spaces included", async () => {
    const user = userEvent.setup();
    render(<NameForm />);
    const input = screen.getByLabelText("Confirm password");
    await user.type(input, "  Kettle Drum 42  ");
    expect(input).toHaveValue("  Kettle Drum 42  ");
  });
});

describe("SubmitButton", () => {
  it("says 'submit' when no label is given", () => {
    render(<SubmitButton loading={false} />);
    expect(screen.getByRole("button", { name: "submit" })).not.toHaveAttribute("aria-disabled");
  });

  it("keeps the caller's label when idle and shows 'sending....', busy, while loading", () => {
    const { rerender } = render(<SubmitButton loading={false}>Create account</SubmitButton>);
    expect(screen.getByRole("button", { name: "Create account" })).toHaveAttribute("aria-busy", "false");
    rerender(<SubmitButton loading>Create account</SubmitButton>);
    const button = screen.getByRole("button", { name: "sending...." });
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("aria-disabled", "true");
  });

  it("does not submit again while loading, by click or by Enter in a field", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <label htmlFor="q">Query</label>
        <input id="q" />
        <SubmitButton loading />
      </form>,
    );
    await user.click(screen.getByRole("button", { name: "sending...." }));
    await user.type(screen.getByLabelText("Query"), "x{Enter}");
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
