import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useDocumentListener } from "./useDocumentListener";

function Listening({ active, onKey }: { active: boolean; onKey: (key: string) => void }) {
  useDocumentListener("keydown", (event) => onKey(event.key), active);
  return <p>listening: {String(active)}</p>;
}

describe("useDocumentListener", () => {
  it("hears the document only while active, and not after the component is gone", () => {
    const heard = vi.fn();
    const { rerender, unmount } = render(<Listening active={false} onKey={heard} />);
    fireEvent.keyDown(document.body, { key: "a" });
    expect(heard).not.toHaveBeenCalled();

    rerender(<Listening active onKey={heard} />);
    fireEvent.keyDown(document.body, { key: "b" });
    expect(heard.mock.calls).toEqual([["b"]]);

    rerender(<Listening active={false} onKey={heard} />);
    fireEvent.keyDown(document.body, { key: "c" });
    rerender(<Listening active onKey={heard} />);
    unmount();
    fireEvent.keyDown(document.body, { key: "d" });
    expect(heard.mock.calls).toEqual([["b"]]);
  });

  it("calls the listener of the latest render, once per event", () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<Listening active onKey={first} />);
    rerender(<Listening active onKey={second} />);
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(first).not.toHaveBeenCalled();
    expect(second.mock.calls).toEqual([["Escape"]]);
  });
});
