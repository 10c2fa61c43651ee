import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { summarizeStates } from "../../../domain/state-summaries";
import { inLanguage } from "../../../test/web/i18n";
import { LanguageProvider } from "../../i18n/language-context";
import { StateSelect } from "./StateSelect";

const states = summarizeStates([{ id: 25, state: "Lagos", code: "NG-LA", url: "" }], []);

describe("the state dropdown in another language", () => {
  it("speaks Hausa and submits to the Hausa home page", async () => {
    render(
      await inLanguage(
        "ha",
        ["home"],
        <StateSelect states={states} selectedSlug={null} onSelect={() => {}} onClear={() => {}} />,
      ),
    );
    const select = screen.getByRole("combobox", { name: "Zaɓi jiha don ganin bayananta" });
    expect(screen.getByRole("option", { name: "Zaɓi jiha" })).toHaveValue("");
    expect(select.closest("form")).toHaveAttribute("action", "/ha");
    expect(screen.getByRole("button", { name: "Nuna" })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\bhome\.\w/);
  });

  it("keeps English without a prefix", () => {
    render(
      <LanguageProvider language="en">
        <StateSelect states={states} selectedSlug={null} onSelect={() => {}} onClear={() => {}} />
      </LanguageProvider>,
    );
    expect(
      screen.getByRole("combobox", { name: "Choose a state to view its data" }).closest("form"),
    ).toHaveAttribute("action", "/");
  });
});
