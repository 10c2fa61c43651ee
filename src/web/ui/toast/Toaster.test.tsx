import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inLanguage } from "../../../test/web/i18n";
import { Toaster } from "./Toaster";
import { toast } from "./toast-store";

afterEach(() => {
  toast.clear();
  vi.restoreAllMocks();
});

describe("the toaster's placement", () => {
  it("measures nothing while there is no toast, so a page's first render forces no layout", async () => {
    const measured = vi.spyOn(Element.prototype, "getBoundingClientRect");
    render(await inLanguage("en", [], <Toaster />));
    document.body.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));

    expect(screen.getByRole("region", { name: "Notifications" })).toBeInTheDocument();
    expect(measured).not.toHaveBeenCalled();
  });

  it("places a toast below the page's heading when the two would overlap", async () => {
    const heading = document.createElement("h1");
    const main = document.createElement("main");
    main.append(heading);
    document.body.append(main);
    const boxes = new Map<Element, DOMRect>([[heading, new DOMRect(0, 10, 300, 40)]]);
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
      return boxes.get(this) ?? new DOMRect(0, 0, 300, 30);
    });
    render(await inLanguage("en", [], <Toaster />));

    act(() => {
      toast.success("Saved");
    });

    expect(screen.getByText("Saved")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Notifications" }).style.top).toBe("58px");
    main.remove();
  });
});
