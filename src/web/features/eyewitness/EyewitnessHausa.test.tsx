import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeXhr } from "../../../test/web/fake-xhr";
import { signIn } from "../../../test/web/reports";
import { Toaster } from "../../ui/toast/Toaster";
import { toast } from "../../ui/toast/toast-store";
import { EyewitnessPage } from "./EyewitnessPage";
import { inLanguageWithEnglishShell } from "../../../test/web/report-language";

// The form on a Hausa page: its own words, its own checks and the server's refusals, all in Hausa.

vi.mock("./shrink-photo", () => ({ shrinkPhoto: vi.fn(async () => ({ ok: false })) }));

let xhr: ReturnType<typeof installFakeXhr>;

beforeEach(() => {
  signIn();
  xhr = installFakeXhr();
});

afterEach(() => {
  window.localStorage.clear();
  toast.clear();
});

async function showPageInHausa() {
  const user = userEvent.setup();
  render(
    await inLanguageWithEnglishShell(
      "ha",
      ["report"],
      <>
        <EyewitnessPage />
        <Toaster />
      </>,
    ),
  );
  return user;
}

/** No message id ("report.checks.…") shows anywhere: every message the page uses is in the catalogue. */
function expectNoMessageIds() {
  expect(document.body.textContent).not.toMatch(/\b(report|myReports|common|errors)\.[a-zA-Z]/);
}

const sendButton = () => screen.getByRole("button", { name: "Aika rahoto" });
const lgaSelect = () => screen.getByRole("combobox", { name: "Ƙaramar hukuma" });

describe("the eyewitness form in Hausa", () => {
  it("speaks Hausa, and says what its own checks found in Hausa", async () => {
    const user = await showPageInHausa();
    expect(
      screen.getByRole("heading", { level: 1, name: "Rahoton shaidar gani da ido" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Barka da zuwa, Amina.")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Shinge" })).toBeInTheDocument();
    expectNoMessageIds();

    await user.click(sendButton());
    expect(screen.getAllByText("Don Allah ku cika duk filayen da ake buƙata").length).toBeGreaterThan(0);
    expect(screen.getByRole("combobox", { name: "Jiha" })).toHaveAccessibleDescription(
      // "Error: " before it is the shared form field's (src/web/ui/form), not this form's.
      expect.stringContaining("Don Allah ku zaɓi jihar da abin ya faru."),
    );
    expect(xhr.requests).toHaveLength(0);
    expectNoMessageIds();
  });

  it("shows a server's VALIDATION_FAILED refusal in Hausa, on the field it names", async () => {
    const user = await showPageInHausa();
    await user.selectOptions(screen.getByRole("combobox", { name: "Jiha" }), "Lagos");
    await user.selectOptions(lgaSelect(), "Ikeja");
    await user.type(screen.getByLabelText("Ranar da abin ya faru"), "2026-11-20");
    await user.click(screen.getByRole("radio", { name: "Shinge" }));
    await user.type(
      screen.getByRole("textbox", { name: "Sharhi" }),
      "The ramp at the hospital is too steep.",
    );
    await user.click(sendButton());
    await act(async () =>
      xhr.latest().respond(400, {
        success: false,
        message: "Please choose a local government area of Lagos.",
        code: "VALIDATION_FAILED",
        field: "lga",
      }),
    );

    const sentence = "Don Allah ku zaɓi ƙaramar hukuma ta jihar da kuka zaɓa.";
    expect(lgaSelect()).toHaveAttribute("aria-invalid", "true");
    expect(lgaSelect()).toHaveAccessibleDescription(expect.stringContaining(sentence));
    expect(within(screen.getByRole("region", { name: /./ })).getByText(sentence)).toBeInTheDocument();
    expect(
      screen.getByText("Duk abin da kuka rubuta kuka zaɓa yana nan: kuna iya sake aikawa."),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toContain("Please choose a local government area of Lagos.");
    expectNoMessageIds();
  });
});
