import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { StateRecord } from "../../../domain/datasets/schemas";
import type { ShownFieldSource } from "../../../domain/field-sources";
import { sourcesToShow } from "../../../domain/datasets/record-sources";
import { inLanguage } from "../../../test/web/i18n";
import { StatePolicyPage } from "./StatePolicyPage";
import { punchSource, seededStates } from "../../../test/datasets";

const lagos = seededStates.find((state) => state.state === "Lagos") as StateRecord;

const englishOnly = "Wannan rubutu da Turanci kawai yake.";

async function renderInHausa(record: StateRecord, fieldSources?: Record<string, ShownFieldSource>) {
  const page = (
    <StatePolicyPage
      record={record}
      schoolCount={3}
      totalStates={37}
      sources={sourcesToShow(record.sources, "ha")}
      fieldSources={fieldSources}
    />
  );
  const router = createMemoryRouter([{ path: "/ha/states/25", element: page }], {
    initialEntries: ["/ha/states/25"],
  });
  return render(await inLanguage("ha", ["states"], <RouterProvider router={router} />));
}

/** The section under a heading (the overview, the key findings). */
const section = (name: string) => screen.getByRole("heading", { name }).closest("section") as HTMLElement;

describe("StatePolicyPage in Hausa", () => {
  it("speaks Hausa, keeps the English content marked as English, and shows no message id", async () => {
    const { container } = await renderInHausa(lagos);

    const summary = screen.getByRole("list", { name: "Taƙaitawa" });
    expect(within(summary).getByText("Matsayi na 1 cikin 37")).toBeInTheDocument();
    expect(within(summary).getByText(/Dokar nakasa: An zartar/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Muhimman Bincike" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "makarantu 3" })).toBeInTheDocument();
    // The overview and key findings exist only in English: marked so (a screen reader reads them in an
    // English voice), each after a note in Hausa that says so.
    const findings = section("Muhimman Bincike");
    expect(within(findings).getByText(englishOnly)).not.toHaveAttribute("lang");
    expect(within(findings).getByRole("list")).toHaveAttribute("lang", "en");
    const overview = section("Bayani gabaɗaya");
    expect(within(overview).getByText(englishOnly)).toBeInTheDocument();
    expect(within(overview).getByText(/^Lagos State has a disability law/)).toHaveAttribute("lang", "en");
    expect(container.textContent).not.toMatch(/\b(states|common)\.[a-zA-Z]/);
  });

  it("marks the sources' titles and publishers as English, and says the day read in Hausa", async () => {
    await renderInHausa(
      {
        ...lagos,
        sources: [punchSource],
      },
      {
        agency: {
          text: "Lagos names its disability office (Lagos State Government)",
          href: "https://lagosstate.gov.ng/office",
          read: "12 Nuwamba 2026",
        },
      },
    );
    // Beside a fact: "Tushe:" and the day read in Hausa, the source's own words in English.
    const beside = screen.getByText("Lagos names its disability office (Lagos State Government)");
    expect(beside).toHaveAttribute("lang", "en");
    expect(beside.closest('[lang="ha"]')).toHaveTextContent(/^Tushe: .*An karanta a 12 Nuwamba 2026\.$/);
    const sources = screen.getByRole("region", { name: "Majiyoyi" });
    expect(
      within(sources).getByText("Group hails Ikpeazu, Obaseki for signing disability laws (Punch)"),
    ).toHaveAttribute("lang", "en");
    expect(within(sources).getByRole("listitem")).toHaveTextContent(/An karanta a .*2026\./);
  });

  it("shows the published Hausa overview and findings in the page's language, without the note", async () => {
    const findingsInHausa = lagos.key_findings.map((_, index) => `Gine-gine ${index + 1}: Bincike a Hausa.`);
    await renderInHausa({
      ...lagos,
      translations: { ha: { desc: "Jihar Legas ta zartar da dokar nakasa.", key_findings: findingsInHausa } },
    });
    expect(screen.queryByText(englishOnly)).not.toBeInTheDocument();
    expect(screen.getByText("Jihar Legas ta zartar da dokar nakasa.")).not.toHaveAttribute("lang");
    const list = within(section("Muhimman Bincike")).getByRole("list");
    expect(list).not.toHaveAttribute("lang");
    expect(within(list).getAllByRole("listitem")[0]).toHaveTextContent("Gine-gine 1: Bincike a Hausa.");
  });
});
