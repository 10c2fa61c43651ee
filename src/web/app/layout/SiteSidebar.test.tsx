import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithRoutes, storedUser } from "../../../test/web/dashboard";
import { inLanguage } from "../../../test/web/i18n";
import { expectLaterPart, markPartHydrated } from "../../lib/hydration-mark";
import { session } from "../../lib/session";
import { toast } from "../../ui/toast/toast-store";
import { SiteSidebar } from "./SiteSidebar";

// The public sidebar rendered on the dashboard's route list is enough here: what matters is its account
// block and where Logout leads.
function renderSidebar() {
  return renderWithRoutes(<SiteSidebar />, "/dashboard");
}

const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole("button", { name: "Open menu" }));
  // The overlay's code is its own chunk: it arrives a moment after the first use.
  return screen.findByRole("dialog", { name: "Menu" });
};

beforeEach(() => {
  window.localStorage.clear();
  toast.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  toast.clear();
});

describe("SiteSidebar", () => {
  it("renders its closed overlay only once the whole page has hydrated", async () => {
    // A part of the page still hydrating (the header itself, on a served page): the header must stay as
    // served until the page says it is hydrated (e2e/hydration.spec.ts compares it then).
    expectLaterPart();
    renderSidebar();
    await import("./SiteMenu");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector("dialog")).toBeNull();

    markPartHydrated();
    await waitFor(() => expect(document.querySelector("dialog")).not.toBeNull());
  });

  it("has a tile for the verified reports", async () => {
    const user = userEvent.setup();
    renderSidebar();
    const menu = await openMenu(user);

    expect(within(menu).getByRole("link", { name: "Verified reports" })).toHaveAttribute(
      "href",
      "/eyewitness-reports",
    );
  });

  it("offers Sign Up and Login to a visitor", async () => {
    const user = userEvent.setup();
    renderSidebar();
    const menu = await openMenu(user);

    expect(within(menu).getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/register");
    expect(within(menu).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(within(menu).queryByRole("button", { name: "Logout" })).not.toBeInTheDocument();
  });

  it("welcomes a signed-in person by first name with Dashboard and Logout", async () => {
    storedUser();
    const user = userEvent.setup();
    renderSidebar();
    const menu = await openMenu(user);

    expect(within(menu).getByText("Welcome, Amina")).toBeInTheDocument();
    expect(within(menu).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(within(menu).queryByRole("link", { name: "Sign Up" })).not.toBeInTheDocument();
    expect(within(menu).queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
  });

  it("logs out, closes the menu and goes home", async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ success: true, message: "Logout successful" })),
    );
    vi.stubGlobal("fetch", fetchMock);
    storedUser();
    const user = userEvent.setup();
    renderSidebar();
    const menu = await openMenu(user);

    await user.click(await within(menu).findByRole("button", { name: "Logout" }));

    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/v1/auth/logout",
      expect.objectContaining({ method: "POST" }),
    );
    expect(session.current()).toBeNull();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // The toast comes from an effect, which Preact runs after the browser has painted.
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Logout successful"));
  });

  it("speaks the page's language: a Hausa page's menu, its tiles leading to the Hausa pages", async () => {
    const user = userEvent.setup();
    renderWithRoutes(await inLanguage("ha", [], <SiteSidebar />), "/dashboard");
    await user.click(screen.getByRole("button", { name: "Buɗe menu" }));
    const menu = await screen.findByRole("dialog", { name: "Menu" });

    expect(within(menu).getByRole("link", { name: "Rahotannin da aka tabbatar" })).toHaveAttribute(
      "href",
      "/ha/eyewitness-reports",
    );
    expect(within(menu).getByRole("link", { name: "Yi Rajista" })).toHaveAttribute("href", "/ha/register");
    expect(within(menu).getByRole("button", { name: /^Rufe/ })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/common\./);
  });
});
