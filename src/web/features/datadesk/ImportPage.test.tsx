import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ImportAnswer } from "../../../domain/api/datadesk";
import { changeOf, fakeApi } from "../../../test/web/datadesk";
import { withDataLayer } from "../../../test/web/data-layer";
import { inLanguage } from "../../../test/web/i18n";
import { signIn } from "../../../test/web/reports";
import { ImportPage } from "./ImportPage";

// The import screen: the dry run's problems as a table and the schools it adds and changes, the summary
// focused; the proposal with a source and a note; a file refused as a whole, beside the file input.

// The server's own sentences are in the editor's account language; the page words everything from keys and
// counts in its own, so the fakes' sentences must never be shown.
const serverWords = "(the server's sentence, never shown)";

const csv = "id,name,state,type\r\n,Gwale Special School,Kano,special\r\n1,Abia School,Abia,tertiary\r\n";

const addition = {
  row: 2,
  recordId: null,
  baseVersion: null,
  name: "Gwale Special School",
  state: "Kano",
  fields: [
    { field: "name", from: null, to: "Gwale Special School" },
    { field: "type", from: null, to: ["special"] },
  ],
};
const change = {
  row: 3,
  recordId: "1",
  baseVersion: 1,
  name: "Abia School",
  state: "Abia",
  fields: [{ field: "ownership", from: "", to: "public" }],
};

function plan(overrides: Partial<ImportAnswer> = {}): ImportAnswer {
  return {
    success: true,
    message: serverWords,
    dryRun: true,
    rows: 2,
    problems: [],
    schools: {
      additions: 1,
      changes: 1,
      total: 2,
      page: 1,
      per_page: 50,
      last_page: 1,
      rows: [addition, change],
    },
    unchanged: 0,
    ignoredColumns: ["as_of"],
    counts: { rows: 2, problems: 0, additions: 1, changes: 1 },
    change: null,
    ...overrides,
  };
}

function renderPage() {
  const router = createMemoryRouter([{ path: "/dashboard/data/import", element: <ImportPage /> }], {
    initialEntries: ["/dashboard/data/import"],
  });
  render(withDataLayer(<RouterProvider router={router} />));
  return userEvent.setup({ delay: null });
}

async function chooseAndCheck(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText("CSV file"), new File([csv], "schools.csv", { type: "text/csv" }));
  await user.click(screen.getByRole("button", { name: "Dry run: check the file" }));
}

afterEach(() => window.localStorage.clear());

