import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import countryData from "../../../../data/country-ng.json";
import estimatesData from "../../../../data/estimates.json";
import { countrySchema, estimatesSchema } from "../../../domain/datasets/schemas";
import { nationalFigures } from "../../../domain/national-estimates";
import { inLanguage } from "../../../test/web/i18n";
import { loadMessages, translatorFor } from "../../i18n/runtime";
import { figureCards } from "./national-figures";
import { NationalStatistics } from "./NationalStatistics";

const nigeria = countrySchema.parse(countryData);
const figures = nationalFigures(estimatesSchema.parse(estimatesData));

describe("the national statistics in another language", () => {
  it("heads the page, names the tabs and builds the cards in Hausa, leaving the sources in English", async () => {
    await loadMessages("ha", ["statistics"]);
    // As the home page's loader does: the cards in the page's language (the policy card's link is the states feature's).
    const cards = figureCards(figures, 249, translatorFor("/ha"));
    const element = <NationalStatistics figures={figures} cards={cards} policy={nigeria.policy} />;
    const router = createMemoryRouter([{ path: "/", element }]);
    render(await inLanguage("ha", ["statistics", "states"], <RouterProvider router={router} />));

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "7% na mutane masu shekaru 5+ a Najeriya suna da ɗan wahala wajen yin wani aiki na yau da kullum",
    );
    expect(screen.getByRole("tablist", { name: "Ƙididdigar ƙasa" })).toBeVisible();
    expect(screen.getByRole("tab", { name: "Taƙaitawa" })).toHaveAttribute("aria-selected", "true");
    const schools = screen.getByRole("heading", { level: 3, name: "Yawan makarantun haɗaka" }).closest("li");
    expect(within(schools!).getByText("makarantun haɗaka da na musamman da aka jera")).toBeVisible();
    // A source's title is content: in English, marked so.
    const source = screen.getAllByText(/^Majiya:/)[0]!;
    expect(
      within(source)
        .getByText(/Nigeria Demographic and Health Survey 2018/)
        .closest("[lang]"),
    ).toHaveAttribute("lang", "en");
    expect(screen.getByRole("link", { name: "Sauke ƙiyasin a matsayin CSV" })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\bstatistics\.\w/);
  });
});
