import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLoaderData, useRouteError } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../../test/web/contract";
import type {
  PublishedChangesAnswer,
  PublishedChange,
  RecordHistoryAnswer,
} from "../../../domain/api/history";
import { PUBLIC_EDITORS_NAME } from "../../../domain/datadesk/history";
import history from "../../../i18n/catalogues/en/history.json";
import {
  ChangesPage,
  HistoryLoadFailed,
  HistoryLoading,
  RecordHistoryPage,
  historyDays,
  loadChanges,
  loadRecordHistory,
  type ChangesData,
} from "./index";
import type { HistorySource } from "./history-loaders";
import { isUnknownPageError } from "../../app/not-found-error";
import { inLanguage } from "../../../test/web/i18n";

// The history pages as their routes show them: loaded through their loaders, on the server from the load
// context's history reader, and (under `react-router dev`, which has none) from the open-data API (a stubbed
// fetch), with the loading state, the list, the empty state, "No such page" and the failure.

type Reply = { status: number; body: unknown } | "network failure";

function answer(...replies: Reply[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      const reply = replies.shift();
      if (!reply || reply === "network failure") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return asked;
}

const meta = (total: number) => ({
  total,
  page: 1,
  per_page: 50,
  last_page: Math.max(1, Math.ceil(total / 50)),
});

const lagosStatus: PublishedChange = {
  id: "5b0b3c1e-4f6a-4d55-9a43-2b0c8a1f6d10",
  published_at: "2026-11-12T09:00:00.000Z",
  kind: "state",
  record_id: "25",
  record_name: "Lagos",
  state_id: "25",
  change_kind: "edit",
  version: 2,
  fields: [
    { field: "status", label: "status", from: "Pending", to: "Passed" },
    { field: "law.year", label: "law.year", from: null, to: 2011 },
  ],
  source: {
    url: "https://lagosstate.gov.ng/news/law",
    title: "Lagos signs its disability law",
    publisher: "Lagos State Government",
    read: "2026-11-10",
    document: null,
  },
  note: "The law was signed.",
  from_correction: false,
  published_by: PUBLIC_EDITORS_NAME,
  history_url: "https://atlas.example/states/25/history",
};

const addoPhone: PublishedChange = {
  ...lagosStatus,
  id: "0f1d2e3c-4b5a-4697-8877-665544332211",
  published_at: "2026-11-14T09:00:00.000Z",
  kind: "school",
  record_id: "118",
  record_name: "Addo Primary School",
  fields: [{ field: "phone", label: "phone", from: "", to: "+2348012345678" }],
  source: {
    url: "ftp://files.example.org/addo.txt",
    title: null,
    publisher: null,
    read: null,
    document: {
      title: "Lagos schools list 2026",
      publisher: "Lagos State Universal Basic Education Board",
      date: "2026-01-15",
      url: "https://atlas.example/api/v1/documents/abc",
    },
  },
  note: "The head teacher gave the number.",
  history_url: "https://atlas.example/schools/118/history",
};

const changesAnswer = (data: PublishedChange[]): PublishedChangesAnswer => ({
  success: true,
  title: "Inclusion Atlas: published changes to the data",
  license: { id: "CC-BY-4.0", name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
  filters: { state: null, kind: null },
  generation: 3,
  meta: meta(data.length),
  count: data.length,
  data,
});

const lagosHistory = (data: PublishedChange[]): RecordHistoryAnswer => ({
  success: true,
  kind: "state",
  record_id: "25",
  record_name: "Lagos",
  state_id: "25",
  first_published: "2026-11-01T08:00:00.000Z",
  generation: 3,
  meta: meta(data.length),
  count: data.length,
  data,
});

function ChangesRoute() {
  const data = useLoaderData() as ChangesData;
  // The days in words, as the route's loader makes them on the server.
  return <ChangesPage answer={data.answer} filter={data.filter} days={historyDays(data.answer, "en")} />;
}

function RecordRoute() {
  const answer = useLoaderData() as RecordHistoryAnswer;
  return <RecordHistoryPage answer={answer} days={historyDays(answer, "en")} />;
}

/** The routes' ErrorBoundary: "No such page" for a 404, else the failure with Try again. */
function RouteError() {
  return <HistoryLoadFailed notFound={isUnknownPageError(useRouteError())} />;
}

/** The routes as the app has them: loader, page, loading state and error state. */
function showPage(url: string, source?: HistorySource) {
  const errorElement = <RouteError />;
  const router = createMemoryRouter(
    [
      {
        path: "/changes",
        loader: ({ request }) => loadChanges(new URL(request.url), source, request.signal),
        Component: ChangesRoute,
        HydrateFallback: HistoryLoading,
        errorElement,
      },
      {
        path: "/states/:stateId/history",
        loader: ({ params, request }) =>
          loadRecordHistory("state", params.stateId ?? "", new URL(request.url), source, request.signal),
        Component: RecordRoute,
        HydrateFallback: HistoryLoading,
        errorElement,
      },
      { path: "/states/:stateId", element: <h1>The state page</h1> },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return { user, router };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("/changes", () => {
  it("says it is loading, then lists each change: its record, date, old → new, source and note", async () => {
    const asked = answer({ status: 200, body: changesAnswer([addoPhone, lagosStatus]) });
    showPage("/changes");
    expect(screen.getByRole("status")).toHaveTextContent(history.loading);

    expect(await screen.findByRole("heading", { level: 1, name: history["changes.title"] })).toBeVisible();
    expect(asked).toEqual(["/api/v1/open/changes.json"]);
    expect(screen.getByRole("heading", { level: 2, name: "2 published changes" })).toBeVisible();

    const lagos = screen.getByRole("article", { name: /^Lagos/ });
    expect(within(lagos).getByRole("heading", { level: 3 })).toHaveTextContent("Lagos (State)");
    expect(within(lagos).getByRole("link", { name: "Lagos" })).toHaveAttribute("href", "/states/25");
    const when = within(lagos).getByText("12 November 2026");
    expect(when.tagName).toBe("TIME");
    expect(when).toHaveAttribute("datetime", "2026-11-12T09:00:00.000Z");
    expect(within(lagos).getByText(/^Published on/)).toHaveTextContent(
      `Published on 12 November 2026 by ${PUBLIC_EDITORS_NAME}`,
    );
    // Read as a sentence; the arrow form is for the eyes only.
    const fields = within(lagos).getByRole("list", { name: history["entry.changedFields"] });
    const items = within(fields).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector(".visually-hidden")?.textContent)).toEqual([
      "Law status: changed from Pending to Passed",
      "Year passed: changed from (empty) to 2011",
    ]);
    expect(items[0]?.querySelector('[aria-hidden="true"]')).toHaveTextContent("Law status: Pending → Passed");
    // The source by its title and publisher, then the day it was read.
    expect(
      within(lagos).getByRole("link", { name: /^Lagos signs its disability law \(Lagos State Government\)/ }),
    ).toHaveAttribute("href", "https://lagosstate.gov.ng/news/law");
    expect(within(lagos).getByText(/Read 10 November 2026\./)).toBeVisible();
    expect(within(lagos).getByText("The law was signed.")).toBeVisible();

    // A school: its document is a link, an address that is not a web address stays text.
    const addo = screen.getByRole("article", { name: /^Addo Primary School/ });
    expect(
      within(addo).getByRole("link", {
        name: /Lagos schools list 2026 \(Lagos State Universal Basic Education Board\) \(document\)/,
      }),
    ).toHaveAttribute("href", "https://atlas.example/api/v1/documents/abc");
    expect(within(addo).getByText("ftp://files.example.org/addo.txt").closest("a")).toBeNull();
    expect(within(addo).getByRole("link", { name: "Addo Primary School" })).toHaveAttribute(
      "href",
      "/schools/118",
    );

    // Never an editor's name: only the public one.
    expect(document.body).toHaveTextContent(PUBLIC_EDITORS_NAME);
  });

  it("filters with a GET form whose choices are the address's, and links the feeds of that filter", async () => {
    const asked = answer(
      { status: 200, body: { ...changesAnswer([lagosStatus]), filters: { state: "25", kind: "state" } } },
      { status: 200, body: changesAnswer([]) },
    );
    const { user, router } = showPage("/changes?state=25&kind=state");
    await screen.findByRole("heading", { level: 1, name: history["changes.title"] });
    expect(asked).toEqual(["/api/v1/open/changes.json?state=25&kind=state"]);

    const form = screen.getByRole("heading", { name: history["filters.heading"] }).closest("form");
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/changes");
    expect(screen.getByRole("combobox", { name: history["filters.state"] })).toHaveValue("25");
    expect(screen.getByRole("combobox", { name: history["filters.kind"] })).toHaveValue("state");
    expect(screen.getByRole("link", { name: "Atom feed" })).toHaveAttribute(
      "href",
      "/api/v1/open/changes.atom?state=25&kind=state",
    );
    expect(screen.getByRole("link", { name: "JSON" })).toHaveAttribute(
      "href",
      "/api/v1/open/changes.json?state=25&kind=state",
    );

    await user.selectOptions(screen.getByRole("combobox", { name: history["filters.kind"] }), "");
    await user.click(screen.getByRole("button", { name: history["filters.apply"] }));
    expect(await screen.findByText(history.empty)).toBeVisible();
    expect(router.state.location.search).toBe("?state=25&kind=");
    expect(asked[1]).toBe("/api/v1/open/changes.json?state=25");
  });

  it("says when nothing was published yet", async () => {
    answer({ status: 200, body: changesAnswer([]) });
    showPage("/changes");
    expect(await screen.findByText("No published changes yet.")).toBeVisible();
    expect(screen.getByRole("heading", { level: 2, name: "0 published changes" })).toBeVisible();
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("says the changes could not be loaded, and loads them again on Try again", async () => {
    answer("network failure", { status: 200, body: changesAnswer([lagosStatus]) });
    const { user } = showPage("/changes");
    expect(await screen.findByRole("heading", { level: 1, name: history["failed.title"] })).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent(history["failed.text"]);
    await user.click(screen.getByRole("button", { name: history["failed.retry"] }));
    expect(await screen.findByRole("article", { name: /^Lagos/ })).toBeVisible();
  });
});

describe("a state's history page", () => {
  it("lists its changes newest first under dated headings, and when it was first published", async () => {
    const asked = answer({ status: 200, body: lagosHistory([lagosStatus]) });
    showPage("/states/25/history");
    expect(await screen.findByRole("heading", { level: 1, name: "History of Lagos" })).toBeVisible();
    expect(asked).toEqual(["/api/v1/open/history/state/25"]);
    expect(screen.getByRole("link", { name: "Back to Lagos" })).toHaveAttribute("href", "/states/25");
    const entry = screen.getByRole("article", {
      name: `Published on 12 November 2026 by ${PUBLIC_EDITORS_NAME}`,
    });
    expect(within(entry).getByRole("heading", { level: 3 }).querySelector("time")).toHaveAttribute(
      "datetime",
      "2026-11-12T09:00:00.000Z",
    );
    expect(screen.getByText(/^First published on/)).toHaveTextContent(
      "First published on 1 November 2026 from the Atlas's original data.",
    );
    expect(screen.getByRole("link", { name: history["record.allChanges"] })).toHaveAttribute(
      "href",
      "/changes?state=25",
    );
    expect(screen.getByRole("link", { name: "JSON" })).toHaveAttribute(
      "href",
      "/api/v1/open/history/state/25",
    );
  });

  it("says which change came from a visitor's correction, and no other", async () => {
    const fromCorrection = {
      ...lagosStatus,
      id: "7c1d2e3f-4a5b-4c6d-8e7f-901234567890",
      from_correction: true,
    };
    answer({
      status: 200,
      body: lagosHistory([fromCorrection, { ...lagosStatus, published_at: "2026-11-10T09:00:00.000Z" }]),
    });
    showPage("/states/25/history");
    const entries = await screen.findAllByRole("article");
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent(history["entry.fromCorrection"]);
    expect(entries[1]).not.toHaveTextContent(history["entry.fromCorrection"]);
  });

  it("says when the state has no published changes yet", async () => {
    answer({ status: 200, body: lagosHistory([]) });
    showPage("/states/25/history");
    expect(await screen.findByText("No published changes yet.")).toBeVisible();
  });

  it("says there is no such page for an unknown state, asking nothing for an id that is not a number", async () => {
    answer({
      status: 404,
      body: { success: false, code: "NOT_FOUND", message: 'There is no state record with the id "99".' },
    });
    showPage("/states/99/history");
    expect(await screen.findByRole("heading", { level: 1, name: history["notFound.title"] })).toBeVisible();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says it could not be loaded when the server fails", async () => {
    answer({ status: 503, body: { success: false, code: "UNAVAILABLE", message: "Try again later." } });
    showPage("/states/25/history");
    expect(await screen.findByRole("heading", { level: 1, name: history["failed.title"] })).toBeVisible();
    expect(screen.getByRole("button", { name: history["failed.retry"] })).toBeEnabled();
  });

  it("does not ask the server about an id that is not a number", async () => {
    const asked = answer();
    showPage("/states/lagos/history");
    expect(await screen.findByRole("heading", { level: 1, name: history["notFound.title"] })).toBeVisible();
    expect(asked).toEqual([]);
  });
});

describe("the history pages rendered on the server", () => {
  // The server's reader stands in here as an object of two functions (src/server/site/page-rendering.test.ts
  // renders the real routes from a real database).
  const reader = (records: Record<string, RecordHistoryAnswer>) => {
    const asked: string[] = [];
    const source: HistorySource = {
      changes: async (filter) => {
        asked.push(`changes ${filter.stateId ?? "-"} ${filter.kind ?? "-"} ${filter.page}`);
        return changesAnswer([lagosStatus]);
      },
      record: async (kind, id, page) => {
        asked.push(`${kind} ${id} ${page}`);
        return records[`${kind} ${id}`] ?? null;
      },
    };
    return { asked, source };
  };

  it("read the changes from the load context, with the address's filter, asking no API", async () => {
    const fetched = answer();
    const { asked, source } = reader({});
    showPage("/changes?state=25&kind=state&page=2", source);
    expect(await screen.findByRole("heading", { level: 1, name: history["changes.title"] })).toBeVisible();
    expect(asked).toEqual(["changes 25 state 2"]);
    expect(fetched).toEqual([]);
  });

  it("read a record's history from the load context; a record it does not know is 'No such page'", async () => {
    const fetched = answer();
    const { asked, source } = reader({ "state 25": lagosHistory([lagosStatus]) });
    showPage("/states/25/history", source);
    expect(await screen.findByRole("heading", { level: 1, name: "History of Lagos" })).toBeVisible();
    showPage("/states/99/history", source);
    expect(await screen.findByRole("heading", { level: 1, name: history["notFound.title"] })).toBeVisible();
    expect(asked).toEqual(["state 25 1", "state 99 1"]);
    expect(fetched).toEqual([]);
  });
});

describe("the history pages in another language", () => {
  it("speak Hausa around the data: a choice in Hausa, English data and a translation marked as such", async () => {
    const hausa = (await import("../../../i18n/catalogues/ha/history.json")).default;
    const entry: PublishedChange = {
      ...lagosStatus,
      fields: [
        ...lagosStatus.fields,
        { field: "law.name", label: "law.name", from: "", to: "Lagos State Special People's Law" },
        {
          field: "translations.ha.desc",
          label: "translations.ha.desc",
          from: null,
          to: "Jihar Legas ta zartar",
        },
      ],
    };
    const router = createMemoryRouter(
      [
        {
          path: "/ha/states/:stateId/history",
          element: (
            <RecordHistoryPage
              answer={lagosHistory([entry])}
              days={historyDays(lagosHistory([entry]), "ha")}
            />
          ),
        },
      ],
      { initialEntries: ["/ha/states/25/history"] },
    );
    render(
      await inLanguage("ha", ["common", "errors", "history", "datadesk"], <RouterProvider router={router} />),
    );
    expect(screen.getByRole("heading", { level: 1, name: "Tarihin Lagos" })).toBeVisible();
    expect(screen.getByRole("link", { name: hausa["record.allChanges"] })).toHaveAttribute(
      "href",
      "/ha/changes?state=25",
    );
    const fields = screen.getByRole("list", { name: hausa["entry.changedFields"] });
    // The status is worded in Hausa (the data holds "Pending" and "Passed"), so it has no lang of its own.
    expect(fields.querySelector(".visually-hidden")).toHaveTextContent(
      "Matsayin doka: ya canza daga Ana jira zuwa An zartar",
    );
    expect(within(fields).getByText("An zartar")).not.toHaveAttribute("lang");
    expect(within(fields).getByText("Lagos State Special People's Law")).toHaveAttribute("lang", "en");
    expect(within(fields).getByText("Jihar Legas ta zartar")).toHaveAttribute("lang", "ha");
    expect(screen.getByText("The law was signed.")).toHaveAttribute("lang", "en");
    // The source's title and publisher, as the editor gave them, are English too; around them, Hausa.
    expect(screen.getByText("Lagos signs its disability law (Lagos State Government)")).toHaveAttribute(
      "lang",
      "en",
    );
    expect(screen.getByRole("article")).toHaveAccessibleName(/Editocin Inclusion Atlas/);
  });
});
