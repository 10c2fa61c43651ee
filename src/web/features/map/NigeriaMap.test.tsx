import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NigeriaMap } from "./NigeriaMap";

// States with a policy document in this test; any other region reads "No".
const withPolicy = new Set(["Lagos", "Kano", "Federal Capital Territory"]);

function renderMap(selectedRegionName: string | null = null) {
  const onSelectRegion = vi.fn();
  const user = userEvent.setup();
  const view = render(
    <NigeriaMap
      policyByRegion={(name) => (name === "Zamfara" ? undefined : withPolicy.has(name))}
      selectedRegionName={selectedRegionName}
      onSelectRegion={onSelectRegion}
    />,
  );
  const map = screen.getByRole("group", { name: "Map of Nigeria's states" });
  const region = (name: RegExp) => within(map).getByRole("button", { name });
  const tooltip = () => screen.queryByRole("tooltip", { hidden: true });
  return { ...view, user, map, region, tooltip, onSelectRegion };
}

// Focus as a script or an assistive technology moves it, with React's updates applied.
function focus(element: HTMLElement) {
  act(() => element.focus());
}

describe("NigeriaMap", () => {
  it("offers the 36 states and the FCT as buttons named with their disability policy", () => {
    const { map } = renderMap();
    expect(within(map).getAllByRole("button")).toHaveLength(37);
    expect(within(map).getByRole("button", { name: "Lagos State, disability policy: Yes" })).toBeVisible();
    expect(within(map).getByRole("button", { name: "Abia State, disability policy: No" })).toBeVisible();
    expect(within(map).getByRole("button", { name: "Zamfara State, disability policy: No" })).toBeVisible();
    expect(
      within(map).getByRole("button", { name: "Federal Capital Territory, disability policy: Yes" }),
    ).toBeVisible();
  });

  it("lets Tab walk the regions in alphabetical order", async () => {
    const { user, map } = renderMap();
    const names: string[] = [];
    for (let i = 0; i < 37; i++) {
      await user.tab();
      names.push(document.activeElement?.getAttribute("aria-label")?.split(",")[0] ?? "");
    }
    expect(within(map).getAllByRole("button")).toHaveLength(37);
    expect(names.slice(0, 3)).toEqual(["Abia State", "Adamawa State", "Akwa Ibom State"]);
    expect(names).toContain("Federal Capital Territory");
    expect(names.at(-1)).toBe("Zamfara State");
    expect(new Set(names).size).toBe(37);
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

  it("shows the state and its disability policy in a tooltip on keyboard focus, until blur", async () => {
    const { user, region, tooltip } = renderMap();
    expect(tooltip()).toBeNull();

    focus(region(/^Lagos State/));
    expect(tooltip()).toHaveTextContent("Lagos State");
    expect(tooltip()).toHaveTextContent("Disability Policy: Yes");

    await user.keyboard("{ArrowUp}");
    expect(tooltip()).toHaveTextContent("Ogun State");
    expect(tooltip()).toHaveTextContent("Disability Policy: No");

    act(() => region(/^Ogun State/).blur());
    expect(tooltip()).toBeNull();
  });

  it("names the FCT without 'State' in its tooltip", () => {
    const { region, tooltip } = renderMap();
    focus(region(/^Federal Capital Territory/));
    expect(tooltip()).toHaveTextContent("Federal Capital Territory");
    expect(tooltip()).not.toHaveTextContent("Territory State");
  });

  it("shows the tooltip on hover and hides it when the pointer leaves", async () => {
    const { user, region, tooltip } = renderMap();
    await user.hover(region(/^Kano State/));
    expect(tooltip()).toHaveTextContent("Kano State");
    expect(tooltip()).toHaveTextContent("Disability Policy: Yes");

    await user.hover(region(/^Borno State/));
    expect(tooltip()).toHaveTextContent("Borno State");
    expect(tooltip()).toHaveTextContent("Disability Policy: No");

    await user.unhover(region(/^Borno State/));
    expect(tooltip()).toBeNull();
  });

  it("keeps the tooltip open while the pointer moves onto it", async () => {
    const { user, region, tooltip } = renderMap();
    await user.hover(region(/^Kano State/));
    const shown = tooltip();
    if (!shown) throw new Error("the tooltip did not show");
    // user-event leaves relatedTarget empty; a browser names the element the pointer moved onto.
    fireEvent.mouseLeave(region(/^Kano State/), { relatedTarget: shown });
    expect(tooltip()).toHaveTextContent("Kano State");
    fireEvent.mouseEnter(shown, { relatedTarget: region(/^Kano State/) });
    expect(tooltip()).toHaveTextContent("Kano State");
    fireEvent.mouseLeave(shown, { relatedTarget: document.body });
    expect(tooltip()).toBeNull();
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

  it("keeps the tooltip out of the accessibility tree and the tab order", () => {
    const { region, tooltip } = renderMap();
    focus(region(/^Lagos State/));
    expect(tooltip()).toHaveAttribute("aria-hidden", "true");
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("marks only the selected state as pressed, matching 'FCT' to the Federal Capital Territory", () => {
    const { map, region, rerender } = renderMap("FCT");
    expect(region(/^Federal Capital Territory/)).toHaveAttribute("aria-pressed", "true");
    expect(within(map).getAllByRole("button", { pressed: true })).toHaveLength(1);

    rerender(<NigeriaMap policyByRegion={() => false} selectedRegionName={null} onSelectRegion={() => {}} />);
    expect(within(map).queryAllByRole("button", { pressed: true })).toHaveLength(0);
    expect(within(map).getAllByRole("button", { pressed: false })).toHaveLength(37);
  });

  it("draws the map from regions given to it", () => {
    render(
      <NigeriaMap
        regions={[
          { name: "Lagos", code: "NG-LA", d: "M0 0l10 0 0 10z", centroid: [5, 5] },
          { name: "Ogun", code: "NG-OG", d: "M0 20l10 0 0 10z", centroid: [5, 25] },
        ]}
        viewBox="0 0 10 30"
        policyByRegion={() => true}
        selectedRegionName="Ogun"
        onSelectRegion={() => {}}
      />,
    );
    const map = screen.getByRole("group", { name: "Map of Nigeria's states" });
    expect(map).toHaveAttribute("viewBox", "0 0 10 30");
    expect(
      within(map)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Lagos State, disability policy: Yes", "Ogun State, disability policy: Yes"]);
    expect(within(map).getByRole("button", { pressed: true })).toHaveAccessibleName(/^Ogun State/);
  });

  it("places the tooltip at the focused region, not at a fixed spot", () => {
    render(
      <NigeriaMap
        regions={[
          { name: "Lagos", code: "NG-LA", d: "M0 0l10 0 0 10z", centroid: [2, 6] },
          { name: "Ogun", code: "NG-OG", d: "M0 20l10 0 0 10z", centroid: [5, 24] },
        ]}
        viewBox="0 0 10 30"
        policyByRegion={() => false}
        selectedRegionName={null}
        onSelectRegion={() => {}}
      />,
    );
    focus(screen.getByRole("button", { name: /^Lagos State/ }));
    expect(screen.getByRole("tooltip", { hidden: true })).toHaveStyle({ left: "20%", top: "20%" });
    focus(screen.getByRole("button", { name: /^Ogun State/ }));
    expect(screen.getByRole("tooltip", { hidden: true })).toHaveStyle({ left: "50%", top: "80%" });
  });
});
