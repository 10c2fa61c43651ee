import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import states from "../../../../data/states.json" with { type: "json" };
import type { School } from "../../../domain/datasets/schemas";
import { Toaster } from "../../ui/toast/Toaster";
import { toast } from "../../ui/toast/toast-store";
import { loadSchools } from "./load-schools";
import { SchoolsDialog } from "./SchoolsDialog";

// These tests run without a showModal polyfill: the dialog then opens non-modally (its graceful
// degradation), which is enough to exercise the directory. Modal behaviour is tested in ui/Dialog.test.tsx.

vi.mock("./load-schools", () => ({ loadSchools: vi.fn(), loadedSchools: vi.fn(() => null) }));

const stateNames = states.map((state) => state.state);

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

function renderDirectory(props: { initialStateName?: string | null; open?: boolean } = {}) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <Toaster />
      <SchoolsDialog
        open={props.open ?? true}
        onClose={onClose}
        initialStateName={props.initialStateName ?? null}
        stateNames={stateNames}
      />
    </MemoryRouter>,
  );
  return { onClose, user };
}

async function schoolList() {
  return within(await screen.findByRole("list", { name: "Schools found" })).getAllByRole("listitem");
}

function schoolNames() {
  return screen.queryAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
}

beforeEach(() => {
  vi.mocked(loadSchools).mockReset();
  vi.mocked(loadSchools).mockResolvedValue(schools);
});

afterEach(() => toast.clear());

describe("SchoolsDialog", () => {
  it("loads the schools only when opened", () => {
    renderDirectory({ open: false });
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
    renderDirectory({ initialStateName: "Abia" });
    expect(await screen.findByText("1 inclusive school found")).toBeInTheDocument();
  });

  it("starts at the page's state, matching 'Federal Capital Territory' to FCT", async () => {
    renderDirectory({ initialStateName: "Federal Capital Territory" });

    expect(await screen.findByRole("combobox", { name: "State" })).toHaveValue("FCT");
    expect(schoolNames()).toEqual(["Kuje Inclusive Nursery"]);
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
    expect(name).toHaveAttribute("placeholder", "Search by name");
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
    const { user } = renderDirectory({ initialStateName: "Lagos" });
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

  it("shows each school's name as a link to its page, its types and its location", async () => {
    renderDirectory();
    const cards = await schoolList();
    const lagos = cards[1]!;

    expect(within(lagos).getByRole("link", { name: "Lagos Deaf Primary School" })).toHaveAttribute(
      "href",
      "/schools/2",
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

  it("asks to close with the Close button and with Escape", async () => {
    const { onClose, user } = renderDirectory();
    await screen.findByText("5 inclusive schools found");

    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("combobox", { name: "State" }));
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
