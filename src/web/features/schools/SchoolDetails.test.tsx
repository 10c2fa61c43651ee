import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { schoolFields } from "../../../domain/datadesk/fields";
import type { School } from "../../../domain/datasets/schemas";
import { sourcesToShow } from "../../../domain/datasets/record-sources";
import { SchoolDetails, SchoolNotFound } from "./SchoolDetails";

const completeSchool: School = {
  id: 42,
  country: "NG",
  state: " Lagos ",
  name: "Pacelli School for the Blind",
  type: ["special", "primary"],
  location: "Surulere",
  local_government: "Surulere",
  desc: "Mission school for blind and partially sighted children.",
  disability_groups: ["visual", "multiple"],
  boarding: "day and boarding",
  ownership: "mission",
  picture_url: "",
  website: "pacellischool.example.org",
  phone: "+234 803 400 5532; 08035613745",
  email: "info@pacellischool.example.org",
  sources: [
    { url: "https://www.example.com/directory", title: "", publisher: "Example", read: "2026-11" },
    {
      url: "https://news.example.ng/story",
      title: "Pacelli school opens new hostel",
      publisher: "Example News",
      read: "2026-10-03",
    },
  ],
  as_of: "2026-11",
};

const sparseSchool: School = {
  ...completeSchool,
  id: 7,
  state: "Atlantis",
  name: "Little Known School",
  type: [],
  location: "",
  local_government: "",
  desc: "",
  disability_groups: [],
  boarding: "",
  ownership: "",
  website: "",
  phone: "",
  // The data sometimes holds a phone number in the e-mail field.
  email: "08080449595",
  sources: [],
};

function renderDetails(school: School, stateId: number | null) {
  render(
    <MemoryRouter>
      <SchoolDetails school={school} stateId={stateId} sources={sourcesToShow(school.sources, "en")} />
    </MemoryRouter>,
  );
}

/** The value shown for a term of the facts list. */
function fact(term: string): HTMLElement {
  const dt = screen.getByText(term, { selector: "dt" });
  const dd = dt.nextElementSibling;
  if (!(dd instanceof HTMLElement) || dd.tagName !== "DD") throw new Error(`no value for ${term}`);
  return dd;
}

