import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MapPanel } from "./MapPanel";

describe("MapPanel", () => {
  it("prompts the visitor to pick a state when none is selected", () => {
    render(
      <MapPanel selectedStateName={null}>
        <p>the map</p>
      </MapPanel>,
    );
    expect(
      screen.getByText("Select a state on Map or from dropdown to view state information."),
    ).toBeVisible();
    expect(screen.getByRole("region", { name: "Map of Nigeria" })).toContainElement(
      screen.getByText("the map"),
    );
  });

  it("titles the map after the selected state", () => {
    render(
      <MapPanel selectedStateName="Lagos">
        <p>the map</p>
      </MapPanel>,
    );
    expect(screen.getByRole("heading", { level: 2, name: "Map of Lagos State" })).toBeVisible();
    expect(screen.getByRole("region", { name: "Map of Lagos State" })).toContainElement(
      screen.getByText("the map"),
    );
    expect(screen.queryByText(/Select a state on Map/)).toBeNull();
  });

  it("calls the FCT the Federal Capital Territory, not a state", () => {
    render(
      <MapPanel selectedStateName="FCT">
        <p>the map</p>
      </MapPanel>,
    );
    expect(screen.getByRole("heading", { name: "Map of Federal Capital Territory" })).toBeVisible();
  });
});
