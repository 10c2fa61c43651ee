import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import estimates from "../../../../data/estimates.json";
import { estimatesSchema } from "../../../domain/datasets/schemas";
import { inLanguage } from "../../../test/web/i18n";
import { expectReadersText } from "../../../test/web/notes-to-writers";
import { languageCodes } from "../../i18n/runtime";
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

describe("what the estimates page tells a reader", () => {
  it.each(languageCodes)(
    "in %s, names the headline's survey, year and cut-offs, and no note to the site's writers",
    async (code) => {
      const { container } = render(await inLanguage(code, ["estimates"], <EstimatesExplainer data={data} />));
      const texts = [...container.querySelectorAll("p, dd, li, td, th, caption, figcaption")].map(
        (element) => element.textContent ?? "",
      );
      expect(texts.length).toBeGreaterThan(20);
      for (const text of texts.filter((one) => one.trim() !== ""))
        expectReadersText(text, `${code}: ${text}`);
      const about = texts.find((text) => text.includes("Washington Group") && text.includes("(2018)"));
      expect(about, code).toBeDefined();
      expect(about, code).toMatch(/7%.*1%/);
      expect(about, code).toContain("Nigeria Demographic and Health Survey (2018)");
    },
  );
});
