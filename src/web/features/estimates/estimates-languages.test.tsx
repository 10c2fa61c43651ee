import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import estimates from "../../../../data/estimates.json";
import { estimatesSchema } from "../../../domain/datasets/schemas";
import { inLanguage } from "../../../test/web/i18n";
import { EstimatesExplainer } from "./EstimatesExplainer";

const data = estimatesSchema.parse(estimates);

describe("the estimates page in another language", () => {
  it("asks the question in Igbo and marks the data's English prose as English", async () => {
    render(await inLanguage("ig", ["estimates"], <EstimatesExplainer data={data} />));
    expect(screen.getByRole("heading", { level: 1, name: "Ndị Naịjirịa ole nwere nkwarụ?" })).toBeVisible();
    expect(screen.getByText(data.headline.suggested_wording)).toHaveAttribute("lang", "en");
    expect(screen.getAllByRole("columnheader", { name: "Atụmatụ" })).toHaveLength(2);
    expect(screen.getByText(/^A chịkọtara ya na /)).toBeVisible();
    expect(screen.getByText(/^A chịkọtara ya na /).textContent).not.toMatch(/\{|January|February|November/);
    expect(document.body.textContent).not.toMatch(/\bestimates\.\w/);
  });

  it("says when the estimates were compiled, in English as before", () => {
    render(<EstimatesExplainer data={data} />);
    const [year, month] = data.as_of.split("-").map(Number);
    const expected = new Date(Date.UTC(year!, month! - 1, 1)).toLocaleString("en-GB", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(screen.getByText(`Compiled as of ${expected}.`)).toBeVisible();
  });
});
