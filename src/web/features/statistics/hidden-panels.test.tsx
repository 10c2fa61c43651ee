import { act, fireEvent, render, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import countryData from "../../../../data/country-ng.json";
import estimatesData from "../../../../data/estimates.json";
import { countrySchema, estimatesSchema } from "../../../domain/datasets/schemas";
import { nationalFigures } from "../../../domain/national-estimates";
import { inLanguage } from "../../../test/web/i18n";
import { hydrationEnded, hydrationStarts } from "../../lib/hydration-state";
import { translatorFor } from "../../i18n/runtime";
import { figureCards } from "./national-figures";
import { NationalStatistics } from "./NationalStatistics";

// Runs on the browser's renderer (Preact, vitest.config.ts): the panels served hidden are not hydrated, and
// are drawn anew once chosen (record 0038); the panel shown when the page opens hydrates as any part.

const nigeria = countrySchema.parse(countryData);
const figures = nationalFigures(estimatesSchema.parse(estimatesData));

async function statistics() {
  const cards = figureCards(figures, 249, translatorFor("/"));
  const element = <NationalStatistics figures={figures} cards={cards} policy={nigeria.policy} />;
  const router = createMemoryRouter([{ path: "/", element }]);
  return inLanguage("en", ["statistics", "states"], <RouterProvider router={router} />);
}

function macrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Whether focusing the panel's first "About …" button shows its tip: only a hydrated button does. */
function tipShowsOnFocus(panel: HTMLElement): boolean {
  const info = within(panel).getAllByRole("button", { name: /^About /, hidden: true })[0]!;
  fireEvent.focus(info);
  const shown = within(panel)
    .getAllByRole("tooltip", { hidden: true })
    .some((tip) => !tip.hidden);
  fireEvent.blur(info);
  return shown;
}

afterEach(() => {
  hydrationEnded();
  document.body.innerHTML = "";
});

describe("the national statistics' tab panels, hydrating", () => {
  it("leave the panels served hidden as served until their tab is chosen, then draw the chosen one anew", async () => {
    const rendered = render(await statistics());
    const servedHtml = rendered.container.innerHTML;
    rendered.unmount();

    const container = document.createElement("div");
    container.innerHTML = servedHtml;
    document.body.append(container);
    const panels = () => [...container.querySelectorAll<HTMLElement>("[role=tabpanel]")];
    const [servedOverview, servedGender] = panels();
    hydrationStarts();
    const page = await statistics();
    await act(async () => {
      hydrateRoot(container, page);
    });
    for (let turn = 0; turn < 6; turn++) await act(macrotask);

    expect(container.innerHTML).toBe(servedHtml);
    expect(tipShowsOnFocus(servedOverview!)).toBe(true);
    expect(servedGender!.hidden).toBe(true);
    expect(tipShowsOnFocus(servedGender!)).toBe(false);

    await act(async () => {
      fireEvent.click(within(container).getByRole("tab", { name: "Gender" }));
    });
    await act(macrotask);
    const gender = panels()[1]!;
    expect(gender.hidden).toBe(false);
    expect(gender).not.toBe(servedGender);
    expect(gender.id).toBe(servedGender!.id);
    expect(tipShowsOnFocus(gender)).toBe(true);
    expect(panels()[0]).toBe(servedOverview);
  });
});
