import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { summarizeStates } from "../../../domain/state-summaries";
import { StateSelect } from "./StateSelect";

const states = summarizeStates(
  [
    { id: 15, state: "FCT", code: "NG-FC", url: "" },
    { id: 25, state: "Lagos", code: "NG-LA", url: "" },
  ],
  [],
);

describe("StateSelect", () => {
  it("is a plain form submitting ?state= to the home page, so it works before JavaScript runs", () => {
    render(<StateSelect states={states} selectedSlug={null} onSelect={() => {}} onClear={() => {}} />);
    const select = screen.getByRole("combobox", { name: "Choose a state to view its data" });
    const form = select.closest("form");
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/");
    expect(select).toHaveAttribute("name", "state");
    expect(screen.getByRole("option", { name: "Lagos" })).toHaveAttribute("value", "lagos");
    expect(screen.getByRole("button", { name: "Show" })).toHaveAttribute("type", "submit");
  });

  it("applies nothing while the visitor goes through the list; Enter or Show confirms, leaving applies", async () => {
    const onSelect = vi.fn();
    const onClear = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<StateSelect states={states} selectedSlug={null} onSelect={onSelect} onClear={onClear} />);
    const select = screen.getByRole("combobox");
    await user.selectOptions(select, "FCT");
    await user.selectOptions(select, "Lagos");
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard("{Enter}");
    expect(onSelect).toHaveBeenLastCalledWith("Lagos", "focus");
    await user.selectOptions(select, "FCT");
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(onSelect).toHaveBeenLastCalledWith("FCT", "focus");
    onSelect.mockClear();
    await user.selectOptions(select, "Lagos");
    await user.tab();
    expect(onSelect).toHaveBeenCalledWith("Lagos", "toast");
    await user.selectOptions(select, "Select a state");
    expect(onClear).not.toHaveBeenCalled();
    await user.keyboard("{Enter}");
    expect(onClear).toHaveBeenCalled();
  });

  it("keeps a state chosen before hydration: hydrating applies it quietly instead of undoing it", async () => {
    const element = (onSelect: (name: string) => void) => (
      <StateSelect states={states} selectedSlug={null} onSelect={onSelect} onClear={() => {}} />
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(element(() => {}));
    document.body.append(container);
    // The visitor picks Lagos in the prerendered page, before any JavaScript has run.
    const select = container.querySelector("select");
    if (!select) throw new Error("no select");
    select.value = "lagos";

    const onSelect = vi.fn();
    await act(async () => {
      hydrateRoot(container, element(onSelect));
    });
    expect(onSelect).toHaveBeenCalledWith("Lagos", "quiet");
    container.remove();
  });
});
