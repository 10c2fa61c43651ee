import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PageError } from "./PageError";

describe("a dashboard page that failed to render", () => {
  it("says so under a heading that takes focus, with a way home", () => {
    render(
      <MemoryRouter initialEntries={["/dashboard/reviews"]}>
        <PageError />
      </MemoryRouter>,
    );
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading).toHaveFocus();
    expect(heading.textContent).not.toBe("");
    expect(screen.getByRole("link")).toHaveAttribute("href", "/");
  });
});
