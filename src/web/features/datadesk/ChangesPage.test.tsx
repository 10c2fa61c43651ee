import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { DataChange } from "../../../domain/api/datadesk";
import { changeOf, fakeApi, type Reply, type SentRequest } from "../../../test/web/datadesk";
import { withDataLayer } from "../../../test/web/data-layer";
import { signIn } from "../../../test/web/reports";
import { ChangesPage } from "./ChangesPage";

const others = changeOf({});
const mine = changeOf({
  id: "00000000-0000-4000-8000-000000000002",
  recordId: "25",
  recordName: "Lagos",
  fields: [{ field: "law.year", from: 2011, to: 2012 }],
  author: { id: 7, name: "Amina Bello" },
  mine: true,
  createdAt: "2026-11-21T10:00:00.000Z",
});
const rejected = changeOf({
  id: "00000000-0000-4000-8000-000000000003",
  status: "rejected",
  mine: true,
  author: { id: 7, name: "Amina Bello" },
  decidedBy: { id: 8, name: "Bola Ade" },
  decidedAt: "2026-11-22T10:00:00.000Z",
  reason: "The gazette is about another law.",
});

const counts = { proposed: 2, published: 0, rejected: 1, withdrawn: 0 };
const listOf = (changes: DataChange[]): Reply => ({ status: 200, body: { success: true, changes, counts } });
const decided = (change: DataChange, status: DataChange["status"], message: string): Reply => ({
  status: 200,
  body: { success: true, message, change: { ...change, status, decidedAt: "2026-11-23T10:00:00.000Z" } },
});

/** The fake API: the queue, My changes, and each decision as `decide` answers it. */
function serve(decide: (request: SentRequest) => Reply = () => ({ status: 500 })) {
  let queue: DataChange[] = [others, mine];
  return fakeApi((request) => {
    if (request.method === "GET") {
      return request.search.includes("mine=true") ? listOf([mine, rejected]) : listOf(queue);
    }
    const answer = decide(request);
    if (answer.status === 200) queue = queue.filter((change) => !request.path.includes(change.id));
    return answer;
  });
}

function renderPage(path = "/dashboard/data/changes") {
  const router = createMemoryRouter([{ path: "/dashboard/data/changes", element: <ChangesPage /> }], {
    initialEntries: [path],
  });
  render(withDataLayer(<RouterProvider router={router} />));
  return userEvent.setup({ delay: null });
}

const card = (name: string) => screen.findByRole("article", { name: `State: ${name}` });

afterEach(() => window.localStorage.clear());

