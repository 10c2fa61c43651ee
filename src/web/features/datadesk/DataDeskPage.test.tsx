import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordSummary } from "../../../domain/api/datadesk";
import { changeOf, fakeApi, kano, recordFieldsOf, type SentRequest } from "../../../test/web/datadesk";
import { withDataLayer } from "../../../test/web/data-layer";
import { signIn } from "../../../test/web/reports";
import { DataDeskPage } from "./DataDeskPage";
import { RecordPage } from "./RecordPage";

const recently = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
const longAgo = "2024-01-15T10:00:00.000Z";

function summaryOf(fields: Partial<RecordSummary>): RecordSummary {
  return {
    kind: "state",
    id: "20",
    name: "Kano",
    status: "open",
    mergedInto: null,
    version: 1,
    checkedAt: recently,
    updatedAt: recently,
    proposedChanges: 0,
    ...fields,
  };
}

const states = [
  summaryOf({ id: "20", name: "Kano", proposedChanges: 2 }),
  summaryOf({ id: "21", name: "Katsina", checkedAt: longAgo }),
];

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/dashboard/data", element: <DataDeskPage /> },
      { path: "/dashboard/data/:kind/:id", element: <RecordPage /> },
    ],
    { initialEntries: [path] },
  );
  render(withDataLayer(<RouterProvider router={router} />));
  return userEvent.setup({ delay: null });
}

afterEach(() => window.localStorage.clear());

describe("DataDeskPage", () => {
  it("lists records as links with their proposed changes and a flag when unchecked for 12 months; filters and searches", async () => {
    signIn({ role: "editor" });
    const sent = fakeApi((request) => ({
      status: 200,
      body: {
        success: true,
        records: request.search.includes("q=Kano") ? [states[0]] : states,
        total: request.search.includes("q=Kano") ? 1 : 2,
        pending: { total: 0, schools: [] },
      },
    }));
    const user = renderAt("/dashboard/data");
    const results = await screen.findByRole("list", { name: "Records" });
    const kanoLine = within(results).getByRole("link", { name: "Kano" }).closest("li")!;
    expect(within(results).getByRole("link", { name: "Kano" })).toHaveAttribute(
      "href",
      "/dashboard/data/state/20",
    );
    expect(kanoLine).toHaveTextContent("2 proposed changes");
    expect(kanoLine).not.toHaveTextContent("Not checked");
    const katsinaLine = within(results).getByRole("link", { name: "Katsina" }).closest("li")!;
    expect(katsinaLine).toHaveTextContent("Not checked for 12 months (last 15 Jan 2024)");
    expect(screen.getByRole("link", { name: "Add a school" })).toHaveAttribute(
      "href",
      "/dashboard/data/new-school",
    );
    expect(screen.getByRole("link", { name: "Documents (PDFs)" })).toHaveAttribute(
      "href",
      "/dashboard/data/documents",
    );
    expect(screen.getByRole("link", { name: "Review proposed changes" })).toHaveAttribute(
      "href",
      "/dashboard/data/changes",
    );

    await user.click(screen.getByRole("checkbox", { name: "Only records with proposed changes" }));
    expect(within(results).queryByRole("link", { name: "Katsina" })).toBeNull();
    expect(within(results).getByRole("link", { name: "Kano" })).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Name (leave empty to list all)" }), "Kano");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await screen.findByText("Showing 1 record of 1.");
    expect(sent.map((request) => request.search)).toEqual([
      "?kind=state&limit=200",
      "?kind=state&q=Kano&limit=200",
    ]);
  });
});

describe("DataDeskPage's pending schools", () => {
  it("lists the schools proposed additions and imports would add, marked as waiting for review", async () => {
    signIn({ role: "editor" });
    fakeApi(() => ({
      status: 200,
      body: {
        success: true,
        records: [],
        total: 0,
        pending: {
          total: 2,
          schools: [
            { changeId: "c1", name: "Dala Inclusive School", state: "Kano" },
            { changeId: "c2", name: "Gwale Special School", state: "Kano" },
          ],
        },
      },
    }));
    renderAt("/dashboard/data?kind=school");
    const section = await screen.findByRole("region", { name: "2 new schools wait for review" });
    expect(within(section).getByText(/^Dala Inclusive School \(Kano\)/)).toHaveTextContent(
      "Dala Inclusive School (Kano) Proposed addition",
    );
    expect(within(section).getByRole("link", { name: "Review proposed changes" })).toHaveAttribute(
      "href",
      "/dashboard/data/changes",
    );
  });
});