describe("SchoolDetails", () => {
  it("shows every recorded fact of the school under its name", () => {
    renderDetails(completeSchool, 25);

    expect(
      screen.getByRole("heading", { level: 1, name: "Pacelli School for the Blind" }),
    ).toBeInTheDocument();
    expect(fact("Type")).toHaveTextContent("Special, Primary");
    expect(fact("Location")).toHaveTextContent("Surulere");
    expect(fact("Local government area")).toHaveTextContent("Surulere");
    expect(fact("Description")).toHaveTextContent("Mission school for blind and partially sighted children.");
    expect(fact("Disability groups served")).toHaveTextContent("Visual, Multiple disabilities");
    expect(fact("Day or boarding")).toHaveTextContent("Day and boarding");
    expect(fact("Ownership")).toHaveTextContent("Mission");
    expect(screen.getByText("Information as of November 2026.")).toBeInTheDocument();
    expect(screen.queryByText("Not available")).not.toBeInTheDocument();
  });

  it("links the state to its policy page", () => {
    renderDetails(completeSchool, 25);
    expect(within(fact("State")).getByRole("link", { name: "Lagos" })).toHaveAttribute("href", "/states/25");
  });

  it("links the website with https:// added, in a new tab that its name announces", () => {
    renderDetails(completeSchool, 25);
    const website = within(fact("Website")).getByRole("link", {
      name: "pacellischool.example.org (opens in a new tab)",
    });
    expect(website).toHaveAttribute("href", "https://pacellischool.example.org");
    expect(website).toHaveAttribute("target", "_blank");
    expect(website).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("makes each phone number dialable and the e-mail address writable", () => {
    renderDetails(completeSchool, 25);
    expect(within(fact("Phone")).getByRole("link", { name: "+234 803 400 5532" })).toHaveAttribute(
      "href",
      "tel:+2348034005532",
    );
    expect(within(fact("Phone")).getByRole("link", { name: "08035613745" })).toHaveAttribute(
      "href",
      "tel:08035613745",
    );
    expect(
      within(fact("E-mail")).getByRole("link", { name: "info@pacellischool.example.org" }),
    ).toHaveAttribute("href", "mailto:info@pacellischool.example.org");
  });

  it("lists the sources as links named by title and publisher, each with the day it was read", () => {
    renderDetails(completeSchool, 25);
    const sources = screen.getByRole("heading", { level: 2, name: "Sources" })
      .nextElementSibling as HTMLElement;
    const links = within(sources).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(
      completeSchool.sources.map((source) => source.url),
    );
    // A source without a title of its own is named by its publisher, never by a bare domain.
    expect(links[0]).toHaveAccessibleName("Example (opens in a new tab)");
    expect(links[1]).toHaveAccessibleName(
      "Pacelli school opens new hostel (Example News) (opens in a new tab)",
    );
    expect(links[0]).toHaveAttribute("target", "_blank");
    const items = within(sources).getAllByRole("listitem");
    // A seeded source knows only its record's month; one an editor gave, its day.
    expect(items[0]).toHaveTextContent("Read November 2026.");
    expect(items[1]).toHaveTextContent("Read 3 October 2026.");
  });

  it("links its sources to the history of every change published to the school", () => {
    renderDetails(completeSchool, 25);
    expect(screen.getByRole("link", { name: "See every change to this page" })).toHaveAttribute(
      "href",
      "/schools/42/history",
    );
  });

  it("says 'Not available' for every empty fact instead of leaving it blank", () => {
    renderDetails(sparseSchool, null);

    for (const term of [
      "Type",
      "Location",
      "Local government area",
      "Website",
      "Description",
      "Disability groups served",
      "Day or boarding",
      "Ownership",
    ]) {
      expect(fact(term), term).toHaveTextContent(/^Not available$/);
    }
    expect(screen.getByRole("heading", { level: 2, name: "Sources" }).nextElementSibling).toHaveTextContent(
      "Not available",
    );
  });

  it("offers to add a phone number when none is known, through the page's corrections form", () => {
    renderDetails(sparseSchool, null);
    expect(fact("Phone")).toHaveTextContent(/^Not available Suggest a correction: add a phone number$/);
    expect(
      within(fact("Phone")).getByRole("link", { name: "Suggest a correction: add a phone number" }),
    ).toHaveAttribute("href", "#suggest-correction");
    expect(screen.queryByRole("link", { name: /^Call/ })).not.toBeInTheDocument();
  });

  it("gives directions to the address and a call link labelled with the +234 number", () => {
    renderDetails(completeSchool, 25);
    const directions = screen.getByRole("link", { name: /^Directions to the address/ });
    expect(directions).toHaveAccessibleName("Directions to the address (opens in a new tab)");
    expect(directions).toHaveAttribute(
      "href",
      "https://www.google.com/maps/dir/?api=1&destination=Surulere%2C+Surulere%2C+Lagos%2C+Nigeria",
    );
    expect(directions).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("link", { name: "Call +2348034005532" })).toHaveAttribute(
      "href",
      "tel:+2348034005532",
    );
  });

  it("gives directions to the coordinates when the record has them, and none when it names no place", () => {
    renderDetails({ ...completeSchool, latitude: 6.5, longitude: 3.36 }, 25);
    expect(screen.getByRole("link", { name: /^Directions to the school/ })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/dir/?api=1&destination=6.5%2C3.36",
    );
  });

  it("says a closed school is closed", () => {
    render(
      <MemoryRouter>
        <SchoolDetails school={sparseSchool} stateId={null} sources={[]} closed />
      </MemoryRouter>,
    );
    expect(screen.getByText("This school has closed. Its page is kept for the record.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Directions/ })).not.toBeInTheDocument();
  });

  it("shows a field's own source beside it, named by its publisher", () => {
    render(
      <MemoryRouter>
        <SchoolDetails
          school={completeSchool}
          stateId={25}
          sources={sourcesToShow(completeSchool.sources, "en")}
          fieldSources={{
            phone: { text: "Schools directory (Punch)", href: "https://punchng.com/schools-directory" },
          }}
        />
      </MemoryRouter>,
    );
    expect(within(fact("Phone")).getByRole("link", { name: /^Schools directory \(Punch\)/ })).toHaveAttribute(
      "href",
      "https://punchng.com/schools-directory",
    );
    expect(fact("Phone")).toHaveTextContent("Source:");
    expect(fact("E-mail")).not.toHaveTextContent("Source:");
  });

  it("shows every field the data desk describes, each as a fact with its own source", () => {
    // The name is the heading and the sources are their list; every other field is a fact of its own.
    const facts = schoolFields.filter((field) => field.path !== "name" && field.path !== "sources");
    expect(facts.length).toBeGreaterThan(10);
    for (const { path } of facts) {
      const { unmount } = render(
        <MemoryRouter>
          <SchoolDetails
            school={{ ...completeSchool, latitude: 6.5, longitude: 3.35 }}
            stateId={25}
            sources={[]}
            fieldSources={{ [path]: { text: `The source of ${path}`, href: null } }}
          />
        </MemoryRouter>,
      );
      expect(
        screen.queryByText(`The source of ${path}`, { exact: false }),
        `${path} is on the school page`,
      ).not.toBeNull();
      unmount();
    }
  });

  it("links back to the schools list it was opened from, and to nothing else", async () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={["/schools/42?from=%2F%3Fschools%3Dlagos%26name%3Ddeaf"]}>
        <SchoolDetails school={completeSchool} stateId={25} sources={[]} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("link", { name: "Back to results" })).toHaveAttribute(
      "href",
      "/?schools=lagos&name=deaf",
    );
    unmount();
    render(
      <MemoryRouter initialEntries={["/schools/42?from=https%3A%2F%2Fevil.example%2F%3Fschools%3Dall"]}>
        <SchoolDetails school={completeSchool} stateId={25} sources={[]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Back to results" })).not.toBeInTheDocument();
  });

  it("shows a phone number found in the e-mail field as text, never as a mailto link", () => {
    renderDetails(sparseSchool, null);
    expect(fact("E-mail")).toHaveTextContent("08080449595");
    expect(within(fact("E-mail")).queryByRole("link")).not.toBeInTheDocument();
  });

  it("names the state without a link when it matches no state page", () => {
    renderDetails(sparseSchool, null);
    expect(fact("State")).toHaveTextContent("Atlantis");
    expect(within(fact("State")).queryByRole("link")).not.toBeInTheDocument();
  });
});

describe("SchoolNotFound", () => {
  it("says the school was not found and leads back home", () => {
    render(
      <MemoryRouter>
        <SchoolNotFound />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "School not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });
});
