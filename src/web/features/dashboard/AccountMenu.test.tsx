import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../lib/session";
import { toast } from "../../ui/toast/toast-store";
import { DashboardGate } from "./DashboardGate";
import { renderWithRoutes, screenIs, storedUser } from "../../../test/web/dashboard";
import { untilDrawnBeforeNextFrame } from "../../../test/web/until-drawn";
import { LOGGED_OUT_OFFLINE_MESSAGE } from "./use-logout";

function renderDashboard() {
  storedUser();
  return renderWithRoutes(
    <DashboardGate logo={<span>Inclusion Atlas</span>}>
      <Outlet />
    </DashboardGate>,
  );
}

const accountButton = () => screen.getByRole("button", { name: "Amina (your account)" });

function answerLogoutWith(status: number, body: object) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

beforeEach(() => {
  window.localStorage.clear();
  toast.clear();
  screenIs("wide");
});

afterEach(() => {
  vi.unstubAllGlobals();
  toast.clear();
});

describe("AccountMenu", () => {
  it("is a button with the first name that shows Homepage and Logout", async () => {
    const user = userEvent.setup();
    renderDashboard();
    expect(accountButton()).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("link", { name: "Homepage" })).not.toBeInTheDocument();

    await user.click(accountButton());

    expect(accountButton()).toHaveAttribute("aria-expanded", "true");
    const list = document.getElementById(accountButton().getAttribute("aria-controls") ?? "");
    expect(list).not.toBeNull();
    expect(within(list as HTMLElement).getByRole("link", { name: "Homepage" })).toHaveAttribute("href", "/");
    expect(within(list as HTMLElement).getByRole("button", { name: "Logout" })).toBeInTheDocument();
    expect(accountButton()).toHaveFocus();

    await user.click(accountButton());
    expect(screen.queryByRole("link", { name: "Homepage" })).not.toBeInTheDocument();
  });

  it("opens from the keyboard, moves with the arrows, and Escape returns to the button", async () => {
    const user = userEvent.setup();
    renderDashboard();
    accountButton().focus();

    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("link", { name: "Homepage" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("button", { name: "Logout" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("link", { name: "Homepage" })).toHaveFocus();
    await user.keyboard("{End}");
    expect(screen.getByRole("button", { name: "Logout" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("link", { name: "Homepage" })).not.toBeInTheDocument();
    expect(accountButton()).toHaveFocus();

    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("button", { name: "Logout" })).toHaveFocus();
    await user.keyboard("{Escape}");

    await user.keyboard("{Enter}");
    expect(accountButton()).toHaveAttribute("aria-expanded", "true");
    await user.keyboard(" ");
    expect(accountButton()).toHaveAttribute("aria-expanded", "false");
  });

  it("closes when focus or a click moves elsewhere", async () => {
    const user = userEvent.setup();
    renderDashboard();

    await user.click(accountButton());
    await user.click(screen.getByRole("heading", { name: "Eyewitness page" }));
    expect(accountButton()).toHaveAttribute("aria-expanded", "false");

    await user.click(accountButton());
    await user.tab(); // Homepage
    await user.tab(); // Logout
    await user.tab(); // out of the menu
    expect(accountButton()).toHaveAttribute("aria-expanded", "false");
  });

  it("closes on a press elsewhere made the moment it opens, before the browser has painted", async () => {
    renderDashboard();
    // Clicked by the browser itself, outside act(): the renderer draws in a microtask and runs effects only
    // after the next frame, which is how a page behaves. The press elsewhere comes between the two.
    accountButton().click();
    await untilDrawnBeforeNextFrame(() => accountButton().getAttribute("aria-expanded") === "true");
    fireEvent.pointerDown(screen.getByRole("heading", { name: "Eyewitness page" }));
    await waitFor(() => expect(accountButton()).toHaveAttribute("aria-expanded", "false"));
  });

  it("Homepage goes to the home page", async () => {
    const user = userEvent.setup();
    renderDashboard();
    await user.click(accountButton());

    await user.click(screen.getByRole("link", { name: "Homepage" }));

    expect(screen.getByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(session.current()).not.toBeNull();
  });
});

describe("Logout", () => {
  it("ends the session on the server, clears it here, says 'Logout successful' and goes home", async () => {
    const fetchMock = answerLogoutWith(200, { success: true, message: "Logout successful" });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(accountButton());

    await user.click(screen.getByRole("button", { name: "Logout" }));

    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/$/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/auth/logout");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ authorization: "Bearer session-token-of-amina" });
    expect(session.current()).toBeNull();
    expect(window.localStorage.getItem("user")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Logout successful");
    expect(screen.getByRole("status")).not.toHaveTextContent("Please log in");
  });

  it("still logs out on this device when the server cannot be reached, and says so", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const user = userEvent.setup();
    renderDashboard();
    await user.click(accountButton());

    await user.click(screen.getByRole("button", { name: "Logout" }));

    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(session.current()).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent(LOGGED_OUT_OFFLINE_MESSAGE);
    expect(screen.getByRole("status")).not.toHaveTextContent("Logout successful");
  });

  it("treats a session that had already ended as a successful logout", async () => {
    answerLogoutWith(401, { success: false, message: "Your session has ended. Please sign in again." });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(accountButton());

    await user.click(screen.getByRole("button", { name: "Logout" }));

    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(session.current()).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Logout successful");
    expect(screen.getByRole("status")).not.toHaveTextContent("Unauthorized! Logging Out...");
  });
});
