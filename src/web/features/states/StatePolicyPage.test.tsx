import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { StateRecord } from "../../../domain/datasets/schemas";
import { sourcesToShow } from "../../../domain/datasets/record-sources";
import { StatePolicyPage } from "./StatePolicyPage";
import { splitFinding } from "./key-findings";
import { punchSource, seededStates } from "../../../test/datasets";

const lagos = seededStates.find((state) => state.state === "Lagos") as StateRecord;

function renderPage(
  record: StateRecord,
  schoolCount = 3,
  lawDocument: { id: string; fileName: string; bytes: number } | null = null,
) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <StatePolicyPage
            record={record}
            schoolCount={schoolCount}
            totalStates={37}
            sources={sourcesToShow(record.sources, "en")}
            lawDocument={lawDocument}
          />
        ),
      },
    ],
    { initialEntries: ["/"] },
  );
  return render(<RouterProvider router={router} />);
}

describe("StatePolicyPage's law document", () => {
  it("links the law's uploaded PDF from this site, with its size, when the record names one", () => {
    const id = "0b9d2f4e-8c1a-4e57-9a3b-6f2d1c0e7a55";
    renderPage(lagos, 3, { id, fileName: "lagos-special-peoples-law-2011.pdf", bytes: 1_258_291 });
    const link = screen.getByRole("link", { name: "Download the law (PDF, 1.2 MB)" });
    expect(link).toHaveAttribute("href", `/documents/${id}/lagos-special-peoples-law-2011.pdf`);
  });

  it("says honestly that no document is available when the record names none and has no address", () => {
    renderPage({ ...lagos, url: "" });
    expect(screen.queryByRole("link", { name: /Download the law/ })).toBeNull();
    expect(screen.getByText("Policy document not available")).toBeVisible();
  });
});

