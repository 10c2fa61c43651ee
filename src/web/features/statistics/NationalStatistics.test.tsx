import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import countryData from "../../../../data/country-ng.json";
import estimatesData from "../../../../data/estimates.json";
import { countrySchema, estimatesSchema, type Country } from "../../../domain/datasets/schemas";
import { nationalFigures } from "../../../domain/national-estimates";
import { figureCards } from "./national-figures";
import { NationalStatistics } from "./NationalStatistics";

const nigeria = countrySchema.parse(countryData);
const figures = nationalFigures(estimatesSchema.parse(estimatesData));

function statistics(policy: Country["policy"] = nigeria.policy) {
  return <NationalStatistics figures={figures} cards={figureCards(figures, 249)} policy={policy} />;
}

function renderStatistics(policy?: Country["policy"]) {
  const router = createMemoryRouter([{ path: "/", element: statistics(policy) }]);
  render(<RouterProvider router={router} />);
}

function card(title: string) {
  const heading = screen.getByRole("heading", { level: 3, name: title });
  const item = heading.closest("li");
  if (!item) throw new Error(`no card for ${title}`);
  return within(item);
}

/** The card's figure as printed (the chart's centre repeats it, but only as part of the image). */
function figureOf(title: string, figure: string) {
  return card(title).getByText(figure, { selector: "p" });
}

