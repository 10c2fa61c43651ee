import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stateRows } from "../../../domain/states-comparison";
import { StatesComparison } from "./StatesComparison";
import { seededSchools, seededStates } from "../../../test/datasets";

const reportCountText = { loading: "Loading…", failed: "Not available" };

const rows = stateRows(seededStates, seededSchools);

type Reply = { status: number; body: unknown } | "network failure";

/** The server behind fetch: answers the counts with `reply` once released; records what was asked. */
function answerCounts(reply: Reply) {
  const asked: { url: string; authorization: string | null }[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      asked.push({ url, authorization: new Headers(init.headers).get("authorization") });
      await released;
      if (reply === "network failure") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return { asked, release: () => release() };
}

const countsOf = (verified: Record<number, number>) => ({
  status: 200,
  body: {
    success: true,
    counts: rows.map((row) => ({ stateId: row.id, verified: verified[row.id] ?? 0 })),
  },
});

beforeEach(() => {
  answerCounts(countsOf({})).release();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

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
      "Verified eyewitness reports",
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

  it("filters by zone and several law statuses when applied, keeping the view in the URL, and clears", async () => {
    const { router, user } = renderTable();
    const zone = screen.getByRole("combobox", { name: "Zone" });
    // Going through the zones and ticking statuses changes nothing yet (WCAG 3.2.2).
    await user.selectOptions(zone, "North West");
    await user.selectOptions(zone, "North East");
    const statuses = screen.getByRole("group", { name: "Law status" });
    await user.click(within(statuses).getByRole("checkbox", { name: "Passed" }));
    await user.click(within(statuses).getByRole("checkbox", { name: "No law yet" }));
    expect(router.state.location.search).toBe("");
    expect(bodyRows()).toHaveLength(37);
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(router.state.location.search).toBe(
      "?zone=North+East&status=passed&status=awaiting-assent&status=second-reading&status=pending",
    );
    const shown = bodyRows();
    expect(shown.length).toBeGreaterThan(0);
    for (const row of shown) expect(row).toHaveTextContent("North East");
    const summary = screen.getByRole("status");
    expect(summary).toHaveTextContent(`Showing ${shown.length} of 37 states.`);
    expect(summary).toHaveFocus();
    await user.click(screen.getByRole("link", { name: "Clear filters" }));
    expect(bodyRows()).toHaveLength(37);
    expect(
      within(screen.getByRole("group", { name: "Law status" })).getByRole("checkbox", { name: "Passed" }),
    ).not.toBeChecked();
  });

  it("applies the filters with Enter on the zone", async () => {
    const { router, user } = renderTable();
    await user.selectOptions(screen.getByRole("combobox", { name: "Zone" }), "South West");
    await user.keyboard("{Enter}");
    expect(router.state.location.search).toBe("?zone=South+West");
    expect(screen.getByRole("status")).toHaveFocus();
  });

  it("downloads the rows shown: the CSV link follows the zone and law status filters", async () => {
    const { user } = renderTable();
    const download = () => screen.getByRole("link", { name: /^Download/ });
    const apply = () => user.click(screen.getByRole("button", { name: "Apply filters" }));
    const tick = (name: string) => user.click(screen.getByRole("checkbox", { name }));
    expect(download()).toHaveAttribute("href", "/api/v1/open/states.csv");
    expect(download()).toHaveAttribute("download");
    await user.selectOptions(screen.getByRole("combobox", { name: "Zone" }), "South West");
    await apply();
    expect(download()).toHaveAttribute("href", "/api/v1/open/states.csv?zone=South+West");
    await tick("Passed");
    await apply();
    expect(download()).toHaveAttribute("href", "/api/v1/open/states.csv?zone=South+West&status=passed");
    // Sorting changes the order on the page, not which rows: the download stays the same.
    await user.click(screen.getByRole("link", { name: /^SDIR rank/ }));
    expect(download()).toHaveAttribute("href", "/api/v1/open/states.csv?zone=South+West&status=passed");
    await user.selectOptions(screen.getByRole("combobox", { name: "Zone" }), "All zones");
    await apply();
    expect(download()).toHaveAttribute("href", "/api/v1/open/states.csv?status=passed");
    // Several statuses: the download keeps each of them.
    await tick("Second reading");
    await tick("Pending / no law");
    await apply();
    expect(download()).toHaveAttribute(
      "href",
      "/api/v1/open/states.csv?status=passed&status=second-reading&status=pending",
    );
    expect(download()).toHaveTextContent("Download these rows as CSV");
  });

  it("offers 'No law yet' as one choice for the three statuses short of a law", async () => {
    const { router, user } = renderTable();
    const statuses = screen.getByRole("group", { name: "Law status" });
    const box = (name: string) => within(statuses).getByRole("checkbox", { name });
    const kinds = ["Passed, awaiting the Governor's assent", "Second reading", "Pending / no law"];
    await user.click(box("No law yet"));
    for (const kind of kinds) expect(box(kind)).toBeChecked();
    expect(box("Passed")).not.toBeChecked();
    // One of the three left out: the group's box says so, neither ticked nor empty.
    await user.click(box("Second reading"));
    expect(box("No law yet")).not.toBeChecked();
    expect(box("No law yet")).toHaveProperty("indeterminate", true);
    await user.click(box("Second reading"));
    expect(box("No law yet")).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(router.state.location.search).toBe("?status=awaiting-assent&status=second-reading&status=pending");
    // Each no-law state is shown, and no state with a law in force.
    expect(bodyRows()).toHaveLength(7);
    for (const row of bodyRows()) expect(row).not.toHaveTextContent(/^\S+\s*\S*\s*Passed\s*\d{4}/);
    expect(screen.getByRole("status")).toHaveTextContent("Showing 7 of 37 states.");
  });

  it("reads ?status=no-law-yet, as the form sends it without JavaScript, as the three statuses", () => {
    renderTable("/states?status=no-law-yet");
    expect(bodyRows()).toHaveLength(7);
    const statuses = screen.getByRole("group", { name: "Law status" });
    expect(within(statuses).getByRole("checkbox", { name: "No law yet" })).toBeChecked();
    expect(within(statuses).getByRole("checkbox", { name: "Second reading" })).toBeChecked();
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

  describe("the verified eyewitness reports column", () => {
    const reportsCell = (state: string) => {
      const row = bodyRows().find(
        (candidate) => within(candidate).getByRole("rowheader").textContent === state,
      );
      return within(row!).getAllByRole("cell").at(-1);
    };

    it("says the counts are loading (not 0), then shows them, fetched without a token", async () => {
      const { asked, release } = answerCounts(countsOf({ 25: 3, 20: 1234 }));
      renderTable();
      expect(reportsCell("Lagos")).toHaveTextContent(reportCountText.loading);
      expect(reportsCell("Abia")).toHaveTextContent(reportCountText.loading);
      release();
      // Waits on one cell: a role query by name over the whole 37-row table is slow enough in jsdom to run
      // out of time on a loaded machine.
      await waitFor(() => expect(reportsCell("Kano")).toHaveTextContent(/^1,234$/));
      expect(reportsCell("Lagos")).toHaveTextContent(/^3$/);
      expect(reportsCell("Abia")).toHaveTextContent(/^0$/);
      expect(asked).toEqual([{ url: "/api/v1/eyewitness/published/counts", authorization: null }]);
    });

    it("says 'Not available' when the counts cannot be fetched, and the rest of the table still works", async () => {
      const { release } = answerCounts({
        status: 429,
        body: { success: false, message: "Too many requests." },
      });
      const { user } = renderTable();
      release();
      await waitFor(() => expect(reportsCell("Lagos")).toHaveTextContent(reportCountText.failed));
      expect(reportsCell("Abia")).toHaveTextContent(reportCountText.failed);
      await user.click(screen.getByRole("link", { name: /^SDIR rank/ }));
      expect(firstState()).toBe("Lagos");
      // Sorting by the counts leaves every state in the order of its name: none is known.
      await user.click(screen.getByRole("link", { name: /^Verified eyewitness reports/ }));
      expect(firstState()).toBe("Abia");
    });

    it("sorts by the counts either way, like the other columns", async () => {
      answerCounts(countsOf({ 25: 3, 20: 777, 1: 1 })).release();
      const { router, user } = renderTable();
      await waitFor(() => expect(reportsCell("Kano")).toHaveTextContent(/^777$/));
      await user.click(screen.getByRole("link", { name: /^Verified eyewitness reports/ }));
      expect(router.state.location.search).toBe("?sort=reports");
      expect(screen.getByRole("columnheader", { name: /^Verified eyewitness reports/ })).toHaveAttribute(
        "aria-sort",
        "ascending",
      );
      await user.click(screen.getByRole("link", { name: /^Verified eyewitness reports/ }));
      expect(router.state.location.search).toBe("?sort=reports&dir=descending");
      expect(
        bodyRows()
          .slice(0, 3)
          .map((row) => within(row).getByRole("rowheader").textContent),
      ).toEqual(["Kano", "Lagos", "Abia"]);
    });
  });
});

describe("StatesComparison with the counts the server rendered", () => {
  it("shows each state's verified reports from the page's own data, and asks the API nothing", async () => {
    const server = answerCounts(countsOf({ 25: 9 }));
    server.release();
    const router = createMemoryRouter(
      [
        {
          path: "/states",
          element: <StatesComparison rows={rows} verifiedReports={new Map([[25, 3]])} />,
        },
      ],
      { initialEntries: ["/states"] },
    );
    render(<RouterProvider router={router} />);
    const lagos = screen.getByRole("row", { name: /^Lagos / });
    await waitFor(() => expect(within(lagos).getAllByRole("cell").at(-1)).toHaveTextContent("3"));
    expect(screen.queryByText(reportCountText.loading)).not.toBeInTheDocument();
    expect(server.asked).toEqual([]);
  });
});
