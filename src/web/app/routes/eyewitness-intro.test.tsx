import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { storedUser } from "../../../test/web/dashboard";
import { inLanguage } from "../../../test/web/i18n";
import EyewitnessIntro from "./eyewitness-intro";

beforeEach(() => window.localStorage.clear());

describe("Eyewitness introduction page", () => {
  it("sends a visitor to log in", () => {
    render(<EyewitnessIntro />, { wrapper: MemoryRouter });

    expect(screen.getByRole("link", { name: "Login to dashboard" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("link", { name: "Go to dashboard" })).not.toBeInTheDocument();
  });

  it("sends a signed-in person straight to the dashboard", () => {
    storedUser();
    render(<EyewitnessIntro />, { wrapper: MemoryRouter });

    expect(screen.getByRole("link", { name: "Go to dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.queryByRole("link", { name: "Login to dashboard" })).not.toBeInTheDocument();
  });

  it("links to the verified reports", () => {
    render(<EyewitnessIntro />, { wrapper: MemoryRouter });

    expect(screen.getByRole("link", { name: "Read verified reports" })).toHaveAttribute(
      "href",
      "/eyewitness-reports",
    );
  });

  it("speaks Hausa on a Hausa page, with links that keep the language", async () => {
    const { container } = render(await inLanguage("ha", ["content"], <EyewitnessIntro />), {
      wrapper: MemoryRouter,
    });

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Rahotannin shaidun gani da ido");
    expect(screen.getByRole("link", { name: "Shiga dashboard" })).toHaveAttribute("href", "/ha/login");
    expect(screen.getByRole("link", { name: "Karanta rahotannin da aka tabbatar" })).toHaveAttribute(
      "href",
      "/ha/eyewitness-reports",
    );
    expect(container.textContent).not.toMatch(/content\.|common\./);
  });
});
