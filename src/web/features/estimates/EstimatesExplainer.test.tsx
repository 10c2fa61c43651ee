import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import estimates from "../../../../data/estimates.json";
import { estimatesSchema } from "../../../domain/datasets/schemas";
import { EstimatesExplainer } from "./EstimatesExplainer";

const data = estimatesSchema.parse(estimates);

describe("EstimatesExplainer", () => {
  it("asks the question and leads with the survey figure, its reasons and caveats", () => {
    render(<EstimatesExplainer data={data} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "How many Nigerians have a disability?",
    );
    expect(screen.getByText(data.headline.suggested_wording)).toBeInTheDocument();
  });

  it("gives every chart a table view with each figure exactly as published", () => {
    render(<EstimatesExplainer data={data} />);
    const [shares, persons] = screen.getAllByRole("table");
    const shareRows = within(shares!).getAllByRole("row").slice(1);
    expect(shareRows).toHaveLength(data.estimates.filter((e) => e.share_percent !== null).length);
    expect(shares).toHaveTextContent("2.32%");
    expect(persons).toHaveTextContent("3,253,169");
    expect(persons).toHaveTextContent("45,000,000");
  });

  it("sets out each estimate's method, year, what it counts and how to cite it", () => {
    render(<EstimatesExplainer data={data} />);
    for (const estimate of data.estimates) {
      const section = screen.getByRole("region", { name: estimate.label });
      expect(section).toHaveTextContent(estimate.counts);
      expect(section).toHaveTextContent(estimate.cite_as);
      expect(section).toHaveTextContent(String(estimate.year ?? "Not stated"));
    }
  });

  it("links the CSV download of the estimates", () => {
    render(<EstimatesExplainer data={data} />);
    expect(screen.getByRole("link", { name: "Download the estimates as CSV" })).toHaveAttribute(
      "href",
      "/api/v1/open/estimates.csv",
    );
  });
});
