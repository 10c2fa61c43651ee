import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DashboardShell } from "./DashboardShell";
import { SIDEBAR_COLLAPSED_KEY } from "./sidebar-preference";
import { renderWithRoutes, screenIs, storedUser } from "../../../test/web/dashboard";
import type { UserRole } from "../../../domain/accounts/user";

function renderShell(role: UserRole = "user", path = "/dashboard") {
  const user = storedUser(role);
  return renderWithRoutes(
    <DashboardShell user={user} logo={<span>Inclusion Atlas</span>}>
      <Outlet />
    </DashboardShell>,
    path,
  );
}

const toggle = () => screen.getByRole("button", { name: "Navigation menu" });
const itemNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole("link")
    .map((link) => link.textContent);

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("DashboardShell on a wide screen", () => {
  beforeEach(() => screenIs("wide"));

  it("offers Eyewitness and Profile to a user, and marks the current page", () => {
    renderShell("user", "/dashboard/profile");
    const nav = screen.getByRole("navigation", { name: "Dashboard" });

    expect(itemNames(nav)).toEqual(["Eyewitness", "My reports", "Profile"]);
    expect(within(nav).getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Eyewitness" })).not.toHaveAttribute("aria-current");
    expect(within(nav).getByRole("link", { name: "Eyewitness" })).toHaveAttribute("href", "/dashboard");
  });

  it.each([
    ["admin", ["Reviews", "User roles", "Data desk"]],
    ["moderator", ["Reviews", "User roles"]],
  ] as const)("offers Reviews and User roles to a %s (and the data desk to an admin)", (role, staffPages) => {
    renderShell(role);
    const nav = screen.getByRole("navigation", { name: "Dashboard" });

    expect(itemNames(nav)).toEqual(["Eyewitness", "My reports", "Profile", ...staffPages]);
    expect(within(nav).getByRole("link", { name: "Reviews" })).toHaveAttribute("href", "/dashboard/reviews");
    expect(within(nav).getByRole("link", { name: "User roles" })).toHaveAttribute(
      "href",
      "/dashboard/user-roles",
    );
  });

  it("offers the data desk, and not Reviews or User roles, to an editor", () => {
    renderShell("editor");
    const nav = screen.getByRole("navigation", { name: "Dashboard" });

    expect(itemNames(nav)).toEqual(["Eyewitness", "My reports", "Profile", "Data desk"]);
    expect(within(nav).getByRole("link", { name: "Data desk" })).toHaveAttribute("href", "/dashboard/data");
  });

  it("has a top bar with the menu toggle, the logo link home and the account menu", () => {
    renderShell();
    const banner = screen.getByRole("banner");

    expect(within(banner).getByRole("link", { name: "Inclusion Atlas" })).toHaveAttribute("href", "/");
    expect(within(banner).getByRole("button", { name: "Amina (your account)" })).toBeInTheDocument();
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    expect(toggle()).toHaveAttribute(
      "aria-controls",
      screen.getByRole("navigation", { name: "Dashboard" }).id,
    );
    // The language switch, each language named in itself.
    expect(within(banner).getByRole("link", { name: "Yorùbá" })).toHaveAttribute("lang", "yo");
  });

  it("collapses the sidebar to icons that keep their names, and remembers it", async () => {
    const user = userEvent.setup();
    const { unmount } = renderShell("admin");

    await user.click(toggle());

    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    const nav = screen.getByRole("navigation", { name: "Dashboard" });
    for (const name of ["Eyewitness", "My reports", "Profile", "Reviews", "User roles"]) {
      const link = within(nav).getByRole("link", { name });
      expect(within(link).getByText(name)).toHaveClass("visually-hidden");
      expect(link).not.toHaveAttribute("title");
    }
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe("true");

    unmount();
    renderShell("admin");
    expect(toggle()).toHaveAttribute("aria-expanded", "false");

    await user.click(toggle());
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    expect(within(screen.getByRole("link", { name: "Profile" })).getByText("Profile")).not.toHaveClass(
      "visually-hidden",
    );
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe("false");
  });
});

describe("DashboardShell on a small screen", () => {
  beforeEach(() => screenIs("narrow"));

  it("keeps the navigation in a closed drawer until the toggle opens it", async () => {
    const user = userEvent.setup();
    renderShell();

    expect(screen.queryByRole("navigation", { name: "Dashboard" })).not.toBeInTheDocument();
    expect(toggle()).toHaveAttribute("aria-expanded", "false");

    await user.click(toggle());

    const drawer = screen.getByRole("dialog", { name: "Navigation menu" });
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    expect(toggle()).toHaveAttribute(
      "aria-controls",
      within(drawer).getByRole("navigation").parentElement?.id,
    );
    expect(within(drawer).getByRole("link", { name: "Inclusion Atlas" })).toHaveAttribute("href", "/");
    expect(itemNames(within(drawer).getByRole("navigation", { name: "Dashboard" }))).toEqual([
      "Eyewitness",
      "My reports",
      "Profile",
    ]);
    expect(within(drawer).getByRole("button", { name: "Close" })).toHaveFocus();
  });

  it("closes with Escape and gives focus back to the toggle", async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(toggle());

    await user.keyboard("{Escape}");

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
  });

  it("closes with the Close button", async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(toggle());

    await user.click(screen.getByRole("button", { name: "Close" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
  });

  it("closes when the dark overlay beside it is clicked, not when the drawer itself is", async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(toggle());
    const drawer = screen.getByRole("dialog", { name: "Navigation menu" });
    vi.spyOn(drawer, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 280, 800));

    fireEvent.click(drawer, { clientX: 100, clientY: 500 });
    expect(screen.getByRole("dialog", { name: "Navigation menu" })).toBeInTheDocument();

    fireEvent.click(drawer, { clientX: 340, clientY: 200 });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
  });

  it("closes after following a link and shows that page", async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(toggle());

    await user.click(within(screen.getByRole("dialog")).getByRole("link", { name: "Profile" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Profile" })).toBeInTheDocument();
  });
});
