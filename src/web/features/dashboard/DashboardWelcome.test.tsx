import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { DashboardWelcome } from "./DashboardWelcome";
import { storedUser } from "./test-support";

beforeEach(() => window.localStorage.clear());

describe("DashboardWelcome", () => {
  it("welcomes the person by first name and points to their profile and the public pages", () => {
    storedUser();
    render(<DashboardWelcome />, { wrapper: MemoryRouter });

    expect(screen.getByRole("heading", { level: 1, name: "Welcome, Amina" })).toBeInTheDocument();
    expect(screen.getByText("amina@example.org")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to your profile" })).toHaveAttribute(
      "href",
      "/dashboard/profile",
    );
    expect(screen.getByRole("link", { name: "How eyewitness reports work" })).toHaveAttribute(
      "href",
      "/eyewitnesspage",
    );
    expect(screen.getByRole("link", { name: /National statistics/ })).toHaveAttribute("href", "/");
  });
});
