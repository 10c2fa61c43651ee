import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inLanguage } from "../../../test/web/i18n";
import { OfflineNotice } from "./OfflineNotice";

function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
}

function goOnline(online: boolean) {
  setOnline(online);
  act(() => {
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("OfflineNotice", () => {
  it("says nothing while the browser is online, in a status region that is already in the page", () => {
    setOnline(true);
    render(<OfflineNotice />);
    const region = screen.getByRole("status");
    expect(region).toBeEmptyDOMElement();
    expect(screen.queryByText("You are offline")).not.toBeInTheDocument();
  });

  it("says 'You are offline' in the status region when the connection drops, and goes when it returns", () => {
    setOnline(true);
    render(<OfflineNotice />);

    goOnline(false);
    const region = screen.getByRole("status");
    expect(region).toHaveTextContent(
      "You are offline. Pages you have already opened can still be read; anything else waits for the connection.",
    );
    expect(screen.getByText("You are offline")).toBeVisible();

    goOnline(true);
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("shows the notice at once when the page opens without a connection", () => {
    setOnline(false);
    render(<OfflineNotice />);
    expect(screen.getByRole("status")).toHaveTextContent("You are offline");
  });

  it("is prerendered as an empty status region (the notice is the browser's to show)", () => {
    setOnline(false);
    const html = renderToString(<OfflineNotice />);
    expect(html).toBe('<div role="status"></div>');
  });

  it("stops listening when it leaves the page", () => {
    const removed = vi.spyOn(window, "removeEventListener");
    const { unmount } = render(<OfflineNotice />);
    unmount();
    const events = removed.mock.calls.map(([type]) => type);
    expect(events).toEqual(expect.arrayContaining(["online", "offline"]));
  });

  it("says it in the page's language (Hausa)", async () => {
    setOnline(false);
    render(await inLanguage("ha", [], <OfflineNotice />));
    expect(screen.getByText("Ba ku da haɗin intanet").tagName).toBe("STRONG");
    expect(screen.getByRole("status")).not.toHaveTextContent(/common\./);
  });
});
