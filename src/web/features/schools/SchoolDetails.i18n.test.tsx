import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { School } from "../../../domain/datasets/schemas";
import { inLanguage } from "../../../test/web/i18n";
import { SchoolDetails } from "./SchoolDetails";

const school: School = {
  id: 42,
  country: "NG",
  state: "Lagos",
  name: "Pacelli School for the Blind",
  type: ["special", "primary"],
  location: "Surulere",
  local_government: "Surulere",
  desc: "Mission school for blind and partially sighted children.",
  disability_groups: ["visual", "multiple"],
  boarding: "day and boarding",
  ownership: "mission",
  picture_url: "",
  website: "",
  phone: "",
  email: "",
  sources: [],
  as_of: "2026-11",
};

describe("SchoolDetails in Yoruba", () => {
  it("names the facts in Yoruba, marks the English description, and shows no message id", async () => {
    const { container } = render(
      await inLanguage(
        "yo",
        ["schools"],
        <MemoryRouter initialEntries={["/yo/schools/42"]}>
          <SchoolDetails school={school} stateId={25} sources={[]} />
        </MemoryRouter>,
      ),
    );
    expect(screen.getByText("Ìpínlẹ̀")).toBeInTheDocument();
    expect(screen.getByText("Àkànṣe, Alákọ̀ọ́bẹ̀rẹ̀")).toBeInTheDocument();
    expect(screen.getByText("Ọ̀sán àti ilé-gbígbé")).toBeInTheDocument();
    expect(screen.getByText("Ti ẹlẹ́sìn")).toBeInTheDocument();
    expect(screen.getAllByText("Kò sí").length).toBeGreaterThan(0);
    expect(screen.getByText(school.desc)).toHaveAttribute("lang", "en");
    // …after a note in Yoruba that it is in English only.
    expect(screen.getByText("Èdè Gẹ̀ẹ́sì nìkan ni ọ̀rọ̀ yìí wà.")).not.toHaveAttribute("lang");
    expect(container.textContent).not.toMatch(/\b(schools|common)\.[a-zA-Z]/);
  });

  it("shows the published Yoruba description in the page's language, without the note", async () => {
    const description = "Ilé-ẹ̀kọ́ ìjọ fún àwọn ọmọ tí kò ríran.";
    render(
      await inLanguage(
        "yo",
        ["schools"],
        <MemoryRouter initialEntries={["/yo/schools/42"]}>
          <SchoolDetails
            school={{ ...school, translations: { yo: { desc: description } } }}
            stateId={25}
            sources={[]}
          />
        </MemoryRouter>,
      ),
    );
    expect(screen.getByText(description)).not.toHaveAttribute("lang");
    expect(screen.queryByText(school.desc)).not.toBeInTheDocument();
    expect(screen.queryByText("Èdè Gẹ̀ẹ́sì nìkan ni ọ̀rọ̀ yìí wà.")).not.toBeInTheDocument();
  });
});
