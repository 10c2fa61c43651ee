import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import common from "../../i18n/catalogues/en/common.json";
import { inLanguage } from "../../test/web/i18n";
import type { School } from "../../domain/datasets/schemas";
import { SchoolDetails } from "../features/schools";
import { formatDay } from "../../domain/format";

// A record's last check beside its sources, and the note when it is more than 18 months old.

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

function show(props: { checkedOn: string | null; outOfDate: boolean }) {
  return (
    <MemoryRouter>
      <SchoolDetails school={school} stateId={25} sources={[]} {...props} />
    </MemoryRouter>
  );
}

describe("LastChecked on a school's page", () => {
  it("says when the record was last checked, in Lagos's day, with no note when recent", () => {
    render(show({ checkedOn: formatDay("2026-11-01T23:30:00Z", "en"), outOfDate: false }));
    expect(screen.getByText("Last checked 2 November 2026.")).toBeVisible();
    expect(screen.queryByText(common.mayBeOutOfDate)).toBeNull();
  });

  it("says politely that it may be out of date when the loader found it older than 18 months", () => {
    render(show({ checkedOn: formatDay("2024-03-10T09:00:00Z", "en"), outOfDate: true }));
    expect(screen.getByText("Last checked 10 March 2024.")).toBeVisible();
    expect(screen.getByRole("note")).toHaveTextContent(common.mayBeOutOfDate);
  });

  it("says nothing of a check it does not know", () => {
    render(show({ checkedOn: null, outOfDate: false }));
    expect(screen.queryByText(/^Last checked/)).toBeNull();
  });

  it("writes the loader's day and the note in the page's language", async () => {
    const checkedOn = formatDay("2024-03-10T09:00:00Z", "ha");
    render(await inLanguage("ha", ["schools"], show({ checkedOn, outOfDate: true })));
    const hausaDate = new Intl.DateTimeFormat("ha", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Africa/Lagos",
    }).format(new Date("2024-03-10T09:00:00Z"));
    expect(screen.getByText(`An duba na ƙarshe a ranar ${hausaDate}.`)).toBeVisible();
    expect(screen.getByRole("note")).toHaveTextContent(/watanni 18/);
  });
});
