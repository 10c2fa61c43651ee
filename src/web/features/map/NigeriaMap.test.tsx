import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { untilDrawnBeforeNextFrame } from "../../../test/web/until-drawn";
import { HOVER_GRACE_MS, NigeriaMap, type RegionLaw } from "./NigeriaMap";

// Law statuses in this test; Zamfara has no record, any other region has passed its law without a year.
const laws: Record<string, RegionLaw> = {
  Lagos: { status: "Passed", year: 2011 },
  Kano: { status: "Passed/awaiting Gov assent", year: null },
  Borno: { status: "Second Reading", year: null },
  Ogun: { status: "Pending", year: null },
  "Federal Capital Territory": { status: "Passed", year: null },
};
const lawOf = (name: string): RegionLaw | undefined =>
  name === "Zamfara" ? undefined : (laws[name] ?? { status: "Passed", year: null });

// The legend links to the comparison table, so the map renders inside a router.
function inRouter(element: ReactElement) {
  return <RouterProvider router={createMemoryRouter([{ path: "/", element }])} />;
}

function renderMap(selectedRegionName: string | null = null) {
  const onSelectRegion = vi.fn();
  const user = userEvent.setup();
  const map = (selected: string | null) => (
    <NigeriaMap lawOf={lawOf} selectedRegionName={selected} onSelectRegion={onSelectRegion} />
  );
  const view = render(inRouter(map(selectedRegionName)));
  const rerenderWith = (selected: string | null) => view.rerender(inRouter(map(selected)));
  return { ...view, rerenderWith, ...queries(), user, onSelectRegion };
}

function queries() {
  const map = screen.getByRole("group", { name: "Map of Nigeria's states by disability law status" });
  const region = (name: RegExp) => within(map).getByRole("button", { name });
  const tooltip = () => screen.queryByRole("tooltip", { hidden: true });
  return { map, region, tooltip };
}

// Focus as a script or an assistive technology moves it, with React's updates applied.
function focus(element: HTMLElement) {
  act(() => element.focus());
}

