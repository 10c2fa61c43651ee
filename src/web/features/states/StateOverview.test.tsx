import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import country from "../../../../data/country-ng.json";
import type { DocumentLinkSource } from "../../../domain/datadesk/documents";
import type { Country, StateRecord } from "../../../domain/datasets/schemas";
import type { StateSummary } from "../../../domain/state-summaries";
import type * as LoadStateDetailsModule from "./load-state-details";
import { loadStateDetails } from "./load-state-details";
import { StateOverview } from "./StateOverview";

vi.mock("./load-state-details", async (original) => ({
  ...(await original<typeof LoadStateDetailsModule>()),
  loadStateDetails: vi.fn(),
}));

const kano: StateSummary = {
  id: 20,
  name: "Kano",
  code: "NG-KN",
  slug: "kano",
  lawStatus: "Passed",
  lawYear: 2011,
  hasPolicyDocument: false,
  schoolCount: 14,
};
const record = (fields: Partial<StateRecord>) =>
  ({
    id: 20,
    state: "Kano",
    law: { name: "", year: null },
    desc: "",
    url: "",
    address: "",
    phone: [],
    email: "",
    ...fields,
  }) as StateRecord;

function renderOverview(selected: StateSummary | null, policyDocument: DocumentLinkSource | null = null) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <StateOverview
            selected={selected}
            countryPolicy={(country as Country).policy}
            policyDocument={policyDocument}
            headingId="h"
          />
        ),
      },
    ],
    { initialEntries: ["/"] },
  );
  return render(<RouterProvider router={router} />);
}

describe("StateOverview", () => {
  it("shows the national law in the whole-country view, without View More", () => {
    renderOverview(null);
    expect(
      screen.getByRole("heading", { name: "Overview of Nigeria Disability Policy" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Discrimination Against Persons with Disabilities/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /View More/ })).toBeNull();
  });

  it("labels the national Act's only copy as unofficial, naming DREDF", () => {
    renderOverview(null);
    expect(screen.getByRole("link", { name: /Read the Act \(unofficial copy, DREDF\)/ })).toHaveAttribute(
      "href",
      (country as Country).policy.url,
    );
    expect(screen.getByText(/No official government copy was found/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /download disability policy/i })).toBeNull();
  });

  it("links the national policy's uploaded PDF, with its size, when the data desk names one", () => {
    const act = {
      id: "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b",
      fileName: "disability-act-2018.pdf",
      bytes: 870_400,
    };
    renderOverview(null, act);
    const link = screen.getByRole("link", { name: "Download the national policy (PDF, 850 KB)" });
    expect(link).toHaveAttribute("href", `/documents/${act.id}/disability-act-2018.pdf`);
    // The uploaded text replaces the unofficial copy.
    expect(screen.queryByRole("link", { name: /Read the Act \(unofficial copy, DREDF\)/ })).toBeNull();
  });

  it("says the chosen state's disability law status at once, and the law's title once loaded", async () => {
    vi.mocked(loadStateDetails).mockResolvedValue(
      record({ desc: "Short.", law: { name: "Kano State Disability Law 2011", year: 2011 } }),
    );
    renderOverview(kano);
    expect(screen.getByText(/Disability law:/)).toHaveTextContent("Disability law: Passed (2011)");
    expect(
      await screen.findByRole("heading", { name: "Kano State Disability Law 2011" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /download disability policy/ })).toBeNull();
    // The title carries the year: the status no longer repeats it.
    expect(screen.getByText(/Disability law:/)).toHaveTextContent(/^Disability law: Passed$/);
  });

  it("keeps the year in the status when the state's record has no law title", async () => {
    vi.mocked(loadStateDetails).mockResolvedValue(record({ desc: "Short.", law: { name: "", year: 2011 } }));
    renderOverview(kano);
    expect(await screen.findByText("Short.")).toBeInTheDocument();
    expect(screen.getByText(/Disability law:/)).toHaveTextContent(/^Disability law: Passed \(2011\)$/);
  });

  it("loads the chosen state's record, truncates it at 300 characters and expands it", async () => {
    const long = `${"A".repeat(290)} middle words then the hidden end of the description.`;
    vi.mocked(loadStateDetails).mockResolvedValue(record({ desc: long, email: "kano@example.org" }));
    renderOverview(kano);
    expect(screen.getByRole("heading", { name: "Overview of Kano Disability Policy" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading Kano policy…");
    const more = await screen.findByRole("button", { name: "Read More" });
    expect(screen.queryByText(/hidden end/)).toBeNull();
    await userEvent.click(more);
    expect(screen.getByText(/hidden end of the description/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Read Less" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "kano@example.org" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View More about Kano" })).toHaveAttribute("href", "/states/20");
  });

  it("says so when the state has no description", async () => {
    vi.mocked(loadStateDetails).mockResolvedValue(record({ desc: "" }));
    renderOverview(kano);
    expect(await screen.findByText("No policy data available for Kano state")).toBeInTheDocument();
  });

  it("shows the download button only when a policy url exists", async () => {
    vi.mocked(loadStateDetails).mockResolvedValue(
      record({ desc: "Short.", url: "https://example.org/kano.pdf" }),
    );
    renderOverview(kano);
    expect(await screen.findByRole("link", { name: /download disability policy/ })).toHaveAttribute(
      "href",
      "https://example.org/kano.pdf",
    );
  });

  it("offers the states CSV in the whole-country view, and the chosen state's own record once chosen", async () => {
    renderOverview(null);
    const all = screen.getByRole("link", { name: "Download the states as CSV" });
    expect(all).toHaveAttribute("href", "/api/v1/open/states.csv");
    expect(all).toHaveAttribute("download");

    vi.mocked(loadStateDetails).mockResolvedValue(record({ desc: "Short." }));
    renderOverview(kano);
    // At once, before the record has loaded: the link needs only the state's address.
    expect(screen.getByRole("link", { name: "Download the state record of Kano as CSV" })).toHaveAttribute(
      "href",
      "/api/v1/open/states.csv?state=kano",
    );
    expect(await screen.findByText("Short.")).toBeInTheDocument();
  });

  it("offers to try again when the details cannot be loaded", async () => {
    vi.mocked(loadStateDetails).mockRejectedValueOnce(new Error("offline"));
    vi.mocked(loadStateDetails).mockResolvedValueOnce(record({ desc: "Back online." }));
    renderOverview(kano);
    await userEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Back online.")).toBeInTheDocument();
  });
});
