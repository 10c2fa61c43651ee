import { sdir } from "../../../../data/site.json";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../../../test/web/i18n";
import About, { meta as aboutMeta } from "./about";
import Blog from "./blog";
import Sdir from "./sdir";

// The About, Blog and SDIR pages in English (as the product wrote them) and in other languages, where the
// sources' own English (report titles, highlights, national statistics) stays English and says so.

type AboutProps = Parameters<typeof About>[0];
type SdirProps = Parameters<typeof Sdir>[0];

const aboutData = {
  stateCount: 37,
  rankedStates: 1,
  schoolCount: 249,
  statesWithSchools: 30,
  statesAsOf: "2026-11",
  countrySources: [{ figure: "15% prevalence", source: "World Bank (2020)" }],
} as unknown as AboutProps["loaderData"];

const sdirData = { report: sdir, sources: [] } as unknown as SdirProps["loaderData"];

describe("About page", () => {
  it("counts the records with the plural each number needs", () => {
    render(<About {...({ loaderData: aboutData } as AboutProps)} />, { wrapper: MemoryRouter });

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("About Inclusion Atlas");
    const states = screen.getByText("State policies").closest("li");
    expect(states).toHaveTextContent("(37 records: the 36 states and the FCT, compiled as of November 2026)");
    expect(states).toHaveTextContent("so far they are recorded for 1 state, and the others");
    expect(screen.getByText("Schools").closest("li")).toHaveTextContent(
      "(249 inclusive and special schools in 30 states)",
    );
  });

  it("speaks Yoruba on a Yoruba page, keeping the sources' English marked as English", async () => {
    const { container } = render(
      await inLanguage("yo", ["about"], <About {...({ loaderData: aboutData } as AboutProps)} />),
      { wrapper: MemoryRouter },
    );

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Nípa Inclusion Atlas");
    expect(screen.getByRole("heading", { name: "Ibi tí dátà ti wá" })).toBeInTheDocument();
    const report = screen.getByRole("link", { name: "State of Disability Inclusion Report 2024" });
    expect(report).toHaveAttribute("href", "/yo/sdir");
    expect(report).toHaveAttribute("lang", "en");
    expect(screen.getByText("15% prevalence: World Bank (2020)")).toHaveAttribute("lang", "en");
    expect(container.textContent).not.toMatch(/about\.|common\./);
    expect(
      aboutMeta({ location: { pathname: "/yo/about" } } as Parameters<typeof aboutMeta>[0]),
    ).toContainEqual({
      title: "Nípa wa | Inclusion Atlas",
    });
  });
});

describe("Blog and SDIR pages", () => {
  it("speak Hausa on a Hausa page", async () => {
    const { container } = render(
      await inLanguage(
        "ha",
        ["content"],
        <>
          <Blog />
          <Sdir {...({ loaderData: sdirData } as SdirProps)} />
        </>,
      ),
      { wrapper: MemoryRouter },
    );

    expect(screen.getByRole("heading", { name: "Bulogi" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "bayanan kowace jiha" })).toHaveAttribute("href", "/ha");
    expect(screen.getByRole("heading", { name: "Muhimman abubuwa" })).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { name: /State of Disability Inclusion Report/, level: 1 }),
    ).toHaveAttribute("lang", "en");
    expect(container.querySelector("time")).toHaveTextContent("25 July 2025");
    expect(container.textContent).not.toMatch(/content\.|common\./);
  });
});

describe("the SDIR page's DOWNLOAD NOW", () => {
  it("links the uploaded report from this site, saying it is a PDF and its size", () => {
    const pdf = { href: "/documents/6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b/sdir-2024.pdf", size: "1.2 MB" };
    render(<Sdir {...({ loaderData: { ...sdirData, pdf } } as SdirProps)} />, { wrapper: MemoryRouter });

    const download = screen.getByRole("link", { name: "DOWNLOAD NOW the report (PDF, 1.2 MB)" });
    expect(download).toHaveAttribute("href", pdf.href);
    expect(download).toHaveAttribute("download");
    expect(screen.queryByText(/The report's PDF is not available here yet/)).toBeNull();
  });

  it("says honestly that the PDF is not available when none is set", () => {
    render(<Sdir {...({ loaderData: { ...sdirData, pdf: null } } as SdirProps)} />, {
      wrapper: MemoryRouter,
    });

    expect(screen.queryByRole("link", { name: /DOWNLOAD NOW/ })).toBeNull();
    expect(screen.getByText(/The report's PDF is not available here yet\./)).toBeInTheDocument();
  });
});