describe("RecordPage", () => {
  const schoolDocument = { id: 5, name: "Kano School for the Deaf", state: "Kano", type: ["special"] };

  function serveRecord(kind: "state" | "school", posts: SentRequest[]) {
    return fakeApi((request) => {
      if (request.method === "POST") {
        posts.push(request);
        return {
          status: 201,
          body: {
            success: true,
            message: "Sent.",
            change: changeOf({ mine: true, changeKind: "checked", fields: [] }),
          },
        };
      }
      if (request.path.startsWith("/api/v1/datadesk/records/")) {
        return {
          status: 200,
          body: {
            success: true,
            record: {
              ...(kind === "state"
                ? summaryOf({ checkedAt: longAgo, proposedChanges: 1 })
                : summaryOf({ kind: "school", id: "5", name: schoolDocument.name })),
              data: kind === "state" ? kano : schoolDocument,
              fields:
                kind === "state" ? recordFieldsOf("state", kano) : recordFieldsOf("school", schoolDocument),
            },
            changes: kind === "state" ? [changeOf({})] : [],
          },
        };
      }
      return {
        status: 200,
        body: {
          success: true,
          records: [
            summaryOf({ kind: "school", id: "5", name: schoolDocument.name }),
            summaryOf({ kind: "school", id: "9", name: "Kano Deaf School (duplicate)" }),
          ],
          total: 2,
          pending: { total: 0, schools: [] },
        },
      };
    });
  }

  it("shows the record's last check, its proposed changes, and sends “Checked, nothing changed” with a source and a note", async () => {
    signIn({ role: "editor" });
    const posts: SentRequest[] = [];
    serveRecord("state", posts);
    const user = renderAt("/dashboard/data/state/20");
    expect(await screen.findByRole("heading", { level: 1, name: "Kano" })).toBeInTheDocument();
    expect(screen.getByText("Not checked for 12 months")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Proposed changes (1)" })).toBeInTheDocument();
    expect(screen.getByText("Law status: Passed → Pending")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Close this school" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Checked, nothing changed" }));
    const panel = screen.getByRole("form", { name: "Record that Kano was checked and nothing changed" });
    expect(
      within(panel).getByRole("heading", { name: "Record that Kano was checked and nothing changed" }),
    ).toHaveFocus();
    await user.click(within(panel).getByRole("button", { name: "Send for review" }));
    expect(within(panel).getByRole("alert")).toHaveTextContent(
      "Please say in a note what you changed and why.",
    );
    expect(posts).toHaveLength(0);

    await user.type(
      within(panel).getByRole("textbox", { name: "Source (web address)" }),
      "https://example.org/kano",
    );
    await user.type(
      within(panel).getByRole("textbox", { name: "Note" }),
      "Called the ministry: all correct.",
    );
    await user.click(within(panel).getByRole("button", { name: "Send for review" }));
    expect(
      await screen.findByText(
        "Your change was sent for review. Another editor or an admin will publish it or say why not.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Checked, nothing changed" })).toHaveFocus();
    expect(posts[0]?.body).toEqual({
      kind: "state",
      recordId: "20",
      changeKind: "checked",
      sourceUrl: "https://example.org/kano",
      note: "Called the ministry: all correct.",
    });
  });

  it("offers a school Close and Merge into…, the school to keep found by name", async () => {
    signIn({ role: "admin" });
    const posts: SentRequest[] = [];
    serveRecord("school", posts);
    const user = renderAt("/dashboard/data/school/5");
    await screen.findByRole("heading", { level: 1, name: "Kano School for the Deaf" });
    expect(screen.getByRole("button", { name: "Close this school" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reopen" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Merge into…" }));
    const panel = screen.getByRole("form", { name: "Merge Kano School for the Deaf into another school" });
    await user.type(within(panel).getByRole("searchbox", { name: "Name of the school to keep" }), "Kano");
    await user.click(within(panel).getByRole("button", { name: "Search" }));
    // The school itself is not offered.
    const keep = await within(panel).findByRole("radio", { name: "Kano Deaf School (duplicate)" });
    expect(within(panel).queryByRole("radio", { name: "Kano School for the Deaf" })).toBeNull();
    await user.click(keep);
    await user.type(
      within(panel).getByRole("textbox", { name: "Source (web address)" }),
      "https://example.org/kano",
    );
    await user.type(within(panel).getByRole("textbox", { name: "Note" }), "The same school twice.");
    await user.click(within(panel).getByRole("button", { name: "Send for review" }));
    await screen.findByText(/Your change was sent for review./);
    expect(posts[0]?.body).toEqual({
      kind: "school",
      recordId: "5",
      changeKind: "merge",
      mergeInto: "9",
      sourceUrl: "https://example.org/kano",
      note: "The same school twice.",
    });
  });
});
