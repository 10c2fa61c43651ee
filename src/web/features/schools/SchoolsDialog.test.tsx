import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import states from "../../../../data/states.json" with { type: "json" };
import type { School } from "../../../domain/datasets/schemas";
import { findStateByParam, type StateSummary, summarizeStates } from "../../../domain/state-summaries";
import { Toaster } from "../../ui/toast/Toaster";
import { currentToasts, toast } from "../../ui/toast/toast-store";
import { loadSchools } from "./load-schools";
import { SchoolsDialog } from "./SchoolsDialog";
import { useSchoolsDialog } from "./use-schools-dialog";

// These tests run without a showModal polyfill: the dialog then opens non-modally (its graceful
// degradation), which is enough to exercise the directory. Modal behaviour is tested in ui/Dialog.test.tsx.

vi.mock("./load-schools", () => ({ loadSchools: vi.fn(), loadedSchools: vi.fn(() => null) }));

const summaries = summarizeStates(states, []);

function school(fields: Partial<School> & Pick<School, "id" | "name" | "state">): School {
  return {
    country: "NG",
    type: [],
    location: "",
    local_government: "",
    desc: "",
    disability_groups: [],
    boarding: "",
    ownership: "",
    picture_url: "",
    website: "",
    phone: "",
    email: "",
    sources: [],
    as_of: "2026-11",
    ...fields,
  };
}

const schools: School[] = [
  school({ id: 1, name: "Abia School for the Blind", state: "Abia", type: ["special"], location: "Umuahia" }),
  school({
    id: 2,
    name: "Lagos Deaf Primary School",
    state: " Lagos ",
    type: ["special", "primary"],
    location: "Yaba",
    website: "www.lagosdeaf.example.org",
  }),
  school({
    id: 3,
    name: "Kuje Inclusive Nursery",
    state: "Federal Capital Territory",
    type: ["nursery", "primary"],
    location: "Kuje",
    website: "https://kuje.example.sch.ng",
  }),
  school({ id: 4, name: "Lagos Secondary School for the Deaf", state: "lagos", type: ["secondary"] }),
  school({ id: 5, name: "Kano Special Centre", state: "Kano", type: [], location: "Kano" }),
];

/** The home page's part in the directory: View All opens it at the page's state; the URL holds the rest. */
function SchoolsPage({ pageState }: { pageState: StateSummary | null }) {
  const viewAllRef = useRef<HTMLButtonElement>(null);
  const dialog = useSchoolsDialog(summaries, viewAllRef);
  return (
    <>
      <button ref={viewAllRef} type="button" onClick={() => dialog.open(pageState)}>
        View All
      </button>
      <SchoolsDialog
        query={dialog.query}
        onQueryChange={dialog.change}
        onClose={dialog.close}
        states={summaries}
      />
    </>
  );
}

function renderDirectory({ url = "/?schools=all", pageState = null as string | null } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <Toaster />
            <SchoolsPage pageState={findStateByParam(summaries, pageState)} />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  // A flake of these tests, and why it cannot come back. Two tests passed their 20 s timeout on a loaded
  // machine; their keystrokes then landed in the next test. The cause: the tests' cost was CPU, not waiting.
  // Every keystroke re-filtered an unmemoised list, and every getAllByRole over the cards computed roles,
  // names and visibility (getComputedStyle) for each node of a large dialog: time that grows with the
  // machine's load until it passes any fixed budget. userEvent.setup() then waited on a real setTimeout
  // between keystrokes, and vitest does not stop a test that times out, so the rest of its typing ran
  // after the next test had rendered, into whatever had focus there. Now the results are memoised,
  // cards are counted with querySelectorAll, the lazy directory module is compiled once in beforeAll, and
  // typing has no timer between keystrokes: one chain of events that always finishes inside its test.
  const user = userEvent.setup({ delay: null });
  render(<RouterProvider router={router} />);
  const location = () => router.state.location.pathname + router.state.location.search;
  return { router, user, location };
}
/** The school cards (the list's own items, not the links listed inside each card). */
async function schoolList() {
  const list = await screen.findByRole("list", { name: "Schools found" });
  return [...list.querySelectorAll<HTMLElement>(":scope > li")];
}

function schoolNames() {
  return screen.queryAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
}

