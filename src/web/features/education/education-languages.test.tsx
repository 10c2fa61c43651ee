import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../../../test/web/i18n";
import { EducationSection } from "./EducationSection";

const bauchi = {
  id: 5,
  name: "Bauchi",
  code: "NG-BA",
  slug: "bauchi",
  lawStatus: "Passed",
  lawYear: 2011,
  hasPolicyDocument: false,
  schoolCount: 12,
};

describe("the education section in another language", () => {
  it("counts a state's schools in Yoruba, View All keeping its screen-reader words", async () => {
    render(
      await inLanguage(
        "yo",
        ["education"],
        <EducationSection selected={bauchi} totalSchools={249} headingId="e" onViewAll={() => {}} />,
      ),
    );
    expect(screen.getByRole("heading", { level: 2, name: "Ẹ̀kọ́ ní Bauchi" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 3, name: "Iye Ilé-ìwé Àkópọ̀" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Wo Gbogbo ilé-ìwé àkópọ̀" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Ṣe ìgbàsílẹ̀ àwọn ilé-ìwé Bauchi gẹ́gẹ́ bí CSV" })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\beducation\.\w/);
  });
});