describe("StatePolicyPage", () => {
  it("shows the rank, score and a green Passed badge for a ranked state", () => {
    renderPage(lagos);
    const summary = screen.getByRole("list", { name: "Summary" });
    expect(within(summary).getByText("Ranked 1st of 37")).toBeInTheDocument();
    expect(within(summary).getByText("Inclusion score: 56%")).toBeInTheDocument();
    expect(within(summary).getByText(/Disability law: Passed/).className).toMatch(/passed/);
  });

  it("says honestly when a state is not ranked, and marks other statuses as a warning with text", () => {
    renderPage({ ...lagos, ranking: "", score: null, status: "Second Reading" });
    expect(screen.getByText("Not ranked in this dataset")).toBeInTheDocument();
    expect(screen.getByText("Inclusion score: Not available")).toBeInTheDocument();
    expect(screen.getByText(/Disability law: Second reading/).className).toMatch(/warning/);
  });

  it("states the law's status with the year it passed when no law title says it, and an empty status as no law", () => {
    renderPage({ ...lagos, law: { name: "", year: 2011 } });
    expect(
      within(screen.getByRole("list", { name: "Summary" })).getByText(/Disability law:/),
    ).toHaveTextContent(/^✓ Disability law: Passed \(2011\)$/);
    expect(screen.getByText("Law").nextElementSibling).toHaveTextContent(/^Not available$/);
    renderPage({ ...lagos, status: "" });
    expect(screen.getByText(/Disability law: Pending \/ no law/)).toBeInTheDocument();
  });

  it("shows the law's year once: in the title that carries it, not again in the status badge", () => {
    const { unmount } = renderPage(lagos);
    expect(lagos.law.name).toContain("2011");
    expect(screen.getByText("Law").nextElementSibling).toHaveTextContent(
      /^Lagos State Special People's Law, 2011$/,
    );
    expect(
      within(screen.getByRole("list", { name: "Summary" })).getByText(/Disability law:/),
    ).toHaveTextContent(/^✓ Disability law: Passed$/);
    expect(screen.getByRole("list", { name: "Summary" })).not.toHaveTextContent("2011");
    unmount();

    // A title without the year gets it once, in brackets; the badge still says "Passed" alone.
    renderPage({ ...lagos, law: { name: "Lagos State Disability Law", year: 2011 } });
    expect(screen.getByText("Law").nextElementSibling).toHaveTextContent(
      /^Lagos State Disability Law \(2011\)$/,
    );
    expect(
      within(screen.getByRole("list", { name: "Summary" })).getByText(/Disability law:/),
    ).toHaveTextContent(/^✓ Disability law: Passed$/);
  });

  it("splits each key finding at its first colon into a bold label and the text", () => {
    renderPage({ ...lagos, key_findings: ["Health: Clinics: few ramps", "No label here"] });
    const findings = within(screen.getByRole("region", { name: "Key Findings" })).getAllByRole("listitem");
    expect(findings[0]?.querySelector("strong")?.textContent).toBe("Health:");
    expect(findings[0]).toHaveTextContent("Health: Clinics: few ramps");
    expect(findings[1]?.querySelector("strong")).toBeNull();
  });

  it("shows 'No contact information available' when there is none, and no policy link without a url", () => {
    renderPage({ ...lagos, address: "NA", phone: [], email: "", url: "" });
    expect(screen.getByText("No contact information available")).toBeInTheDocument();
    expect(screen.getByText("Policy document not available")).toBeInTheDocument();
  });

  it("offers the policy document in a new tab when a url exists", () => {
    renderPage({ ...lagos, url: "https://example.org/policy.pdf" });
    const link = screen.getByRole("link", { name: /Download the disability policy.*opens in a new tab/ });
    expect(link).toHaveAttribute("href", "https://example.org/policy.pdf");
    expect(link).toHaveAttribute("target", "_blank");
  });

  it("lists phones and e-mail as links", () => {
    renderPage({ ...lagos, phone: ["0803 000 0000", "0704 111 1111"], email: "info@state.example" });
    expect(screen.getByRole("link", { name: "0803 000 0000" })).toHaveAttribute("href", "tel:08030000000");
    expect(screen.getByRole("link", { name: "info@state.example" })).toHaveAttribute(
      "href",
      "mailto:info@state.example",
    );
  });

  it("lists its sources and the date the record was compiled", () => {
    renderPage(lagos);
    const sources = screen.getByRole("region", { name: "Sources" });
    expect(sources).toHaveTextContent("Compiled as of November 2026.");
    expect(within(within(sources).getByRole("list")).getAllByRole("link")).toHaveLength(lagos.sources.length);
  });

  it("links its sources to the history of every change published to the page", () => {
    renderPage(lagos);
    const sources = screen.getByRole("region", { name: "Sources" });
    expect(within(sources).getByRole("link", { name: "See every change to this page" })).toHaveAttribute(
      "href",
      "/states/25/history",
    );
  });

  it("offers the state's own record as open data, beside its sources", () => {
    renderPage(lagos);
    const sources = screen.getByRole("region", { name: "Sources" });
    expect(
      within(sources).getByRole("link", { name: /^Download data\b.*Lagos's record as CSV$/ }),
    ).toHaveAttribute("href", "/api/v1/open/states.csv?state=lagos");
    expect(within(sources).getByRole("link", { name: "all open data" })).toHaveAttribute("href", "/data");
  });

  it("names each source by its title and publisher, with the day it was read", () => {
    renderPage({
      ...lagos,
      sources: [punchSource],
    });
    const sources = screen.getByRole("region", { name: "Sources" });
    expect(
      within(sources).getByRole("link", {
        name: /^Group hails Ikpeazu, Obaseki for signing disability laws \(Punch\)/,
      }),
    ).toBeInTheDocument();
    expect(within(sources).getByRole("listitem")).toHaveTextContent("Read 12 November 2026.");
  });

  it("links the school count to the home page filtered to the state", () => {
    renderPage(lagos, 59);
    expect(screen.getByRole("link", { name: "59 schools" })).toHaveAttribute("href", "/?state=lagos");
  });
});

describe("splitFinding", () => {
  it("splits at the first colon only", () => {
    expect(splitFinding("Education: Ratio: 1:40")).toEqual({ label: "Education", text: "Ratio: 1:40" });
    expect(splitFinding("plain")).toEqual({ label: "", text: "plain" });
  });
});
