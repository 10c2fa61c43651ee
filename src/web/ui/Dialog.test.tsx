import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Dialog } from "./Dialog";
import { useTopModalDialog } from "./modal-stack";

// jsdom has no showModal/close. This stand-in behaves like a browser for what the component relies on:
// the open attribute, Escape firing a cancelable "cancel" then closing unless prevented, and "close".
function installDialogPolyfill() {
  const proto = HTMLDialogElement.prototype;
  function onKeydown(this: HTMLDialogElement, event: KeyboardEvent) {
    if (event.key !== "Escape") return;
    if (this.dispatchEvent(new Event("cancel", { cancelable: true }))) this.close();
  }
  Object.defineProperty(proto, "showModal", {
    configurable: true,
    value(this: HTMLDialogElement) {
      this.setAttribute("open", "");
      this.addEventListener("keydown", onKeydown);
    },
  });
  Object.defineProperty(proto, "close", {
    configurable: true,
    value(this: HTMLDialogElement) {
      if (!this.hasAttribute("open")) return;
      this.removeAttribute("open");
      this.removeEventListener("keydown", onKeydown);
      this.dispatchEvent(new Event("close"));
    },
  });
}

function removeDialogPolyfill() {
  const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
  delete proto.showModal;
  delete proto.close;
}

function TopModalProbe() {
  const top = useTopModalDialog();
  return <p>Top dialog: {top ? (top.getAttribute("aria-labelledby") ? "named" : "unnamed") : "none"}</p>;
}

function SchoolsOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        View All
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Schools" size="wide">
        <p>School list</p>
      </Dialog>
      <TopModalProbe />
    </>
  );
}

afterEach(() => removeDialogPolyfill());

describe("Dialog", () => {
  it("opens as a modal named by its title and moves focus to Close", async () => {
    installDialogPolyfill();
    const user = userEvent.setup();
    render(<SchoolsOpener />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "View All" }));

    const dialog = screen.getByRole("dialog", { name: "Schools" });
    expect(screen.getByRole("heading", { level: 2, name: "Schools" })).toBeInTheDocument();
    expect(dialog).toContainElement(screen.getByText("School list"));
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
  });

  it("closes with the Close button and gives focus back to the opener", async () => {
    installDialogPolyfill();
    const user = userEvent.setup();
    render(<SchoolsOpener />);
    await user.click(screen.getByRole("button", { name: "View All" }));

    await user.click(screen.getByRole("button", { name: "Close" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "View All" })).toHaveFocus();
  });

  it("closes with Escape and gives focus back to the opener", async () => {
    installDialogPolyfill();
    const user = userEvent.setup();
    render(<SchoolsOpener />);
    await user.click(screen.getByRole("button", { name: "View All" }));

    await user.keyboard("{Escape}");

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "View All" })).toHaveFocus();
  });

  it("tells its owner when the browser closes it on its own", async () => {
    installDialogPolyfill();
    const user = userEvent.setup();
    render(<SchoolsOpener />);
    await user.click(screen.getByRole("button", { name: "View All" }));

    act(() => screen.getByRole<HTMLDialogElement>("dialog").close());

    // Reopening works, which shows the owner's state followed the browser.
    await user.click(screen.getByRole("button", { name: "View All" }));
    expect(screen.getByRole("dialog", { name: "Schools" })).toBeInTheDocument();
  });

  it("still opens, closes with Escape and returns focus where showModal is missing", async () => {
    const user = userEvent.setup();
    render(<SchoolsOpener />);
    await user.click(screen.getByRole("button", { name: "View All" }));
    expect(screen.getByRole("dialog", { name: "Schools" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();

    await user.keyboard("{Escape}");

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "View All" })).toHaveFocus();
  });

  it("reports the open modal so live regions can render inside it", async () => {
    installDialogPolyfill();
    const user = userEvent.setup();
    render(<SchoolsOpener />);
    expect(screen.getByText("Top dialog: none")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "View All" }));
    expect(screen.getByText("Top dialog: named")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.getByText("Top dialog: none")).toBeInTheDocument();
  });

  it("can hide its title visually while keeping it as the accessible name", () => {
    installDialogPolyfill();
    render(
      <Dialog open onClose={() => undefined} title="Photo preview" titleHidden>
        <p>Preview</p>
      </Dialog>,
    );
    expect(screen.getByRole("dialog", { name: "Photo preview" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Photo preview" })).toHaveClass("visually-hidden");
  });
});
