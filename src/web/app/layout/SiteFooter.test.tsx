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

describe("SiteFooter's contacts", () => {
  it("shows no contact details or social links when none are configured, never a placeholder", () => {
    render(<SiteFooter contacts={{ email: "", phone: "", social: [] }} />, { wrapper: MemoryRouter });
    expect(screen.queryByRole("heading", { name: "Contact" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Follow us" })).toBeNull();
    expect(document.body).not.toHaveTextContent(/example|000 0000/);
    expect(screen.queryByRole("link", { name: /Facebook|LinkedIn|YouTube/ })).toBeNull();
  });

  it("shows the configured e-mail, phone and social pages as links", () => {
    render(
      <SiteFooter
        contacts={{
          email: "info@atlas.org.ng",
          phone: "+234 803 000 1234",
          social: [{ name: "Facebook", url: "https://www.facebook.com/inclusionatlas" }],
        }}
      />,
      { wrapper: MemoryRouter },
    );
    expect(screen.getByRole("link", { name: "info@atlas.org.ng" })).toHaveAttribute(
      "href",
      "mailto:info@atlas.org.ng",
    );
    expect(screen.getByRole("link", { name: "+234 803 000 1234" })).toHaveAttribute(
      "href",
      "tel:+2348030001234",
    );
    expect(screen.getByRole("link", { name: /Facebook/ })).toHaveAttribute(
      "href",
      "https://www.facebook.com/inclusionatlas",
    );
  });

  it("links the comparison of all states and the estimates explainer", () => {
    render(<SiteFooter contacts={{ email: "", phone: "", social: [] }} />, { wrapper: MemoryRouter });
    const footer = screen.getByRole("navigation", { name: "Footer" });
    expect(within(footer).getByRole("link", { name: "Compare all states" })).toHaveAttribute(
      "href",
      "/states",
    );
    expect(
      within(footer).getByRole("link", { name: "How many Nigerians have a disability?" }),
    ).toHaveAttribute("href", "/data/estimates");
  });
});
