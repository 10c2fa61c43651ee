import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { untilDrawnBeforeNextFrame } from "../../test/web/until-drawn";
import { InfoTooltip } from "./InfoTooltip";

const explanation = "An estimate from the World Report on Disability.";

function renderTooltip() {
  render(
    <>
      <p>Disability population</p>
      <InfoTooltip label="About disability population">{explanation}</InfoTooltip>
      <button type="button">Next control</button>
    </>,
  );
  return screen.getByRole("button", { name: "About disability population" });
}

describe("InfoTooltip", () => {
  it("is a button whose description is the explanation, even while the tip is hidden", () => {
    const trigger = renderTooltip();
    expect(trigger).toHaveAccessibleDescription(explanation);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("shows the tip on hover, keeps it while the pointer is on the tip, and hides it when the pointer leaves", async () => {
    const user = userEvent.setup();
    const trigger = renderTooltip();
    await user.hover(trigger);
    expect(screen.getByRole("tooltip")).toHaveTextContent(explanation);
    await user.hover(screen.getByRole("tooltip"));
    expect(screen.getByRole("tooltip")).toBeVisible();
    await user.unhover(screen.getByRole("tooltip"));
    await user.hover(screen.getByText("Disability population"));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("shows the tip when the button gets keyboard focus and hides it when focus moves on", async () => {
    const user = userEvent.setup();
    renderTooltip();
    await user.tab();
    expect(screen.getByRole("tooltip")).toHaveTextContent(explanation);
    await user.tab();
    expect(screen.getByRole("button", { name: "Next control" })).toHaveFocus();
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("closes on Escape without moving focus, and opens again on Enter", async () => {
    const user = userEvent.setup();
    const trigger = renderTooltip();
    await user.tab();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("tooltip")).toBeVisible();
  });

  it("closes on an Escape pressed the moment the tip is drawn, before the browser has painted", async () => {
    const trigger = renderTooltip();
    // Focused by the browser itself, outside act(): the renderer draws in a microtask and runs effects only
    // after the next frame, which is how a page behaves. The Escape comes between the two.
    trigger.focus();
    await untilDrawnBeforeNextFrame(() => screen.queryByRole("tooltip") !== null);
    expect(screen.getByRole("tooltip")).toBeVisible();
    fireEvent.keyDown(trigger, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it("closes on Escape while hovered", async () => {
    const user = userEvent.setup();
    const trigger = renderTooltip();
    await user.hover(trigger);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("toggles on click and stays open after the pointer leaves", async () => {
    const user = userEvent.setup();
    const trigger = renderTooltip();
    await user.click(trigger);
    await user.hover(screen.getByText("Disability population"));
    expect(screen.getByRole("tooltip")).toBeVisible();
    await user.click(trigger);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("toggles on tap and closes on a tap elsewhere", async () => {
    const user = userEvent.setup();
    const trigger = renderTooltip();
    await user.pointer({ keys: "[TouchA]", target: trigger });
    expect(screen.getByRole("tooltip")).toBeVisible();
    await user.pointer({ keys: "[TouchA]", target: trigger });
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    await user.pointer({ keys: "[TouchA]", target: trigger });
    expect(screen.getByRole("tooltip")).toBeVisible();
    await user.pointer({ keys: "[TouchA]", target: screen.getByText("Disability population") });
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("closes on a tap elsewhere when the tap did not focus the button, as in Safari on iOS", async () => {
    const user = userEvent.setup();
    const trigger = renderTooltip();
    fireEvent.click(trigger);
    expect(trigger).not.toHaveFocus();
    expect(screen.getByRole("tooltip")).toBeVisible();
    await user.pointer({ keys: "[TouchA]", target: screen.getByText("Disability population") });
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });
});
