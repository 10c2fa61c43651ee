import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stateRows } from "../../../domain/states-comparison";
import { inLanguage } from "../../../test/web/i18n";
import { StatesComparison } from "./StatesComparison";
import { seededSchools, seededStates } from "../../../test/datasets";

const rows = stateRows(seededStates, seededSchools);

afterEach(() => vi.unstubAllGlobals());

describe("StatesComparison in Hausa", () => {
  it("names the columns, filters and law statuses in Hausa, and shows no message id", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ success: true, counts: [] }), { status: 200 })),
    );
    const router = createMemoryRouter([{ path: "/ha/states", element: <StatesComparison rows={rows} /> }], {
      initialEntries: ["/ha/states"],
    });
    const { container } = render(
      await inLanguage("ha", ["comparison", "states"], <RouterProvider router={router} />),
    );
    const table = screen.getByRole("table");
    expect(within(table).getByRole("columnheader", { name: /^Matsayin doka/ })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Ana nuna dukkan jihohi 37.");
    expect(screen.getByRole("checkbox", { name: "Babu doka tukuna" })).toBeInTheDocument();
    const lagos = within(table).getByRole("rowheader", { name: "Lagos" }).closest("tr") as HTMLElement;
    expect(within(lagos).getByText("An zartar")).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/\b(comparison|states|common)\.[a-zA-Z]/);
  });
});
