import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import schools from "../../../../data/schools.json";
import states from "../../../../data/states.json";
import type { StateRecord } from "../../../domain/datasets/schemas";
import { stateRows } from "../../../domain/states-comparison";
import { StatesComparison } from "./StatesComparison";

const rows = stateRows(states as StateRecord[], schools);

function renderTable(url = "/states") {
  const router = createMemoryRouter([{ path: "/states", element: <StatesComparison rows={rows} /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup({ delay: null }) };
}

const bodyRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);
const firstState = () => within(bodyRows()[0]!).getByRole("rowheader").textContent;

describe("StatesComparison", () => {
  it("lists the 37 states with every column, sorted by state, and says so with aria-sort", () => {
    renderTable();
    expect(bodyRows()).toHaveLength(37);
    expect(
      within(screen.getByRole("table"))
        .getAllByRole("columnheader")
        .map((header) => header.textContent?.replace(/[▲▼↕].*$/, "").trim()),
    ).toEqual([
      "State",
      "Zone",
      "Law status",
      "Year passed",
      "Law title",
      "Agency",
      "SDIR rank",
      "SDIR score",
      "Schools in the directory",
    ]);
    expect(screen.getByRole("columnheader", { name: /^State/ })).toHaveAttribute("aria-sort", "ascending");
    expect(firstState()).toBe("Abia");
    expect(screen.getByRole("status")).toHaveTextContent("Showing all 37 states.");
  });

  it("sorts by a column when its heading link is followed, and reverses on the second time", async () => {
    const { router, user } = renderTable();
    await user.click(screen.getByRole("link", { name: /^SDIR rank/ }));
    expect(router.state.location.search).toBe("?sort=rank");
    expect(screen.getByRole("columnheader", { name: /^SDIR rank/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    expect(firstState()).toBe("Lagos");
    await user.click(screen.getByRole("link", { name: /^SDIR rank/ }));
    expect(router.state.location.search).toBe("?sort=rank&dir=descending");
    expect(screen.getByRole("columnheader", { name: /^SDIR rank/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
  });

  it("filters by zone and law status at once, keeping the view in the URL, and clears", async () => {
    const { router, user } = renderTable();
    await user.selectOptions(screen.getByRole("combobox", { name: "Zone" }), "North East");
    await user.selectOptions(screen.getByRole("combobox", { name: "Law status" }), "Passed");
    expect(router.state.location.search).toBe("?zone=North+East&status=passed");
    const shown = bodyRows();
    expect(shown.length).toBeGreaterThan(0);
    for (const row of shown) expect(row).toHaveTextContent("North East");
    expect(screen.getByRole("status")).toHaveTextContent(`Showing ${shown.length} of 37 states.`);
    await user.click(screen.getByRole("link", { name: "Clear filters" }));
    expect(bodyRows()).toHaveLength(37);
  });

  it("downloads the rows shown: the CSV link follows the zone and law status filters", async () => {
    const { user } = renderTable();
    const download = () => screen.getByRole("link", { name: "Download these rows as CSV" });
    expect(download()).toHaveAttribute("href", "/api/v1/open/states.csv");
    expect(download()).toHaveAttribute("download");
    await user.selectOptions(screen.getByRole("combobox", { name: "Zone" }), "South West");
    expect(download()).toHaveAttribute("href", "/api/v1/open/states.csv?zone=South+West");
    await user.selectOptions(screen.getByRole("combobox", { name: "Law status" }), "Passed");
    expect(download()).toHaveAttribute("href", "/api/v1/open/states.csv?zone=South+West&status=passed");
    // Sorting changes the order on the page, not which rows: the download stays the same.
    await user.click(screen.getByRole("link", { name: /^SDIR rank/ }));
    expect(download()).toHaveAttribute("href", "/api/v1/open/states.csv?zone=South+West&status=passed");
    await user.selectOptions(screen.getByRole("combobox", { name: "Zone" }), "All zones");
    expect(download()).toHaveAttribute("href", "/api/v1/open/states.csv?status=passed");
  });

  it("opens a shared link in the view it names", () => {
    renderTable("/states?status=pending&sort=state&dir=descending");
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByRole("columnheader", { name: /^State/ })).toHaveAttribute("aria-sort", "descending");
  });

  it("says the law status in words and shows unknown values honestly", () => {
    renderTable();
    const lagos = bodyRows().find((row) => within(row).queryByRole("link", { name: "Lagos" }));
    expect(lagos).toHaveTextContent("Passed");
    expect(lagos).toHaveTextContent("56%");
    const abia = bodyRows()[0]!;
    expect(abia).toHaveTextContent("Not ranked");
    expect(within(abia).getByRole("link", { name: "Abia" })).toHaveAttribute("href", "/states/1");
  });
});