describe("ChangesPage", () => {
  it("lists the queue with each field as old → new, the source, the note and the author; one's own offers only Withdraw", async () => {
    signIn({ role: "editor" });
    serve();
    renderPage();
    const kano = await card("Kano");
    expect(within(kano).getByText("Law status: Passed → Pending")).toBeInTheDocument();
    expect(within(kano).getByRole("link", { name: /https:\/\/example.org\/kano-gazette/ })).toHaveAttribute(
      "href",
      "https://example.org/kano-gazette",
    );
    expect(kano).toHaveTextContent("The gazette says the law was repealed.");
    expect(kano).toHaveTextContent("Bola Ade");
    expect(within(kano).getByRole("button", { name: "Publish the change to Kano" })).toBeInTheDocument();
    expect(within(kano).getByRole("button", { name: "Reject the change to Kano" })).toBeInTheDocument();

    const lagos = await card("Lagos");
    expect(within(lagos).getByText("Year passed: 2011 → 2012")).toBeInTheDocument();
    expect(within(lagos).getByRole("button", { name: "Withdraw my change to Lagos" })).toBeInTheDocument();
    expect(within(lagos).queryByRole("button", { name: /Publish/ })).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("2 changes wait for review.");
  });

  it("publishes another editor's change after a confirmation, and says so", async () => {
    signIn({ role: "editor" });
    const sent = serve(() => {
      const answer = decided(others, "published", "Published.");
      return {
        ...answer,
        body: {
          ...(answer.body as object),
          record: {
            kind: "state",
            id: "20",
            name: "Kano",
            status: "open",
            mergedInto: null,
            version: 2,
            checkedAt: "2026-11-23T10:00:00.000Z",
            updatedAt: "2026-11-23T10:00:00.000Z",
            proposedChanges: 0,
          },
          datasetVersion: 2,
          generation: 2,
        },
      };
    });
    const user = renderPage();
    const kano = await card("Kano");
    await user.click(within(kano).getByRole("button", { name: "Publish the change to Kano" }));
    const question = within(kano).getByText(/Publish this change to Kano\?/);
    expect(question).toHaveFocus();
    expect(sent.filter((request) => request.method === "POST")).toHaveLength(0);
    await user.click(within(kano).getByRole("button", { name: "Yes, publish" }));

    expect(
      await screen.findByText(/Published. The public pages and open data follow within seconds./),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Review queue" })).toHaveFocus();
    expect(sent.filter((request) => request.method === "POST")).toEqual([
      { method: "POST", path: `/api/v1/datadesk/changes/${others.id}/publish`, search: "", body: undefined },
    ]);
    await screen.findByText(/1 change waits for review/);
    expect(screen.queryByRole("article", { name: "State: Kano" })).toBeNull();
  });

  it("rejects only with a reason, which is sent", async () => {
    signIn({ role: "editor" });
    const sent = serve(() => decided(others, "rejected", "Change rejected."));
    const user = renderPage();
    const kano = await card("Kano");
    await user.click(within(kano).getByRole("button", { name: "Reject the change to Kano" }));
    const reason = within(kano).getByRole("textbox", { name: "Reason" });
    expect(reason).toHaveFocus();
    await user.click(within(kano).getByRole("button", { name: "Reject the change" }));
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(reason).toHaveAccessibleDescription(/Please give a reason: its author will read it./);
    expect(sent.filter((request) => request.method === "POST")).toHaveLength(0);

    await user.type(reason, "The gazette is about another law.");
    await user.click(within(kano).getByRole("button", { name: "Reject the change" }));
    expect(await screen.findByText(/Change rejected. Its author will see your reason./)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === "POST")).toEqual([
      {
        method: "POST",
        path: `/api/v1/datadesk/changes/${others.id}/reject`,
        search: "",
        body: { reason: "The gazette is about another law." },
      },
    ]);
  });

  it("withdraws one's own change", async () => {
    signIn({ role: "editor" });
    const sent = serve(() => decided(mine, "withdrawn", "Your change was withdrawn."));
    const user = renderPage();
    const lagos = await card("Lagos");
    await user.click(within(lagos).getByRole("button", { name: "Withdraw my change to Lagos" }));
    expect(await screen.findByText(/Your change was withdrawn./)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === "POST").map((request) => request.path)).toEqual([
      `/api/v1/datadesk/changes/${mine.id}/withdraw`,
    ]);
  });

  it("keeps a change a publication overtook (409) and shows, per field, the value proposed, now and when proposed", async () => {
    signIn({ role: "admin" });
    serve(() => ({
      status: 409,
      body: {
        success: false,
        code: "CHANGE_CONFLICT",
        message: "Another publication changed a field of this change since it was proposed.",
        conflicts: [{ field: "status", from: "Passed", now: "Second Reading", to: "Pending" }],
      },
    }));
    const user = renderPage();
    const kano = await card("Kano");
    await user.click(within(kano).getByRole("button", { name: "Publish the change to Kano" }));
    await user.click(within(kano).getByRole("button", { name: "Yes, publish" }));

    expect(await within(kano).findByRole("alert")).toHaveTextContent(
      "Another publication changed a field of this change since it was proposed. Compare both values and propose again; nothing was published.",
    );
    const conflict = within(kano).getByText("Changed since it was proposed").parentElement!;
    expect(conflict).toHaveTextContent("Law status");
    expect(conflict).toHaveTextContent("ProposedPending");
    expect(conflict).toHaveTextContent("NowSecond reading");
    expect(conflict).toHaveTextContent("When proposedPassed");
    // Nothing is lost: the change stays in the queue with its buttons.
    expect(within(kano).getByRole("button", { name: "Publish the change to Kano" })).toBeInTheDocument();
    expect(within(kano).getByText("Law status: Passed → Pending")).toBeInTheDocument();
  });

  it("shows the server's refusal of one's own change (403) as it words it", async () => {
    signIn({ role: "editor" });
    // Another tab could offer it: the server refuses, and the card says why.
    serve(() => ({
      status: 403,
      body: {
        success: false,
        code: "OWN_CHANGE",
        message:
          "You cannot publish or reject your own change: another editor or an admin reviews it. You may withdraw it.",
      },
    }));
    const user = renderPage();
    const kano = await card("Kano");
    await user.click(within(kano).getByRole("button", { name: "Publish the change to Kano" }));
    await user.click(within(kano).getByRole("button", { name: "Yes, publish" }));
    expect(await within(kano).findByRole("alert")).toHaveTextContent(
      "You cannot publish or reject your own change: another editor or an admin reviews it.",
    );
  });

  it("shows My changes with their decisions and the reason of a rejection", async () => {
    signIn({ role: "editor" });
    serve();
    const user = renderPage();
    await card("Kano");
    await user.click(screen.getByRole("button", { name: "My changes" }));
    expect(screen.getByRole("button", { name: "My changes" })).toHaveAttribute("aria-pressed", "true");
    const [, rejectedCard] = await screen.findAllByRole("article", { name: /State:/ });
    expect(rejectedCard).toHaveTextContent("Rejected");
    expect(rejectedCard).toHaveTextContent("Reason for rejection");
    expect(rejectedCard).toHaveTextContent("The gazette is about another law.");
    expect(rejectedCard).toHaveTextContent("Rejected byBola Ade");
    expect(within(rejectedCard!).queryByRole("button")).toBeNull();
  });

  it("tells someone who is not an editor that the desk is not theirs, and asks nothing", () => {
    signIn({ role: "moderator" });
    const sent = serve();
    renderPage();
    expect(
      screen.getByText("The data desk is for editors and admins. Ask an admin to make you an editor."),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
