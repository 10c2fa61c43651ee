import { render, screen } from "@testing-library/react";
import { createRef } from "react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EducationSection } from "./EducationSection";

const state = (schoolCount: number) => ({
  id: 5,
  name: "Bauchi",
  code: "NG-BA",
  slug: "bauchi",
  lawStatus: "Passed",
  lawYear: 2011,
  hasPolicyDocument: false,
  schoolCount,
});

describe("EducationSection", () => {
  it("counts every school in the whole-country view and opens the directory", async () => {
    const onViewAll = vi.fn();
    render(<EducationSection selected={null} totalSchools={1249} headingId="e" onViewAll={onViewAll} />);
    expect(screen.getByRole("heading", { name: "No of Inclusive Schools" })).toBeInTheDocument();
    expect(screen.getByText("1,249")).toBeInTheDocument();
    expect(
      screen.getByRole("button", { name: "About the number of inclusive schools" }),
    ).toHaveAccessibleDescription(/total number of inclusive and special schools covered in Nigeria/);
    await userEvent.click(screen.getByRole("button", { name: "View All inclusive schools" }));
    expect(onViewAll).toHaveBeenCalledOnce();
  });

  it("hands the page its View All button, to give focus back to when the directory closes", () => {
    const viewAllRef = createRef<HTMLButtonElement>();
    render(
      <EducationSection
        selected={null}
        totalSchools={249}
        headingId="e"
        onViewAll={() => undefined}
        viewAllRef={viewAllRef}
      />,
    );
    expect(viewAllRef.current).toBe(screen.getByRole("button", { name: "View All inclusive schools" }));
  });

  it("counts the chosen state's schools", () => {
    render(
      <EducationSection selected={state(1)} totalSchools={249} headingId="e" onViewAll={() => undefined} />,
    );
    expect(screen.getByRole("heading", { name: "Education in Bauchi" })).toBeInTheDocument();
    expect(screen.getByText("1")).toBeInTheDocument();
  });

  it("says so when the chosen state has no school data", () => {
    render(
      <EducationSection selected={state(0)} totalSchools={249} headingId="e" onViewAll={() => undefined} />,
    );
    expect(screen.getByText("No school data available for Bauchi state")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /View All/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /^Download/ })).toBeNull();
  });

  it("offers the schools directory as CSV: all of it, or the chosen state's schools", () => {
    const { rerender } = render(
      <EducationSection selected={null} totalSchools={249} headingId="e" onViewAll={() => undefined} />,
    );
    const all = screen.getByRole("link", { name: "Download the schools as CSV" });
    expect(all).toHaveAttribute("href", "/api/v1/open/schools.csv");
    expect(all).toHaveAttribute("download");
    rerender(
      <EducationSection selected={state(3)} totalSchools={249} headingId="e" onViewAll={() => undefined} />,
    );
    expect(screen.getByRole("link", { name: "Download the schools of Bauchi as CSV" })).toHaveAttribute(
      "href",
      "/api/v1/open/schools.csv?state=bauchi",
    );
  });
});
