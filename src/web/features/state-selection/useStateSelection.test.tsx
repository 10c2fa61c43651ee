import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { summarizeStates } from "../../../domain/state-summaries";
import { currentToasts, toast } from "../../ui/toast/toast-store";
import { useStateSelection } from "./useStateSelection";

const states = summarizeStates(
  [
    { id: 15, state: "FCT", code: "NG-FC", url: "" },
    { id: 25, state: "Lagos", code: "NG-LA", url: "" },
  ],
  [{ state: " Lagos" }, { state: "FCT" }, { state: "lagos" }],
);

function renderSelection(initialUrl = "/") {
  let location = "";
  const wrapper = ({ children }: { children: ReactNode }) => {
    function Probe() {
      const current = useLocation();
      location = current.pathname + current.search;
      return <>{children}</>;
    }
    const router = createMemoryRouter([{ path: "/", element: <Probe /> }], { initialEntries: [initialUrl] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useStateSelection(states), { wrapper });
  return { ...hook, location: () => location };
}

const messages = () => currentToasts().map((t) => `${t.kind}: ${t.message}`);

describe("useStateSelection", () => {
  beforeEach(() => toast.clear());

  it("reads the selected state from the URL by slug or id", () => {
    expect(renderSelection("/?state=lagos").result.current.selected?.name).toBe("Lagos");
    expect(renderSelection("/?state=15").result.current.selected?.name).toBe("FCT");
    expect(renderSelection("/?state=atlantis").result.current.selected).toBeNull();
  });

  it("selects by map name, puts the state in the URL and says so", () => {
    const view = renderSelection();
    act(() => view.result.current.select("Federal Capital Territory", "toast"));
    expect(view.location()).toBe("/?state=fct");
    expect(view.result.current.selected?.name).toBe("FCT");
    expect(messages()).toEqual(["success: You are currently viewing Data for FCT state"]);
  });

  it("applies a choice made before hydration quietly: no toast", () => {
    const view = renderSelection();
    act(() => view.result.current.select("Lagos", "quiet"));
    expect(view.location()).toBe("/?state=lagos");
    expect(messages()).toEqual([]);
  });

  it("refuses a region that is not in the state list", () => {
    const view = renderSelection();
    act(() => view.result.current.select("Atlantis", "toast"));
    expect(view.result.current.selected).toBeNull();
    expect(messages()).toEqual(["error: Data for Atlantis is unavailable"]);
  });

  it("clears the selection with a warning", () => {
    const view = renderSelection("/?state=lagos");
    act(() => view.result.current.clear());
    expect(view.location()).toBe("/");
    expect(messages()).toEqual(["warning: No State Selected"]);
  });

  it("counts each state's schools whatever the label's spacing or case", () => {
    expect(states.find((s) => s.name === "Lagos")?.schoolCount).toBe(2);
  });
});
