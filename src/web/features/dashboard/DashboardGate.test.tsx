import { act, screen } from "@testing-library/react";
import { Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../lib/session";
import { toast } from "../../ui/toast/toast-store";
import { DashboardGate, SIGN_IN_TO_CONTINUE } from "./DashboardGate";
import { renderWithRoutes, screenIs, storedUser } from "../../../test/web/dashboard";
import { inLanguage } from "../../../test/web/i18n";

const dashboard = (
  <DashboardGate logo={<span>Inclusion Atlas</span>}>
    <Outlet />
  </DashboardGate>
);

beforeEach(() => {
  window.localStorage.clear();
  toast.clear();
  screenIs("wide");
});

afterEach(() => {
  vi.unstubAllGlobals();
  toast.clear();
});

describe("DashboardGate", () => {
  it("sends a signed-out visitor to the home page and says why", async () => {
    renderWithRoutes(dashboard, "/dashboard/profile");

    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/$/);
    expect(screen.getByRole("status")).toHaveTextContent(SIGN_IN_TO_CONTINUE);
    expect(screen.queryByRole("navigation", { name: "Dashboard" })).not.toBeInTheDocument();
  });

  it("sends a signed-out visitor on a Hausa page to the Hausa home page", async () => {
    renderWithRoutes(await inLanguage("ha", ["dashboard"], dashboard), "/dashboard/profile");

    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/ha$/);
  });

  it("shows the dashboard shell and the page to a signed-in person", () => {
    storedUser();
    renderWithRoutes(dashboard);

    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveAttribute("id", "main");
    expect(screen.getByRole("main")).toContainElement(
      screen.getByRole("heading", { name: "Eyewitness page" }),
    );
    expect(screen.getByTestId("path")).toHaveTextContent("/dashboard");
  });

  it("goes to the home page when the session ends elsewhere, without the log-in notice", async () => {
    storedUser();
    renderWithRoutes(dashboard, "/dashboard/profile");
    expect(screen.getByRole("heading", { name: "Profile" })).toBeInTheDocument();

    // Another tab logging out, or a 401 from the API, clears the stored session.
    act(() => session.signOut());

    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(screen.getByRole("status")).not.toHaveTextContent(SIGN_IN_TO_CONTINUE);
  });
});
