import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../../../test/web/i18n";
import { MapPanel } from "./MapPanel";
import { NigeriaMap, type RegionLaw } from "./NigeriaMap";

const lawOf = (name: string): RegionLaw | undefined =>
  name === "Lagos" ? { status: "Passed", year: 2011 } : undefined;

describe("the map in another language", () => {
  it("names the map, each state's button with its law status, and the legend in Hausa", async () => {
    const map = <NigeriaMap lawOf={lawOf} selectedRegionName={null} onSelectRegion={() => {}} />;
    const router = createMemoryRouter([{ path: "/", element: map }]);
    render(await inLanguage("ha", ["map"], <RouterProvider router={router} />));
    const group = screen.getByRole("group", {
      name: "Taswirar jihohin Najeriya bisa matsayin dokar nakasa",
    });
    expect(
      within(group).getByRole("button", { name: "Jihar Lagos, dokar nakasa: An zartar (2011)" }),
    ).toBeVisible();
    expect(
      within(group).getByRole("button", {
        name: "Babban Birnin Tarayya, dokar nakasa: Ana jira / babu doka",
      }),
    ).toBeVisible();
    expect(screen.getByRole("heading", { name: "Dokokin nakasa na jihohi" })).toBeVisible();
    expect(screen.getByText("Ana jira / babu doka: 36")).toBeVisible();
    expect(screen.getByRole("link", { name: "Kwatanta dukkan jihohi" })).toHaveAttribute(
      "href",
      "/ha/states",
    );
    expect(document.body.textContent).not.toMatch(/\bmap\.\w/);
  });

  it("titles the map panel in Yoruba", async () => {
    render(
      await inLanguage(
        "yo",
        ["map"],
        <MapPanel selectedStateName="Lagos">
          <p>—</p>
        </MapPanel>,
      ),
    );
    expect(screen.getByRole("heading", { level: 2, name: "Máàpù Ìpínlẹ̀ Lagos" })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\bmap\.\w/);
  });
});
