import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import states from "../../../../data/states.json";
import type { StateRecord } from "../../../domain/datasets/schemas";
import { describeSources } from "../../../domain/source-titles";
import { inLanguage } from "../../../test/web/i18n";
import { StatePolicyPage } from "./StatePolicyPage";

const lagos = (states as StateRecord[]).find((state) => state.state === "Lagos") as StateRecord;

describe("StatePolicyPage in Hausa", () => {
  it("speaks Hausa, keeps the English content marked as English, and shows no message id", async () => {
    const page = (
      <StatePolicyPage
        record={lagos}
        schoolCount={3}
        totalStates={37}
        sources={describeSources(lagos.sources)}
      />
    );
    const router = createMemoryRouter([{ path: "/ha/states/25", element: page }], {
      initialEntries: ["/ha/states/25"],
    });
    const { container } = render(await inLanguage("ha", ["states"], <RouterProvider router={router} />));

    const summary = screen.getByRole("list", { name: "Taƙaitawa" });
    expect(within(summary).getByText("Matsayi na 1 cikin 37")).toBeInTheDocument();
    expect(within(summary).getByText(/Dokar nakasa: An zartar/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Muhimman Bincike" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "makarantu 3" })).toBeInTheDocument();
    // Key findings exist only in English: screen readers are told so.
    expect(screen.getByRole("heading", { name: "Muhimman Bincike" }).nextElementSibling).toHaveAttribute(
      "lang",
      "en",
    );
    expect(container.textContent).not.toMatch(/\b(states|common)\.[a-zA-Z]/);
  });
});