// The directory's code is a lazy module; transform it once before the tests, so that no test's findBy
// waits on the test runner compiling it (slow on a busy machine), only on what the test controls.
beforeAll(async () => {
  await import("./SchoolFinder");
});

beforeEach(() => {
  vi.mocked(loadSchools).mockReset();
  vi.mocked(loadSchools).mockResolvedValue(schools);
});

afterEach(() => toast.clear());

describe("SchoolsDialog", () => {
  it("loads the schools only when opened", () => {
    renderDirectory({ url: "/" });
    expect(loadSchools).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("says it is loading, then lists every school as list items with the count", async () => {
    let arrive: (list: School[]) => void = () => undefined;
    vi.mocked(loadSchools).mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    renderDirectory();

    const dialog = screen.getByRole("dialog", { name: "Schools" });
    expect(within(dialog).getByText("Loading schools…")).toHaveAttribute("role", "status");

    arrive(schools);

    expect(await within(dialog).findByText("5 inclusive schools found")).toHaveAttribute("role", "status");
    expect(await schoolList()).toHaveLength(5);
  });

  it("uses the singular when one school is found", async () => {
    renderDirectory({ url: "/?schools=abia" });
    expect(await screen.findByText("1 inclusive school found")).toBeInTheDocument();
  });

  it("opens at the page's state, matching 'Federal Capital Territory' to FCT", async () => {
    const { user, location } = renderDirectory({ url: "/?state=fct", pageState: "fct" });
    await user.click(screen.getByRole("button", { name: "View All" }));

    expect(await screen.findByRole("combobox", { name: "State" })).toHaveDisplayValue("FCT");
    expect(schoolNames()).toEqual(["Kuje Inclusive Nursery"]);
    expect(location()).toBe("/?state=fct&schools=fct");
  });

  it("filters by state at once, including space-padded and lower-case state labels", async () => {
    const { user } = renderDirectory();
    const stateFilter = await screen.findByRole("combobox", { name: "State" });
    expect(within(stateFilter).getAllByRole("option")).toHaveLength(38);
    expect(within(stateFilter).getAllByRole("option")[0]).toHaveTextContent("All states");

    await user.selectOptions(stateFilter, "Lagos");

    expect(schoolNames()).toEqual(["Lagos Deaf Primary School", "Lagos Secondary School for the Deaf"]);
    expect(screen.getByText("2 inclusive schools found")).toBeInTheDocument();

    await user.selectOptions(stateFilter, "All states");
    expect(schoolNames()).toHaveLength(5);
  });

  it("keeps Search and Reset disabled while both the name and the type are empty", async () => {
    const { user } = renderDirectory();
    const search = await screen.findByRole("button", { name: "Search" });
    const reset = screen.getByRole("button", { name: "Reset" });
    expect(search).toBeDisabled();
    expect(reset).toBeDisabled();

    const name = screen.getByRole("searchbox", { name: "School name" });
    expect(name).toHaveAttribute("placeholder", "Name, or a word such as deaf or blind");
    await user.type(name, "deaf");
    expect(search).toBeEnabled();
    expect(reset).toBeEnabled();

    await user.clear(name);
    expect(search).toBeDisabled();

    const type = screen.getByRole("combobox", { name: "School type" });
    expect(
      within(type)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Select Type", "Primary", "Nursery", "Secondary", "Special"]);
    await user.selectOptions(type, "Special");
    expect(search).toBeEnabled();
    expect(reset).toBeEnabled();
  });

  it("finds schools matching the name AND the type, and says how many", async () => {
    const { user } = renderDirectory();
    await user.type(await screen.findByRole("searchbox", { name: "School name" }), "deaf");
    await user.selectOptions(screen.getByRole("combobox", { name: "School type" }), "Secondary");
    await user.click(screen.getByRole("button", { name: "Search" }));

    expect(schoolNames()).toEqual(["Lagos Secondary School for the Deaf"]);
    expect(screen.getByText("1 inclusive school found")).toBeInTheDocument();
    expect(await screen.findByText("Found 1 matching school")).toBeInTheDocument();
  });

  it("searches when Enter is pressed in the name box, with the plural message", async () => {
    const { user } = renderDirectory();
    await user.type(await screen.findByRole("searchbox", { name: "School name" }), "LAGOS{Enter}");

    expect(schoolNames()).toEqual(["Lagos Deaf Primary School", "Lagos Secondary School for the Deaf"]);
    expect(await screen.findByText("Found 2 matching schools")).toBeInTheDocument();
  });

  it("searches within the chosen state", async () => {
    const { user } = renderDirectory({ url: "/?schools=lagos" });
    await user.selectOptions(await screen.findByRole("combobox", { name: "School type" }), "Special");
    await user.click(screen.getByRole("button", { name: "Search" }));

    expect(schoolNames()).toEqual(["Lagos Deaf Primary School"]);
    expect(await screen.findByText("Found 1 matching school")).toBeInTheDocument();
  });

  it("asks for a criterion when the name is only spaces", async () => {
    const { user } = renderDirectory();
    await user.type(await screen.findByRole("searchbox", { name: "School name" }), "   ");
    await user.click(screen.getByRole("button", { name: "Search" }));

    expect(await screen.findByText("Please enter at least one search criteria")).toBeInTheDocument();
    expect(schoolNames()).toHaveLength(5);
  });

  it("shows the empty state, not the full list, when nothing matches", async () => {
    const { user } = renderDirectory();
    await user.type(await screen.findByRole("searchbox", { name: "School name" }), "zzz");
    await user.click(screen.getByRole("button", { name: "Search" }));

    expect(await screen.findByText("No schools match your search criteria")).toBeInTheDocument();
    expect(screen.getByText("No inclusive schools found")).toBeInTheDocument();
    expect(screen.getByText("0 inclusive schools found")).toBeInTheDocument();
    expect(schoolNames()).toEqual([]);
  });

  it("resets the inputs and the search, and puts focus back in the name box", async () => {
    const { user } = renderDirectory();
    const name = await screen.findByRole("searchbox", { name: "School name" });
    const type = screen.getByRole("combobox", { name: "School type" });
    await user.type(name, "zzz");
    await user.selectOptions(type, "Nursery");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(schoolNames()).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Reset" }));

    expect(name).toHaveValue("");
    expect(type).toHaveValue("");
    expect(name).toHaveFocus();
    expect(schoolNames()).toHaveLength(5);
    expect(screen.getByRole("button", { name: "Search" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Reset" })).toBeDisabled();
  });

  it("shows each school's name as a link to its page (which remembers the list), its types and its location", async () => {
    renderDirectory();
    const cards = await schoolList();
    const lagos = cards[1]!;

    // The list travels with the link, so the school's page can offer "Back to results".
    expect(within(lagos).getByRole("link", { name: "Lagos Deaf Primary School" })).toHaveAttribute(
      "href",
      "/schools/2?from=%2F%3Fschools%3Dall",
    );
    expect(lagos).toHaveTextContent("Special, Primary");
    expect(lagos).toHaveTextContent("Yaba, Lagos");
    expect(cards[4]).toHaveTextContent("Type not recorded");
  });

  it("links a website with https:// added, in a new tab that its name announces", async () => {
    renderDirectory();
    const cards = await schoolList();

    const website = within(cards[1]!).getByRole("link", {
      name: "Visit website of Lagos Deaf Primary School (opens in a new tab)",
    });
    expect(website).toHaveAttribute("href", "https://www.lagosdeaf.example.org");
    expect(website).toHaveAttribute("target", "_blank");
    expect(website).toHaveAttribute("rel", "noopener noreferrer");
    expect(
      within(cards[2]!).getByRole("link", { name: /^Visit website of Kuje Inclusive Nursery/ }),
    ).toHaveAttribute("href", "https://kuje.example.sch.ng");
    expect(within(cards[0]!).queryByRole("link", { name: /Visit website/ })).not.toBeInTheDocument();
  });

  it("offers Retry when the list cannot be loaded", async () => {
    vi.mocked(loadSchools).mockRejectedValueOnce(new Error("offline"));
    const { user } = renderDirectory();

    expect(await screen.findByRole("alert")).toHaveTextContent("The list of schools could not be loaded.");
    await user.click(screen.getByRole("button", { name: "Retry" }));

    expect(await screen.findByText("5 inclusive schools found")).toBeInTheDocument();
    expect(loadSchools).toHaveBeenCalledTimes(2);
  });

  it("closes with the Close button and with Escape, giving focus back to View All", async () => {
    const { user } = renderDirectory({ url: "/" });
    const viewAll = screen.getByRole("button", { name: "View All" });
    await user.click(viewAll);
    await screen.findByText("5 inclusive schools found");

    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(viewAll).toHaveFocus();

    await user.click(viewAll);
    await user.click(await screen.findByRole("combobox", { name: "State" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(viewAll).toHaveFocus();
  });
});

describe("SchoolsDialog in the URL", () => {
  it("opens from a shared link with the filter and the search applied and filled in, without a toast", async () => {
    renderDirectory({ url: "/?state=kano&schools=lagos&name=%20deaf&type=special" });

    expect(await screen.findByText("1 inclusive school found")).toHaveAttribute("role", "status");
    expect(schoolNames()).toEqual(["Lagos Deaf Primary School"]);
    expect(screen.getByRole("combobox", { name: "State" })).toHaveDisplayValue("Lagos");
    expect(screen.getByRole("searchbox", { name: "School name" })).toHaveValue("deaf");
    expect(screen.getByRole("combobox", { name: "School type" })).toHaveDisplayValue("Special");
    expect(screen.getByRole("button", { name: "Reset" })).toBeEnabled();
    expect(currentToasts()).toEqual([]);
  });

  it("ignores what a link cannot mean: an unknown state is all states, an unknown type no type", async () => {
    renderDirectory({ url: "/?schools=atlantis&type=inclusive" });

    expect(await screen.findByText("5 inclusive schools found")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "State" })).toHaveDisplayValue("All states");
    expect(screen.getByRole("combobox", { name: "School type" })).toHaveValue("");
    expect(screen.getByRole("button", { name: "Search" })).toBeDisabled();
  });

  it("opening pushes a history entry; the filter and the search replace it, so Back closes the dialog", async () => {
    const { router, user, location } = renderDirectory({ url: "/?state=lagos", pageState: "lagos" });
    const viewAll = screen.getByRole("button", { name: "View All" });
    await user.click(viewAll);
    await screen.findByText("2 inclusive schools found");
    expect(location()).toBe("/?state=lagos&schools=lagos");
    expect(router.state.historyAction).toBe("PUSH");

    await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "All states");
    expect(location()).toBe("/?state=lagos&schools=all");
    expect(router.state.historyAction).toBe("REPLACE");

    await user.type(screen.getByRole("searchbox", { name: "School name" }), "deaf ");
    expect(location()).toBe("/?state=lagos&schools=all");
    await user.selectOptions(screen.getByRole("combobox", { name: "School type" }), "Secondary");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(location()).toBe("/?state=lagos&schools=all&name=deaf&type=secondary");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.getByRole("searchbox", { name: "School name" })).toHaveValue("deaf ");

    await act(() => router.navigate(-1));
    expect(location()).toBe("/?state=lagos");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(viewAll).toHaveFocus();
  });

  it("takes the search out of the URL on Reset and when both inputs are cleared", async () => {
    const { user, location } = renderDirectory({ url: "/?schools=all&name=lagos&type=special" });
    const name = await screen.findByRole("searchbox", { name: "School name" });
    expect(schoolNames()).toEqual(["Lagos Deaf Primary School"]);

    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect(location()).toBe("/?schools=all");
    expect(schoolNames()).toHaveLength(5);

    await user.type(name, "kano{Enter}");
    expect(location()).toBe("/?schools=all&name=kano");
    await user.clear(name);
    expect(location()).toBe("/?schools=all");
    expect(schoolNames()).toHaveLength(5);
  });

  it("Reset clears the disability group, boarding and ownership filters too, keeping the state", async () => {
    const { user, location } = renderDirectory({
      url: "/?schools=lagos&group=hearing&boarding=day&ownership=public",
    });
    const reset = await screen.findByRole("button", { name: "Reset" });
    expect(reset).toBeEnabled();
    await user.click(reset);
    expect(location()).toBe("/?schools=lagos");
    expect(screen.getByRole("combobox", { name: "Disability group" })).toHaveValue("");
    expect(screen.getByRole("combobox", { name: "Day or boarding" })).toHaveValue("");
    expect(screen.getByRole("combobox", { name: "Ownership" })).toHaveValue("");
  });

  it("offers its results as a page of their own", async () => {
    renderDirectory({ url: "/?schools=lagos&group=hearing&name=deaf" });
    expect(
      await screen.findByRole("link", { name: "Open these results as a page to share, print or download" }),
    ).toHaveAttribute("href", "/schools?state=lagos&group=hearing&name=deaf");
  });

  it("Close goes back when this page opened the dialog", async () => {
    const { router, user, location } = renderDirectory({ url: "/?state=lagos", pageState: "lagos" });
    await user.click(screen.getByRole("button", { name: "View All" }));
    await user.type(await screen.findByRole("searchbox", { name: "School name" }), "deaf{Enter}");

    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(location()).toBe("/?state=lagos");
    expect(router.state.historyAction).toBe("POP");
  });

  it("Close removes the dialog from a shared link's entry and puts focus on View All", async () => {
    const { router, user, location } = renderDirectory({ url: "/?state=lagos&schools=lagos&name=deaf" });
    await screen.findByText("2 inclusive schools found");

    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(location()).toBe("/?state=lagos");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "View All" })).toHaveFocus();
  });
});

describe("SchoolsDialog filters and cards", () => {
  const many = Array.from({ length: 60 }, (_, index) =>
    school({
      id: 100 + index,
      name: `School ${String(index + 1).padStart(2, "0")}`,
      state: index % 2 === 0 ? "Lagos" : "Kano",
      disability_groups: index % 3 === 0 ? ["hearing"] : ["visual"],
      boarding: index % 4 === 0 ? "boarding" : "day",
      ownership: index % 5 === 0 ? "mission" : "public",
      phone: index === 0 ? "0803 123 4567" : "",
      location: "Ikeja",
    }),
  );

  it("renders at most 25 cards, and Show more adds the next 25 with focus on the first new one", async () => {
    vi.mocked(loadSchools).mockResolvedValue(many);
    const { user } = renderDirectory();
    expect(await schoolList()).toHaveLength(25);
    expect(screen.getByText("60 inclusive schools found")).toBeInTheDocument();
    expect(screen.getByText("Showing 25 of 60.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show more schools (25)" }));
    expect(await schoolList()).toHaveLength(50);
    expect(screen.getByRole("link", { name: "School 26" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Show more schools (10)" }));
    expect(await schoolList()).toHaveLength(60);
    expect(screen.queryByRole("button", { name: /Show more/ })).toBeNull();
  });

  it("filters by disability group, day or boarding, and ownership at once, keeping them in the URL", async () => {
    vi.mocked(loadSchools).mockResolvedValue(many);
    const { user, location } = renderDirectory();
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "Disability group" }),
      "Hearing impairment",
    );
    expect(screen.getByText("20 inclusive schools found")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Day or boarding" }), "Boarding");
    expect(screen.getByText("5 inclusive schools found")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Ownership" }), "Mission");
    expect(screen.getByText("1 inclusive school found")).toBeInTheDocument();
    expect(location()).toBe("/?schools=all&group=hearing&boarding=boarding&ownership=mission");
  });

  it("finds the schools for the hearing impaired when the visitor searches for 'deaf' or 'hearing'", async () => {
    vi.mocked(loadSchools).mockResolvedValue(many);
    const { user } = renderDirectory();
    const name = await screen.findByRole("searchbox", { name: "School name" });
    await user.type(name, "deaf{Enter}");
    expect(screen.getByText("20 inclusive schools found")).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, "Hearing{Enter}");
    expect(screen.getByText("20 inclusive schools found")).toBeInTheDocument();
  });

  it("gives each card a call link when a phone exists and a Find on map link from its name and town", async () => {
    vi.mocked(loadSchools).mockResolvedValue(many);
    renderDirectory();
    const [first, second] = await schoolList();
    expect(within(first!).getByRole("link", { name: "Call School 01 0803 123 4567" })).toHaveAttribute(
      "href",
      "tel:08031234567",
    );
    expect(within(second!).queryByRole("link", { name: /^Call/ })).toBeNull();
    expect(within(second!).getByRole("link", { name: /^Find on map School 02/ })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=School%2002%2C%20Ikeja%2C%20Kano%2C%20Nigeria",
    );
  });
});
