import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import countryData from "../../../../data/country-ng.json";
import { countrySchema, type Country } from "../../../domain/datasets/schemas";
import { NationalStatistics } from "./NationalStatistics";

const nigeria = countrySchema.parse(countryData);

function renderStatistics(country: Country = nigeria, schoolCount = 249) {
  render(<NationalStatistics country={country} schoolCount={schoolCount} />);
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
  it("heads the page with the count of persons with disabilities", () => {
    renderStatistics();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "26,910,000 persons with disabilities in Nigeria",
    );
  });

  it("shows the Overview cards first, with their figures, charts and explanations", () => {
    renderStatistics();
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    const population = card("Disability population");
    expect(figureOf("Disability population", "15%")).toBeInTheDocument();
    expect(population.getByText("26,910,000 of 179,400,000 people")).toBeInTheDocument();
    expect(population.getByRole("img", { name: "Disability population chart" })).toHaveAccessibleDescription(
      /^Persons with disabilities: 15% ?, Persons without disabilities: 85%$/,
    );
    expect(
      population.getByRole("button", { name: "About disability population" }),
    ).toHaveAccessibleDescription(/World Report on Disability/);

    const employment = card("Employment population");
    expect(figureOf("Employment population", "36.7%")).toBeInTheDocument();
    expect(employment.getByText("9,875,970 persons with disabilities employed")).toBeInTheDocument();
    expect(employment.getByRole("img", { name: "Employment population chart" })).toHaveAccessibleDescription(
      /^Employed: 36.7% ?, Not employed: 63.3%$/,
    );

    expect(card("Number of inclusive schools").getByText("249")).toBeInTheDocument();
  });

  it("says the policy document is not available when the data has no link", () => {
    renderStatistics();
    const policy = card("Disability policy");
    expect(policy.getByText(nigeria.policy.title)).toBeInTheDocument();
    expect(policy.getByText("Policy document not available")).toBeInTheDocument();
    expect(policy.queryByRole("link")).not.toBeInTheDocument();
  });

  it("links to the policy document in a new tab when the data has one", () => {
    const url = "https://example.org/disability-act-2018.pdf";
    renderStatistics({ ...nigeria, policy: { ...nigeria.policy, url } });
    const link = card("Disability policy").getByRole("link", {
      name: "Download disability policy (opens in a new tab)",
    });
    expect(link).toHaveAttribute("href", url);
    expect(link).toHaveAttribute("target", "_blank");
    expect(screen.queryByText("Policy document not available")).not.toBeInTheDocument();
  });

  it("switches to the Gender panel on click and shows both shares with counts", async () => {
    const user = userEvent.setup();
    renderStatistics();
    await user.click(screen.getByRole("tab", { name: "Gender" }));
    expect(screen.getByRole("tab", { name: "Gender" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Gender" })).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Disability population" })).not.toBeInTheDocument();
    const male = card("Male");
    expect(figureOf("Male", "45.65%")).toBeInTheDocument();
    expect(male.getByText("12,284,415 persons with disabilities")).toBeInTheDocument();
    expect(male.getByRole("img", { name: "Male share chart" })).toHaveAccessibleDescription(
      /^Male: 45.65% ?, Female: 54.35%$/,
    );
    const female = card("Female");
    expect(figureOf("Female", "54.35%")).toBeInTheDocument();
    expect(female.getByText("14,625,585 persons with disabilities")).toBeInTheDocument();
  });

  it("moves between panels with the arrow keys, Home and End, keeping only the selected tab in the tab order", async () => {
    const user = userEvent.setup();
    renderStatistics();
    await user.tab();
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
    expect(screen.getByRole("button", { name: "About age 0-15" })).toHaveFocus();
  });

  it("shows the five age bands with their shares and counts", async () => {
    const user = userEvent.setup();
    renderStatistics();
    await user.click(screen.getByRole("tab", { name: "Age" }));
    const panel = within(screen.getByRole("tabpanel", { name: "Age" }));
    expect(panel.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Age 0-15",
      "Age 15-29",
      "Age 30-44",
      "Age 45-64",
      "Age 65-above",
    ]);
    expect(figureOf("Age 0-15", "24.5%")).toBeInTheDocument();
    expect(card("Age 0-15").getByText("6,592,950 persons with disabilities")).toBeInTheDocument();
    expect(card("Age 15-29").getByText("914,940 persons with disabilities")).toBeInTheDocument();
    expect(figureOf("Age 65-above", "47.5%")).toBeInTheDocument();
    expect(card("Age 65-above").getByText("12,782,250 persons with disabilities")).toBeInTheDocument();
    expect(card("Age 30-44").getByRole("img", { name: "Age 30-44 share chart" })).toHaveAccessibleDescription(
      /^Age 30-44: 6.7% ?, Other ages: 93.3%$/,
    );
  });

  it("renders the headline and the Overview in server HTML, before any JavaScript runs", () => {
    const html = renderToString(<NationalStatistics country={nigeria} schoolCount={249} />);
    expect(html).toContain("26,910,000");
    expect(html).toContain("Employment population");
    expect(html).toContain("Policy document not available");
  });
});
