import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import states from "../../../../data/states.json";
import type { StateRecord } from "../../../domain/datasets/schemas";
import { stateLaws } from "../../../domain/law-spread";
import { inLanguage } from "../../../test/web/i18n";
import { LawSpread } from "./LawSpread";

const laws = stateLaws(states as StateRecord[]);
const asOf = "2026-11";

function renderSpread(url = "/states", highlightStateId?: number) {
  const router = createMemoryRouter(
    [{ path: "/states", element: <LawSpread laws={laws} asOf={asOf} highlightStateId={highlightStateId} /> }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup({ delay: null }) };
}

const summary = () => screen.getByTestId("spread-summary");
const year = () => screen.getByRole("slider", { name: "Year" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("LawSpread", () => {
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
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(22);
    expect(rows[0]).toHaveTextContent("2005Plateau1");
    expect(screen.queryByTestId("spread-map")).not.toBeInTheDocument();
    // In the table view only the rows download: there is no drawing.
    expect(screen.queryByRole("button", { name: "SVG picture" })).not.toBeInTheDocument();
  });

  it("opens a shared link in the view and year it names", () => {
    renderSpread("/states?view=map&year=2015");
    expect(year()).toHaveValue("2015");
    expect(summary()).toHaveTextContent("By 2015, 3 states had passed a law. Which: Lagos, Plateau, Rivers.");
    const map = screen.getByRole("img", { name: /States with a disability law passed by 2015\./ });
    const passed = [...map.querySelectorAll('[data-spread="passed"]')].map((path) =>
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
    expect(screen.getByTestId("spread-summary")).toHaveAttribute("aria-live", "polite");
  });

  it("downloads the table's rows as CSV, whatever the view", async () => {
    const saved: Blob[] = [];
    // jsdom has no object URLs: the blob handed to the download is kept instead.
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
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    const { user } = renderSpread("/states?view=map&year=2016");
    await user.click(screen.getByRole("button", { name: "CSV (the table's rows)" }));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!);
    });
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Year,Passed that year,States with a law by the end of the year");
    expect(lines).toHaveLength(23);
    expect(lines).toContain("2016,Jigawa; Kwara,5");
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
    expect(screen.getByText(`${laws.find((law) => law.id === 25)!.name} is outlined.`)).toBeInTheDocument();
  });

  it("says the summary in the page's language", async () => {
    render(
      await inLanguage(
        "ha",
        ["explorer"],
        <MemoryRouter initialEntries={["/ha/states?year=2015"]}>
          <LawSpread laws={laws} asOf={asOf} />
        </MemoryRouter>,
      ),
    );
    expect(summary()).toHaveTextContent(/^Zuwa 2015, jihohi 3 sun zartar da doka\./);
  });

  it("renders on the server with the table by year for a page without JavaScript", () => {
    const html = renderToString(
      <MemoryRouter initialEntries={["/states?year=2015"]}>
        <LawSpread laws={laws} asOf={asOf} />
      </MemoryRouter>,
    );
    expect(html).toContain("By 2015, 3 states had passed a law.");
    expect(html).toMatch(
      /<noscript>.*<table.*States with a passed disability law, by year.*<\/table>.*<\/noscript>/s,
    );
    const tableView = renderToString(
      <MemoryRouter initialEntries={["/states?view=table"]}>
        <LawSpread laws={laws} asOf={asOf} />
      </MemoryRouter>,
    );
    expect(tableView).toMatch(/<table/);
    expect(tableView).not.toContain("<noscript>");
  });
});