describe("ImportPage", () => {
  it("sends the file's text for a dry run and shows each problem by row and column, the summary focused", async () => {
    signIn({ role: "editor" });
    const sent = fakeApi(() => ({
      status: 200,
      body: plan({
        message: serverWords,
        schools: {
          additions: 1,
          changes: 0,
          total: 1,
          page: 1,
          per_page: 50,
          last_page: 1,
          rows: [addition],
        },
        problems: [{ row: 3, column: "type", key: "choice", params: {}, message: serverWords }],
        // The whole file's counts, as the server counted them (the schools are one page of them).
        counts: { rows: 2, problems: 1, additions: 1, changes: 0 },
      }),
    }));
    const user = renderPage();
    await chooseAndCheck(user);
    const summary = await screen.findByText(
      "Checked 2 rows: 1 problem, 1 school to add, 0 schools to change.",
    );
    expect(summary).toHaveFocus();
    expect(sent).toEqual([
      { method: "POST", path: "/api/v1/datadesk/imports", search: "?dryRun=1", body: { csv } },
    ]);
    const table = screen.getByRole("table", { name: "1 problem to correct" });
    const cells = within(within(table).getAllByRole("row")[1]!).getAllByRole("cell");
    expect(cells.map((cell) => cell.textContent)).toEqual([
      "3",
      "type",
      "Please choose one of the listed values.",
    ]);
    expect(screen.getByText("Row 2: Gwale Special School")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Propose this import" })).toBeNull();
  });

  it("lists the additions and the changes old → new, then proposes the import with its source and note", async () => {
    signIn({ role: "editor" });
    const sent = fakeApi((request) =>
      request.search === "?dryRun=1"
        ? { status: 200, body: plan() }
        : {
            status: 201,
            body: plan({
              dryRun: false,
              message: serverWords,
              change: changeOf({ kind: "school", changeKind: "import", recordId: null, fields: [] }),
            }),
          },
    );
    const user = renderPage();
    await chooseAndCheck(user);
    await screen.findByRole("heading", { name: "1 school to add" });
    expect(screen.getByText("School 1: Abia School")).toBeInTheDocument();
    expect(screen.getByText("Ownership: (empty) → Public")).toBeInTheDocument();
    expect(screen.getByText("Read but not changed: as_of.")).toBeInTheDocument();

    // Without a source and a note nothing is sent.
    await user.click(screen.getByRole("button", { name: "Propose this import" }));
    expect(screen.getByRole("alert")).toHaveFocus();
    expect(sent).toHaveLength(1);

    await user.type(
      screen.getByRole("textbox", { name: "Source (web address)" }),
      "https://example.org/list",
    );
    await user.type(screen.getByRole("textbox", { name: "Note" }), "The ministry's list.");
    await user.click(screen.getByRole("button", { name: "Propose this import" }));
    expect(await screen.findByRole("heading", { name: "Import sent for review" })).toHaveFocus();
    expect(sent[1]).toEqual({
      method: "POST",
      path: "/api/v1/datadesk/imports",
      search: "",
      body: { csv, sourceUrl: "https://example.org/list", note: "The ministry's list." },
    });
  });

  it("shows a file refused as a whole beside the file input, in the error summary", async () => {
    signIn({ role: "editor" });
    fakeApi(() => ({
      status: 400,
      body: {
        success: false,
        code: "VALIDATION_FAILED",
        message: serverWords,
        problem: {
          key: "datadesk.importRefusal.unknownColumns",
          params: { columns: "colour", expected: "id, name, state" },
        },
        refusal: "unknownColumns",
      },
    }));
    const user = renderPage();
    await chooseAndCheck(user);
    const file = screen.getByLabelText("CSV file");
    expect(await screen.findByRole("alert")).toHaveFocus();
    expect(file).toHaveAttribute("aria-invalid", "true");
    expect(file).toHaveAccessibleDescription(
      expect.stringContaining(
        "The file has columns that schools.csv does not have: colour. Use only these columns: id, name, state.",
      ),
    );
    expect(document.body).not.toHaveTextContent(serverWords);
  });

  it("on a Hausa page, says the dry run, the rows' problems and the refusal in Hausa, from keys and counts", async () => {
    signIn({ role: "editor" });
    fakeApi((request) =>
      request.search === "?dryRun=1"
        ? { status: 200, body: plan() }
        : {
            status: 400,
            body: {
              success: false,
              code: "VALIDATION_FAILED",
              message: serverWords,
              problem: { key: "datadesk.import.hasProblems", params: { count: 1 } },
              plan: {
                ...plan(),
                problems: [
                  { row: 3, column: "name", key: "tooLong", params: { max: 200 }, message: serverWords },
                ],
              },
            },
          },
    );
    const router = createMemoryRouter([{ path: "/ha/dashboard/data/import", element: <ImportPage /> }], {
      initialEntries: ["/ha/dashboard/data/import"],
    });
    render(await inLanguage("ha", ["datadesk", "errors"], withDataLayer(<RouterProvider router={router} />)));
    const user = userEvent.setup({ delay: null });
    await user.upload(
      screen.getByLabelText("Fayil na CSV"),
      new File([csv], "schools.csv", { type: "text/csv" }),
    );
    await user.click(screen.getByRole("button", { name: "Gwaji: duba fayil ɗin" }));
    expect(
      await screen.findByText(
        "An duba layuka 2: babu matsala, makaranta 1 da za a ƙara, makaranta 1 da za a canza.",
      ),
    ).toHaveFocus();

    await user.type(
      screen.getByRole("textbox", { name: "Majiya (adireshin yanar gizo)" }),
      "https://example.org/list",
    );
    await user.type(screen.getByRole("textbox", { name: "Bayani" }), "Jerin ma'aikatar.");
    await user.click(screen.getByRole("button", { name: "Gabatar da wannan shigarwa" }));
    expect(
      await screen.findByText(
        "Ba a aika komai ba: wani layi yana da matsala. Gyara fayil ɗin ka sake duba shi.",
      ),
    ).toHaveFocus();
    const table = screen.getByRole("table");
    expect(within(table).getByText("Da fatan ka taƙaita wannan zuwa haruffa 200.")).toBeVisible();
    expect(document.body).not.toHaveTextContent(serverWords);
  });

  it("shows a long file's schools a page at a time, the page said in a live region, focus kept on the buttons", async () => {
    signIn({ role: "editor" });
    const onPage = (page: number) =>
      plan({
        message: serverWords,
        rows: 60,
        schools: {
          additions: 60,
          changes: 0,
          total: 60,
          page,
          per_page: 50,
          last_page: 2,
          rows: [
            { ...addition, row: page === 1 ? 2 : 52, name: page === 1 ? "First School" : "Later School" },
          ],
        },
      });
    const sent = fakeApi((request) => ({
      status: 200,
      body: onPage(request.search === "?dryRun=1&page=2" ? 2 : 1),
    }));
    const user = renderPage();
    await chooseAndCheck(user);
    expect(await screen.findByText("Row 2: First School")).toBeInTheDocument();
    const pages = screen.getByRole("navigation", { name: "Pages of the import's schools" });
    expect(within(pages).getByRole("status")).toHaveTextContent("Page 1 of 2: schools 1 to 50 of 60.");
    expect(within(pages).getByRole("button", { name: "Previous page" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );

    const next = within(pages).getByRole("button", { name: "Next page" });
    await user.click(next);
    expect(await screen.findByText("Row 52: Later School")).toBeInTheDocument();
    expect(screen.queryByText("Row 2: First School")).toBeNull();
    expect(within(pages).getByRole("status")).toHaveTextContent("Page 2 of 2: schools 51 to 60 of 60.");
    expect(sent.at(-1)).toEqual({
      method: "POST",
      path: "/api/v1/datadesk/imports",
      search: "?dryRun=1&page=2",
      body: { csv },
    });
    // At the last page the button stays where focus is, and says it does nothing more.
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute("aria-disabled", "true");
    await user.click(next);
    expect(sent).toHaveLength(2);
  });
});
