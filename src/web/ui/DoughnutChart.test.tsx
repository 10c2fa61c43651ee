import { act, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { describe, expect, it, vi } from "vitest";
import { hydrationEnded, hydrationStarts } from "../lib/hydration-state";
import { DoughnutChart, type DoughnutSegment } from "./DoughnutChart";
import { ringSlices } from "./ring-slices";

vi.mock("./ring-slices", async (original) => {
  const actual = await original<{ ringSlices: typeof ringSlices }>();
  return { ringSlices: vi.fn(actual.ringSlices) };
});

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

  it("keeps a served chart as served while the page hydrates, and draws it anew when its figures change", async () => {
    const served: DoughnutSegment[] = [
      { label: "Employed", value: 36.7 },
      { label: "Not employed", value: 63.3 },
    ];
    const { container: source, unmount } = render(
      <DoughnutChart title="Employment chart" segments={served} />,
    );
    const html = source.innerHTML;
    unmount();
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const svg = container.querySelector("svg");
    vi.mocked(ringSlices).mockClear();

    let showOthers: () => void = () => {};
    function Card() {
      const [segments, setSegments] = useState(served);
      showOthers = () =>
        setSegments([
          { label: "Employed", value: 50 },
          { label: "Not employed", value: 50 },
        ]);
      return <DoughnutChart title="Employment chart" segments={segments} />;
    }
    hydrationStarts();
    await act(async () => {
      hydrateRoot(container, <Card />);
    });
    hydrationEnded();

    expect(container.innerHTML).toBe(html);
    expect(container.querySelector("svg")).toBe(svg);
    expect(ringSlices).not.toHaveBeenCalled();

    await act(async () => showOthers());
    expect(ringSlices).toHaveBeenCalled();
    expect(
      within(container)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Employed: 50%,", "Not employed: 50%"]);
    container.remove();
  });
});
