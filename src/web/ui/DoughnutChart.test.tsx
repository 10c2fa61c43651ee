import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DoughnutChart } from "./DoughnutChart";

describe("DoughnutChart", () => {
  it("is an image named by its title and described by its figures", () => {
    render(
      <DoughnutChart
        title="Disability population chart"
        centreLabel="15%"
        segments={[
          { label: "Persons with disabilities", value: 15 },
          { label: "Persons without disabilities", value: 85 },
        ]}
      />,
    );
    const chart = screen.getByRole("img", { name: "Disability population chart" });
    // jsdom's name computation puts a space around the hidden comma; browsers do not.
    expect(chart).toHaveAccessibleDescription(
      /^Persons with disabilities: 15% ?, Persons without disabilities: 85%$/,
    );
  });

  it("lists every segment with its share of the total for everyone to read", () => {
    render(
      <DoughnutChart
        title="Male chart"
        segments={[
          { label: "Male", value: 12_284_415 },
          { label: "Female", value: 14_625_585 },
        ]}
      />,
    );
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["Male: 45.65%,", "Female: 54.35%"]);
  });

  it("draws one SVG arc per segment", () => {
    const { container } = render(
      <DoughnutChart
        title="Employment chart"
        segments={[
          { label: "Employed", value: 36.7, colour: "#0b5d3b" },
          { label: "Not employed", value: 63.3, colour: "#7b8591" },
        ]}
      />,
    );
    const arcs = container.querySelectorAll("svg path");
    expect(arcs).toHaveLength(2);
    expect([...arcs].map((path) => path.getAttribute("fill"))).toEqual(["#0b5d3b", "#7b8591"]);
    expect(arcs[0]?.getAttribute("d")).toMatch(/^M/);
  });

  it("shows 0% rather than nothing when every value is zero", () => {
    render(<DoughnutChart title="Empty chart" segments={[{ label: "Schools", value: 0 }]} />);
    expect(screen.getByRole("listitem")).toHaveTextContent("Schools: 0%");
  });
});
