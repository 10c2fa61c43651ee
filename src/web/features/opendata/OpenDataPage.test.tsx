import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Catalogue } from "../../../domain/opendata/catalogue";
import { inLanguage } from "../../../test/web/i18n";
import { OpenDataPage } from "./OpenDataPage";

// A small catalogue: one static dataset with a CSV and a GeoJSON, and the live reports.
const catalogue: Catalogue = {
  datasets: [
    {
      id: "schools",
      title: "Inclusive and special schools, Nigeria",
      description: "The directory of inclusive and special schools.",
      downloads: [
        {
          href: "/api/v1/open/schools.json",
          format: "json",
          hxl: false,
          bytes: 2048,
          rows: 1,
          asOf: "2026-11",
        },
        {
          href: "/api/v1/open/schools.csv",
          format: "csv",
          hxl: false,
          bytes: 900,
          rows: 249,
          asOf: "2026-11",
        },
        {
          href: "/api/v1/open/schools.csv?hxl=1",
          format: "csv",
          hxl: true,
          bytes: 950,
          rows: 249,
          asOf: "2026-11",
        },
        {
          href: "/api/v1/open/schools.geojson",
          format: "geojson",
          hxl: false,
          bytes: 60,
          rows: 0,
          asOf: "2026-11",
        },
      ],
      fields: [
        {
          name: "name",
          meaning: "Name of the school",
          type: "text",
          hxl: "#loc+name",
          example: "Pacelli School",
        },
        { name: "latitude", meaning: "Latitude", type: "number", hxl: "#geo+lat", example: null },
      ],
      citation: "Inclusion Atlas (2026). Inclusive and special schools, Nigeria.",
    },
    {
      id: "reports",
      title: "Verified eyewitness reports",
      description: "Eyewitness reports on disability inclusion, published after review.",
      downloads: [
        { href: "/api/v1/open/reports.csv", format: "csv", hxl: false, bytes: null, rows: null, asOf: null },
      ],
      fields: [
        { name: "type", meaning: "Kind of report", type: "text", hxl: "#meta+type", example: "barrier" },
      ],
      citation: null,
    },
  ],
  positionedSchools: 0,
  schoolCount: 249,
  version: "2026-11",
  license: {
    id: "CC-BY-4.0",
    name: "Creative Commons Attribution 4.0 International (CC BY 4.0)",
    url: "https://creativecommons.org/licenses/by/4.0/",
  },
  citation:
    "Inclusion Atlas (2026). Inclusion Atlas open data: disability inclusion in Nigeria [Data set], version 2026-11.",
};

describe("Open data page", () => {
  it("lists each download with its format, size, rows and date", () => {
    render(<OpenDataPage catalogue={catalogue} />, { wrapper: MemoryRouter });

    const csv = screen.getByRole("link", { name: /^schools\.csv\?hxl=1\s*, CSV with HXL hashtags$/ });
    expect(csv.closest("li")).toHaveTextContent(
      "— CSV with HXL hashtags, 950 bytes, 249 rows, data as of November 2026",
    );
    expect(screen.getByRole("link", { name: /^schools\.json/ }).closest("li")).toHaveTextContent(
      "JSON, 2 KB, 1 row, data as of November 2026",
    );
    expect(screen.getByRole("link", { name: /^schools\.geojson/ }).closest("li")).toHaveTextContent(
      "GeoJSON, 60 bytes, 0 features",
    );
    expect(screen.getByText("Field dictionary: 2 fields")).toBeInTheDocument();
    expect(screen.getByText(/none of the 249 schools has them yet/)).toBeInTheDocument();
  });

  it("speaks Yoruba on a Yoruba page, and keeps the data's own English marked as English", async () => {
    const { container } = render(
      await inLanguage("yo", ["opendata"], <OpenDataPage catalogue={catalogue} />),
      {
        wrapper: MemoryRouter,
      },
    );

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Dátà tí ó ṣí sílẹ̀");
    expect(screen.getByRole("heading", { name: "Ìwé-àṣẹ" })).toBeInTheDocument();
    expect(screen.getByText("Ìwé-ìtumọ̀ àwọn pápá: pápá 2")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^schools\.csv\s*, CSV$/ }).closest("li")).toHaveTextContent(
      "ìlà 249",
    );
    expect(screen.getByRole("heading", { name: "Verified eyewitness reports" })).toHaveAttribute(
      "lang",
      "en",
    );
    expect(screen.getByRole("link", { name: "ibi tí dátà ti wá" })).toHaveAttribute("href", "/yo/about");
    expect(container.textContent).not.toMatch(/opendata\.|common\./);
  });
});
