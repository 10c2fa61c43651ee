import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../../../test/web/i18n";
import { DashboardNavigation } from "./DashboardNavigation";

const admin = "admin" as const;

describe("the dashboard's navigation in Hausa", () => {
  it("names the landmark and every page in Hausa, with links kept in Hausa", async () => {
    const router = createMemoryRouter(
      [
        {
          path: "/ha/dashboard",
          element: await inLanguage("ha", ["dashboard"], <DashboardNavigation role={admin} />),
        },
      ],
      { initialEntries: ["/ha/dashboard"] },
    );
    render(<RouterProvider router={router} />);
    const nav = screen.getByRole("navigation", { name: "Allon aiki" });
    const names = within(nav)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(names).toEqual([
      "Shaidar gani da ido",
      "Rahotannina",
      "Bayanan kaina",
      "Dubawa",
      "Matsayin masu amfani",
      "Teburin bayanai",
    ]);
    expect(within(nav).getByRole("link", { name: "Bayanan kaina" })).toHaveAttribute(
      "href",
      "/ha/dashboard/profile",
    );
    expect(document.body.textContent).not.toMatch(/\bdashboard\.[a-zA-Z]/);
  });
});