describe("NationalStatistics", () => {
  it("heads the page with the NDHS 2018 measurement, its source, and the range of other estimates", () => {
    renderStatistics();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "7% of people aged 5+ in Nigeria have some difficulty in a basic activity",
    );
    const lede = screen.getByText(/have a lot of difficulty or cannot do it at all/);
    expect(lede).toHaveTextContent("1% have a lot of difficulty or cannot do it at all.");
    expect(lede).toHaveTextContent("Nigeria Demographic and Health Survey 2018");
    expect(lede).toHaveTextContent(
      "Other published estimates range from 2.32% (2006 census) to 15% (a global average applied to Nigeria).",
    );
    expect(
      screen.getByRole("link", { name: "How many Nigerians have a disability? The estimates compared" }),
    ).toHaveAttribute("href", "/data/estimates");
  });

  it("shows the Overview's sourced figures with charts, each naming its source and year under the chart", () => {
    renderStatistics();
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    expect(figureOf("Some difficulty", "7%")).toBeInTheDocument();
    expect(
      card("Some difficulty").getByRole("img", { name: "Some difficulty chart" }),
    ).toHaveAccessibleDescription(/^Some difficulty or more: 7% ?, Others: 93%$/);
    expect(card("Some difficulty").getByText(/^Source:/)).toHaveTextContent(
      /Source: Nigeria Demographic and Health Survey 2018 .*, 2018\./,
    );
    expect(figureOf("A lot of difficulty", "1%")).toBeInTheDocument();
    expect(card("Number of inclusive schools").getByText("249")).toBeInTheDocument();
  });

  it("offers the estimates as CSV under the panels, and links every source line to the open data", async () => {
    renderStatistics();
    const download = screen.getByRole("link", { name: "Download the estimates as CSV" });
    expect(download).toHaveAttribute("href", "/api/v1/open/estimates.csv");
    expect(download).toHaveAttribute("download");

    const lede = screen.getByText(/have a lot of difficulty or cannot do it at all/);
    expect(within(lede).getByRole("link", { name: "all open data" })).toHaveAttribute("href", "/data");
    for (const tab of ["Overview", "Gender", "Age"]) {
      await userEvent.click(screen.getByRole("tab", { name: tab }));
      const panel = within(screen.getByRole("tabpanel"));
      const sources = panel.getAllByText(/^Source:/);
      expect(sources.length, tab).toBeGreaterThan(0);
      for (const source of sources) {
        expect(within(source).getByRole("link", { name: "All open data" })).toHaveAttribute("href", "/data");
      }
      // The download stays in reach whichever panel is shown.
      expect(screen.getByRole("link", { name: "Download the estimates as CSV" })).toBeVisible();
    }
  });

  it("shows no unsourced number: employment says no survey has published it and links the explainer", () => {
    renderStatistics();
    const employment = card("Employment");
    expect(employment.getByText("No national survey has published this yet.")).toBeInTheDocument();
    expect(employment.getByRole("link", { name: "What has been measured" })).toHaveAttribute(
      "href",
      "/data/estimates",
    );
    expect(screen.queryByText(/36\.7/)).toBeNull();
    expect(screen.queryByText(/26,910,000/)).toBeNull();
  });

  it("labels the Act's only copy as unofficial", () => {
    renderStatistics();
    const policy = card("Disability policy");
    expect(policy.getByText(nigeria.policy.title)).toBeInTheDocument();
    expect(policy.getByRole("link", { name: /unofficial copy, DREDF/ })).toHaveAttribute(
      "href",
      nigeria.policy.url,
    );
  });

  it("links to an official policy document as a download when the data has one without a note", () => {
    const url = "https://example.org/disability-act-2018.pdf";
    renderStatistics({ ...nigeria.policy, url, urlNote: undefined });
    const link = card("Disability policy").getByRole("link", {
      name: "download disability policy (opens in a new tab)",
    });
    expect(link).toHaveAttribute("href", url);
  });

  it("shows rates by sex from the survey's launch, and says no source splits the count by sex", async () => {
    const user = userEvent.setup();
    renderStatistics();
    await user.click(screen.getByRole("tab", { name: "Gender" }));
    expect(screen.getByRole("tabpanel", { name: "Gender" })).toBeVisible();
    expect(figureOf("Women aged 15 and over", "9%")).toBeInTheDocument();
    expect(figureOf("Men aged 15 and over", "10%")).toBeInTheDocument();
    expect(card("Women aged 15 and over").getByText(/^Source:/)).toBeInTheDocument();
    expect(
      card("Persons with disabilities by sex").getByText("No national survey has published this yet."),
    ).toBeVisible();
    expect(screen.queryByText(/45\.65|54\.35/)).toBeNull();
  });

  it("moves between panels with the arrow keys, Home and End, keeping only the selected tab in the tab order", async () => {
    const user = userEvent.setup();
    renderStatistics();
    await user.click(screen.getByRole("tab", { name: "Overview" }));
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveFocus();

    await user.keyboard("{ArrowLeft}");
    const age = screen.getByRole("tab", { name: "Age" });
    expect(age).toHaveFocus();
    expect(age).toHaveAttribute("aria-selected", "true");
    expect(screen.getAllByRole("tab").map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]);

    await user.keyboard("{Home}");
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Gender" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Age" })).toHaveAttribute("aria-selected", "true");

    // Tab leaves the tab list for the panel's first control.
    await user.tab();
    expect(screen.getByRole("button", { name: "About aged 5 and over" })).toHaveFocus();
  });

  it("shows the two age groups the survey gives, and says no survey has published age bands", async () => {
    const user = userEvent.setup();
    renderStatistics();
    await user.click(screen.getByRole("tab", { name: "Age" }));
    const panel = within(screen.getByRole("tabpanel", { name: "Age" }));
    expect(panel.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Aged 5 and over",
      "Aged 60 and over",
      "Age bands",
    ]);
    expect(figureOf("Aged 60 and over", "9%")).toBeInTheDocument();
    expect(card("Age bands").getByText("No national survey has published this yet.")).toBeVisible();
    expect(screen.queryByText(/47\.5/)).toBeNull();
  });

  it("renders the headline and the Overview in server HTML, before any JavaScript runs", () => {
    const router = createMemoryRouter([{ path: "/", element: statistics() }]);
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toContain("7%");
    expect(html).toContain("Nigeria Demographic and Health Survey 2018");
    expect(html).toContain("No national survey has published this yet.");
  });
});
