import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "./SiteFooter";

describe("SiteFooter", () => {
  it("links to the verified eyewitness reports beside the eyewitness page", () => {
    render(<SiteFooter />, { wrapper: MemoryRouter });
    const footer = screen.getByRole("navigation", { name: "Footer" });

    expect(within(footer).getByRole("link", { name: "Eyewitness" })).toHaveAttribute(
      "href",
      "/eyewitnesspage",
    );
    expect(within(footer).getByRole("link", { name: "Verified eyewitness reports" })).toHaveAttribute(
      "href",
      "/eyewitness-reports",
    );
  });

  it("links to the open data page from the footer menu and from the data line", () => {
    render(<SiteFooter />, { wrapper: MemoryRouter });

    const footer = screen.getByRole("navigation", { name: "Footer" });
    expect(within(footer).getByRole("link", { name: "Open data" })).toHaveAttribute("href", "/data");
    expect(screen.getByRole("link", { name: "download it as open data" })).toHaveAttribute("href", "/data");
  });
});