describe("NigeriaMap", () => {
  it("offers the 36 states and the FCT as buttons named with their disability law status", () => {
    const { map } = renderMap();
    expect(within(map).getAllByRole("button")).toHaveLength(37);
    expect(
      within(map).getByRole("button", { name: "Lagos State, disability law: Passed (2011)" }),
    ).toBeVisible();
    expect(within(map).getByRole("button", { name: "Abia State, disability law: Passed" })).toBeVisible();
    expect(
      within(map).getByRole("button", {
        name: "Kano State, disability law: Passed, awaiting the Governor's assent",
      }),
    ).toBeVisible();
    expect(
      within(map).getByRole("button", { name: "Borno State, disability law: Second reading" }),
    ).toBeVisible();
    expect(
      within(map).getByRole("button", { name: "Ogun State, disability law: Pending / no law" }),
    ).toBeVisible();
    expect(
      within(map).getByRole("button", { name: "Zamfara State, disability law: Pending / no law" }),
    ).toBeVisible();
    expect(
      within(map).getByRole("button", { name: "Federal Capital Territory, disability law: Passed" }),
    ).toBeVisible();
  });

  it("fills each state by its law status and counts each status in the legend", () => {
    const { region } = renderMap();
    expect(region(/^Lagos State/)).toHaveAttribute("data-law-status", "passed");
    expect(region(/^Kano State/)).toHaveAttribute("data-law-status", "awaiting-assent");
    expect(region(/^Borno State/)).toHaveAttribute("data-law-status", "second-reading");
    expect(region(/^Ogun State/)).toHaveAttribute("data-law-status", "pending");
    const legend = screen.getByRole("heading", { name: "State disability laws" })
      .parentElement as HTMLElement;
    expect(
      within(legend)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Passed: 33",
      "Passed, awaiting the Governor's assent: 1",
      "Second reading: 1",
      "Pending / no law: 2",
    ]);
    expect(within(legend).getByRole("link", { name: "Compare all states" })).toHaveAttribute(
      "href",
      "/states",
    );
  });

  it("is one tab stop: Tab enters the map once and leaves it on the next Tab", async () => {
    const { user, map, region } = renderMap();
    await user.tab();
    expect(region(/^Abia State/)).toHaveFocus();
    await user.tab();
    expect(map).not.toContainElement(document.activeElement as HTMLElement);
    expect(
      within(map)
        .getAllByRole("button")
        .filter((button) => button.tabIndex === 0),
    ).toHaveLength(1);
  });

  it("makes the selected state the map's tab stop, and then the last state focused", async () => {
    const { user, region } = renderMap("Kano");
    await user.tab();
    expect(region(/^Kano State/)).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(region(/^Jigawa State/)).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab();
    expect(region(/^Jigawa State/)).toHaveFocus();
  });

  it("gives the smallest states a pointer target of their own beside the map", async () => {
    const { user, onSelectRegion } = renderMap();
    const lagos = document.querySelector<HTMLButtonElement>('[data-small-state="NG-LA"]');
    const fct = document.querySelector<HTMLButtonElement>('[data-small-state="NG-FC"]');
    expect(lagos).toHaveTextContent("Lagos");
    expect(fct).toHaveTextContent("FCT");
    expect(lagos?.tabIndex).toBe(-1);
    if (!lagos || !fct) throw new Error("no small-state targets");
    await user.click(lagos);
    expect(onSelectRegion).toHaveBeenLastCalledWith("Lagos");
    await user.click(fct);
    expect(onSelectRegion).toHaveBeenLastCalledWith("Federal Capital Territory");
  });

  it("selects a state on click, Enter and Space", async () => {
    const { user, region, onSelectRegion } = renderMap();
    await user.click(region(/^Kano State/));
    expect(onSelectRegion).toHaveBeenLastCalledWith("Kano");

    focus(region(/^Lagos State/));
    await user.keyboard("{Enter}");
    expect(onSelectRegion).toHaveBeenLastCalledWith("Lagos");

    focus(region(/^Federal Capital Territory/));
    await user.keyboard(" ");
    expect(onSelectRegion).toHaveBeenLastCalledWith("Federal Capital Territory");
    expect(onSelectRegion).toHaveBeenCalledTimes(3);
  });

  it("moves focus to the neighbouring state with the arrow keys", async () => {
    const { user, region } = renderMap();
    focus(region(/^Kano State/));
    await user.keyboard("{ArrowRight}");
    expect(region(/^Jigawa State/)).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(region(/^Kano State/)).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(region(/^Kaduna State/)).toHaveFocus();

    focus(region(/^Federal Capital Territory/));
    await user.keyboard("{ArrowRight}");
    expect(region(/^Nasarawa State/)).toHaveFocus();
  });

  it("keeps focus on a state at the edge of the map when there is nothing further that way", async () => {
    const { user, region } = renderMap();
    focus(region(/^Sokoto State/));
    await user.keyboard("{ArrowUp}");
    expect(region(/^Sokoto State/)).toHaveFocus();
  });

  it("shows the state and its disability law in a tooltip on keyboard focus, until blur", async () => {
    const { user, region, tooltip } = renderMap();
    expect(tooltip()).toBeNull();

    focus(region(/^Lagos State/));
    expect(tooltip()).toHaveTextContent("Lagos State");
    expect(tooltip()).toHaveTextContent("Disability law: Passed (2011)");

    await user.keyboard("{ArrowUp}");
    expect(tooltip()).toHaveTextContent("Ogun State");
    expect(tooltip()).toHaveTextContent("Disability law: Pending / no law");

    act(() => region(/^Ogun State/).blur());
    expect(tooltip()).toBeNull();
  });

  it("names the FCT without 'State' in its tooltip", () => {
    const { region, tooltip } = renderMap();
    focus(region(/^Federal Capital Territory/));
    expect(tooltip()).toHaveTextContent("Federal Capital Territory");
    expect(tooltip()).not.toHaveTextContent("Territory State");
  });

  it("shows the tooltip on hover and hides it a moment after the pointer leaves", async () => {
    const { user, region, tooltip } = renderMap();
    await user.hover(region(/^Kano State/));
    expect(tooltip()).toHaveTextContent("Kano State");
    expect(tooltip()).toHaveTextContent("Disability law: Passed, awaiting the Governor's assent");

    await user.hover(region(/^Borno State/));
    expect(tooltip()).toHaveTextContent("Borno State");
    expect(tooltip()).toHaveTextContent("Disability law: Second reading");

    vi.useFakeTimers();
    try {
      fireEvent.mouseLeave(region(/^Borno State/), { relatedTarget: document.body });
      act(() => vi.advanceTimersByTime(HOVER_GRACE_MS - 1));
      expect(tooltip()).toHaveTextContent("Borno State");
      act(() => vi.advanceTimersByTime(1));
      expect(tooltip()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  // A browser sends the pointer's leaving the state and its entering the tooltip as two events; a renderer
  // may draw between them. The tooltip stays for as long as the pointer is on it.
  it("keeps the tooltip open while the pointer moves onto it", async () => {
    const { user, region, tooltip } = renderMap();
    await user.hover(region(/^Kano State/));
    vi.useFakeTimers();
    try {
      fireEvent.mouseLeave(region(/^Kano State/), { relatedTarget: tooltip() });
      expect(tooltip()).toHaveTextContent("Kano State");
      fireEvent.mouseEnter(tooltip()!, { relatedTarget: region(/^Kano State/) });
      act(() => vi.advanceTimersByTime(HOVER_GRACE_MS * 10));
      expect(tooltip()).toHaveTextContent("Kano State");

      fireEvent.mouseLeave(tooltip()!, { relatedTarget: document.body });
      expect(tooltip()).toHaveTextContent("Kano State");
      act(() => vi.advanceTimersByTime(HOVER_GRACE_MS));
      expect(tooltip()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("hides the tooltip on Escape, for hover and for focus, and shows it again on the next state", async () => {
    const { user, region, tooltip } = renderMap();
    await user.hover(region(/^Kano State/));
    await user.keyboard("{Escape}");
    expect(tooltip()).toBeNull();
    await user.unhover(region(/^Kano State/));

    focus(region(/^Lagos State/));
    expect(tooltip()).toHaveTextContent("Lagos State");
    await user.keyboard("{Escape}");
    expect(tooltip()).toBeNull();
    expect(region(/^Lagos State/)).toHaveFocus();

    await user.keyboard("{ArrowRight}");
    expect(tooltip()).toHaveTextContent("Ondo State");
  });

  it("hides the tooltip on an Escape pressed the moment it is drawn, before the browser has painted", async () => {
    const { region, tooltip } = renderMap();
    // Focused by the browser itself, outside act(): the renderer draws in a microtask and runs effects only
    // after the next frame, which is how a page behaves. The Escape comes between the two.
    region(/^Lagos State/).focus();
    await untilDrawnBeforeNextFrame(() => tooltip() !== null);
    expect(tooltip()).toHaveTextContent("Lagos State");
    fireEvent.keyDown(region(/^Lagos State/), { key: "Escape" });
    await waitFor(() => expect(tooltip()).toBeNull());
  });

  it("keeps the tooltip out of the accessibility tree and the tab order", () => {
    const { region, tooltip } = renderMap();
    focus(region(/^Lagos State/));
    expect(tooltip()).toHaveAttribute("aria-hidden", "true");
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("marks only the selected state as pressed, matching 'FCT' to the Federal Capital Territory", () => {
    const { map, region, rerenderWith } = renderMap("FCT");
    expect(region(/^Federal Capital Territory/)).toHaveAttribute("aria-pressed", "true");
    expect(within(map).getAllByRole("button", { pressed: true })).toHaveLength(1);

    rerenderWith(null);
    expect(within(map).queryAllByRole("button", { pressed: true })).toHaveLength(0);
    expect(within(map).getAllByRole("button", { pressed: false })).toHaveLength(37);
  });

  it("draws the map from regions given to it", () => {
    render(
      inRouter(
        <NigeriaMap
          regions={[
            { name: "Lagos", code: "NG-LA", d: "M0 0l10 0 0 10z", centroid: [5, 5] },
            { name: "Ogun", code: "NG-OG", d: "M0 20l10 0 0 10z", centroid: [5, 25] },
          ]}
          viewBox="0 0 10 30"
          lawOf={() => ({ status: "Passed", year: 2020 })}
          selectedRegionName="Ogun"
          onSelectRegion={() => {}}
        />,
      ),
    );
    const { map } = queries();
    expect(map).toHaveAttribute("viewBox", "0 0 10 30");
    expect(
      within(map)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Lagos State, disability law: Passed (2020)", "Ogun State, disability law: Passed (2020)"]);
    expect(within(map).getByRole("button", { pressed: true })).toHaveAccessibleName(/^Ogun State/);
  });

  it("shows the tooltip beside the map, never over a state, so a click always reaches the state", () => {
    const { region, tooltip, map } = renderMap();
    focus(region(/^Kaduna State/));
    const shown = tooltip();
    expect(shown).toHaveTextContent("Kaduna State");
    expect(map).not.toContainElement(shown);
    expect(shown?.parentElement?.nextElementSibling).toBe(map);
  });
});
