import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { explorerStates } from "../../../domain/explorer";
import { inLanguage } from "../../../test/web/i18n";
import { Explorer, type ExplorerProps } from "./Explorer";
import { seededSchools, seededStates } from "../../../test/datasets";

const rows = explorerStates(seededStates, seededSchools, [
  { stateId: 25, verified: 3 },
  { stateId: 20, verified: 1 },
]);
const citations: ExplorerProps["citations"] = {
  states: { version: "2026-11", date: "November 2026" },
  schools: { version: "2026-10", date: "October 2026" },
  reports: { version: "2026-11-29", date: "29 November 2026" },
};
const explorer = (highlightStateId?: number) => (
  <Explorer states={rows} citations={citations} highlightStateId={highlightStateId} />
);

function renderSpread(url = "/states", highlightStateId?: number) {
  const router = createMemoryRouter([{ path: "/states", element: explorer(highlightStateId) }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup({ delay: null }) };
}

const summary = () => screen.getByTestId("explorer-summary");

/** What a download button hands the browser, as text (jsdom has no object URLs: the blob is kept). */
function keepDownloads(): { text: () => Promise<string>; names: string[] } {
  const saved: Blob[] = [];
  const names: string[] = [];
  vi.stubGlobal(
    "URL",
    class extends URL {
      static override createObjectURL(blob: Blob) {
        saved.push(blob);
        return "blob:download";
      }
      static override revokeObjectURL() {}
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return {
    names,
    text: () =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(saved.at(-1)!);
      }),
  };
}
const year = () => screen.getByRole("slider", { name: "Year" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Explorer: how the laws spread", () => {
  it("shows the step chart at the last year, with the sentence that says what it draws", () => {
    renderSpread();
    expect(screen.getByRole("heading", { name: "How the laws spread" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Chart" })).toHaveAttribute("aria-pressed", "true");
    expect(year()).toHaveValue("2026");
    expect(summary()).toHaveTextContent(/^By 2026, 26 states had passed a law\. Which: Abia, Anambra,/);
    expect(screen.getByRole("img", { name: /States with a passed disability law, by year\. By 2026/ })).toBe(
      screen.getByTestId("spread-chart"),
    );
    // The passed laws without a year are named, not counted in any year.
    expect(screen.getByText(/Bauchi, Delta, Niger, Ondo/)).toHaveTextContent(/4 states are recorded/);
  });

  it("switches between chart, map and table, keeping the view and the page's other parameters in the URL", async () => {
    const { router, user } = renderSpread("/states?zone=North+East");
    await user.click(screen.getByRole("button", { name: "Map" }));
    expect(router.state.location.search).toBe("?zone=North+East&view=map");
    expect(screen.getByRole("button", { name: "Map" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("spread-map")).toBeInTheDocument();
    expect(screen.queryByTestId("spread-chart")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Table" }));
    expect(router.state.location.search).toBe("?zone=North+East&view=table");
    const table = screen.getByRole("table", { name: "States with a passed disability law, by year" });
    const tableRows = within(table).getAllByRole("row").slice(1);
    expect(tableRows).toHaveLength(22);
    expect(tableRows[0]).toHaveTextContent("2005Plateau1");
    expect(screen.queryByTestId("spread-map")).not.toBeInTheDocument();
    // In the table view only the rows download: there is no drawing.
    expect(screen.queryByRole("button", { name: "SVG picture" })).not.toBeInTheDocument();
  });

  it("opens a shared link in the view and year it names", () => {
    renderSpread("/states?view=map&year=2015");
    expect(year()).toHaveValue("2015");
    expect(summary()).toHaveTextContent("By 2015, 3 states had passed a law. Which: Lagos, Plateau, Rivers.");
    const map = screen.getByRole("img", { name: /States with a disability law passed by 2015\./ });
    const passed = [...map.querySelectorAll('[data-class="passed"]')].map((path) =>
      path.getAttribute("data-code"),
    );
    expect(passed.sort()).toEqual(["NG-LA", "NG-PL", "NG-RI"]);
  });

  it("moves the year by keyboard with its buttons and by the slider, map and summary together", async () => {
    const { router, user } = renderSpread("/states?view=map&year=2016");
    screen.getByRole("button", { name: "One year earlier" }).focus();
    await user.keyboard("{Enter}");
    expect(router.state.location.search).toBe("?view=map&year=2015");
    expect(summary()).toHaveTextContent(/^By 2015, 3 states/);
    expect(screen.getByTestId("spread-map")).toHaveAttribute("data-year", "2015");
    await user.tab();
    await user.tab();
    expect(screen.getByRole("button", { name: "One year later" })).toHaveFocus();
    await user.keyboard(" ");
    await user.keyboard(" ");
    expect(summary()).toHaveTextContent(/^By 2017, 6 states/);
    expect(screen.getByText("2017", { selector: "output" })).toBeInTheDocument();
    // The slider, as arrow keys move it in a browser (the end-to-end test presses them).
    fireEvent.change(year(), { target: { value: "2005" } });
    expect(summary()).toHaveTextContent("By 2005, 1 state had passed a law. Which: Plateau.");
    expect(screen.getByRole("button", { name: "One year earlier" })).toBeDisabled();
    expect(summary()).toHaveAttribute("aria-live", "polite");
  });

  it("downloads the table's rows as CSV, whatever the view", async () => {
    const downloads = keepDownloads();
    const { user } = renderSpread("/states?view=map&year=2016");
    await user.click(screen.getByRole("button", { name: "CSV (the table's rows)" }));
    const lines = (await downloads.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Year,Passed that year,States with a law by the end of the year");
    expect(lines).toHaveLength(23);
    expect(lines).toContain("2016,Jigawa; Kwara,5");
    expect(downloads.names).toEqual(["law-spread-2016-map-2026-11.csv"]);
  });

  it("cites the states dataset with its version and date", () => {
    renderSpread();
    expect(
      screen.getByText(/State disability policy records, Nigeria \[Data set\], version 2026-11\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/compiled as of November 2026/)).toBeInTheDocument();
  });

  it("outlines the state on its own page", () => {
    renderSpread("/states?view=map", 25);
    expect(screen.getByText("Lagos is outlined.")).toBeInTheDocument();
  });

  it("says the summary in the page's language", async () => {
    render(
      await inLanguage(
        "ha",
        ["explorer"],
        <MemoryRouter initialEntries={["/ha/states?year=2015"]}>{explorer()}</MemoryRouter>,
      ),
    );
    expect(summary()).toHaveTextContent(/^Zuwa 2015, jihohi 3 sun zartar da doka\./);
  });

  it("renders on the server with the table by year for a page without JavaScript", () => {
    const html = renderToString(
      <MemoryRouter initialEntries={["/states?year=2015"]}>{explorer()}</MemoryRouter>,
    );
    expect(html).toContain("By 2015, 3 states had passed a law.");
    expect(html).toMatch(
      /<noscript>.*<table.*States with a passed disability law, by year.*<\/table>.*<\/noscript>/s,
    );
    const tableView = renderToString(
      <MemoryRouter initialEntries={["/states?view=table"]}>{explorer()}</MemoryRouter>,
    );
    expect(tableView).toMatch(/<table/);
    expect(tableView).not.toContain("<noscript>");
  });
});

describe("Explorer: the other indicators", () => {
  const indicatorLinks = () => screen.getByRole("navigation", { name: "Indicator" });

  it("offers each indicator as a link that names the whole view, the current one marked", () => {
    renderSpread("/states?view=map&year=2015");
    const links = within(indicatorLinks()).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Law status", "?indicator=status&view=map"],
      ["Year the law passed", "?indicator=spread&view=map&year=2015"],
      ["Schools listed", "?indicator=schools&view=map"],
      ["Verified eyewitness reports", "?indicator=reports&view=map"],
    ]);
    expect(within(indicatorLinks()).getByRole("link", { name: "Year the law passed" })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });

  it("switches indicator in place once interactive, keeping the view and the page's other parameters", async () => {
    const { router, user } = renderSpread("/states?zone=North+East&view=table");
    await user.click(within(indicatorLinks()).getByRole("link", { name: "Law status" }));
    expect(router.state.location.search).toBe("?zone=North+East&view=table&indicator=status");
    expect(summary()).toHaveTextContent(
      "Of the 37 states, 30 have passed a disability law, 3 await the Governor's assent, 1 is at second reading and 3 have no law yet.",
    );
    const table = screen.getByRole("table", { name: "Disability law status by state" });
    const tableRows = within(table).getAllByRole("row").slice(1);
    expect(tableRows.map((row) => within(row).getAllByRole("cell")[0]!.textContent)).toEqual([
      "30",
      "3",
      "1",
      "3",
    ]);
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();
  });

  it("draws the law status as bars and as a map whose legend names each status and its count", async () => {
    const { user } = renderSpread("/states?indicator=status");
    const chart = screen.getByTestId("explorer-chart");
    expect(chart).toHaveAccessibleName(/^Disability law status by state\. Of the 37 states/);
    expect([...chart.querySelectorAll("[data-bar]")].map((bar) => bar.getAttribute("data-value"))).toEqual([
      "30",
      "3",
      "1",
      "3",
    ]);
    await user.click(screen.getByRole("button", { name: "Map" }));
    const map = screen.getByTestId("explorer-map");
    expect(map.querySelectorAll('[data-class="passed"]')).toHaveLength(30);
    expect(map.querySelectorAll('[data-class="second-reading"]')).toHaveLength(1);
    // The legend says each class in words, beside its pattern.
    expect(map).toHaveTextContent("Passed (30)");
    expect(map).toHaveTextContent("Second reading (1)");
  });

  it("counts the schools for the disability group a link names, with the groups as links", async () => {
    const { router, user } = renderSpread("/states?indicator=schools&group=hearing");
    expect(summary()).toHaveTextContent(
      "156 schools are listed for deaf and hard-of-hearing learners in 35 states; the most in Lagos (44).",
    );
    const groups = screen.getByRole("navigation", { name: "Disability group" });
    expect(within(groups).getByRole("link", { name: "Hearing" })).toHaveAttribute("aria-current", "true");
    expect(within(groups).getByRole("link", { name: "Visual" })).toHaveAttribute(
      "href",
      "?indicator=schools&view=chart&group=visual",
    );
    const bars = [...screen.getByTestId("explorer-chart").querySelectorAll("[data-bar]")];
    expect(bars).toHaveLength(37);
    expect(bars[0]).toHaveTextContent("Lagos44");
    await user.click(within(groups).getByRole("link", { name: "All groups" }));
    expect(router.state.location.search).toBe("?indicator=schools&view=chart");
    expect(summary()).toHaveTextContent(
      /^249 schools are listed for learners with any disability in \d+ states/,
    );
  });

  it("downloads the schools' table as CSV under the group's name, and cites the schools dataset", async () => {
    const downloads = keepDownloads();
    const { user } = renderSpread("/states?indicator=schools&group=hearing&view=table");
    await user.click(screen.getByRole("button", { name: "CSV (the table's rows)" }));
    const lines = (await downloads.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("State,Schools listed: Hearing");
    expect(lines).toHaveLength(38);
    expect(lines).toContain("Lagos,44");
    expect(downloads.names).toEqual(["schools-hearing-table-2026-10.csv"]);
    expect(
      screen.getByText(/Inclusive and special schools, Nigeria \[Data set\], version 2026-10\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/compiled as of October 2026/)).toBeInTheDocument();
  });

  it("counts the verified reports by state, and says so when there are none", () => {
    renderSpread("/states?indicator=reports&view=map");
    expect(summary()).toHaveTextContent(
      "4 verified eyewitness reports come from 2 states; the most from Lagos (3).",
    );
    const map = screen.getByTestId("explorer-map");
    expect(map.querySelector('[data-code="NG-LA"]')).not.toHaveAttribute("data-class", "class-0");
    expect(map.querySelector('[data-code="NG-YO"]')).toHaveAttribute("data-class", "class-0");
    expect(map).toHaveTextContent("None");
    expect(screen.getByText(/counted on 29 November 2026/)).toBeInTheDocument();
    cleanup();
    render(
      <MemoryRouter initialEntries={["/states?indicator=reports"]}>
        <Explorer states={explorerStates(seededStates, [], [])} citations={citations} />
      </MemoryRouter>,
    );
    expect(summary()).toHaveTextContent("No eyewitness report has been verified and published yet.");
  });

  it("marks the page's own state in the chart, the map and the table", async () => {
    const { user } = renderSpread("/states?indicator=schools", 25);
    expect(
      screen.getByText("Lagos: 59 schools listed for learners with any disability."),
    ).toBeInTheDocument();
    const marked = screen.getByTestId("explorer-chart").querySelector("[data-highlighted]");
    expect(marked).toHaveAttribute("data-bar", "25");
    await user.click(screen.getByRole("button", { name: "Map" }));
    expect(screen.getByTestId("map-highlight")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Table" }));
    const current = screen.getByRole("row", { current: true });
    expect(current).toHaveTextContent("Lagos59");
  });

  it("says an indicator's sentence in the page's language", async () => {
    render(
      await inLanguage(
        "ha",
        ["explorer"],
        <MemoryRouter initialEntries={["/ha/states?indicator=reports"]}>{explorer()}</MemoryRouter>,
      ),
    );
    expect(summary()).toHaveTextContent(/^Rahotannin shaidu 4 da aka tabbatar sun fito daga jihohi 2;/);
  });

  it("renders on the server with the indicator's table for a page without JavaScript, and its links", () => {
    const html = renderToString(
      <MemoryRouter initialEntries={["/states?indicator=schools&group=visual&view=map"]}>
        {explorer()}
      </MemoryRouter>,
    );
    expect(html).toMatch(/<noscript>.*<table.*Schools listed by state: Visual.*<\/table>.*<\/noscript>/s);
    expect(html).toContain('href="?indicator=status&amp;view=map"');
    expect(html).toContain('data-testid="explorer-map"');
  });
});
