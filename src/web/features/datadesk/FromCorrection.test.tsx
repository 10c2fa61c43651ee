import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { CorrectionView } from "../../../domain/corrections/correction-rules";
import { changeOf, fakeApi, kano, recordFieldsOf, type SentRequest } from "../../../test/web/datadesk";
import { withDataLayer } from "../../../test/web/data-layer";
import { signIn } from "../../../test/web/reports";
import { RecordPage } from "./RecordPage";

// "Start a change" from a visitor's correction: the record page with ?correction=<id> shows the
// suggestion, starts the form's source and note from it, and sends the correction's id with the change.

const correctionId = "00000000-0000-4000-8000-0000000000c1";

function correctionOf(fields: Partial<CorrectionView> = {}): CorrectionView {
  return {
    id: correctionId,
    subject: "state",
    subjectId: 20,
    subjectName: "Kano",
    language: null,
    page: null,
    whatIsWrong: "Kano's disability law is still pending the Governor's assent.",
    sourceUrl: "https://kanostate.gov.ng/assembly/bills",
    email: null,
    status: "new",
    createdAt: "2026-11-20T10:00:00.000Z",
    decidedAt: null,
    changeId: null,
    ...fields,
  };
}

function serve(correction: CorrectionView | null, posts: SentRequest[]) {
  return fakeApi((request) => {
    if (request.method === "POST") {
      posts.push(request);
      return { status: 201, body: { success: true, message: "Sent.", change: changeOf({ mine: true }) } };
    }
    if (request.path.startsWith("/api/v1/corrections/")) {
      return correction
        ? { status: 200, body: { success: true, correction } }
        : { status: 404, body: { success: false, message: "That correction does not exist." } };
    }
    return {
      status: 200,
      body: {
        success: true,
        record: {
          kind: "state",
          id: "20",
          name: "Kano",
          status: "open",
          mergedInto: null,
          version: 1,
          checkedAt: "2026-10-01T00:00:00.000Z",
          updatedAt: "2026-10-01T00:00:00.000Z",
          proposedChanges: 0,
          data: kano,
          fields: recordFieldsOf("state", kano),
        },
        changes: [],
      },
    };
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "/dashboard/data/:kind/:id", element: <RecordPage /> }], {
    initialEntries: [path],
  });
  render(withDataLayer(<RouterProvider router={router} />));
  return userEvent.setup({ delay: null });
}

afterEach(() => window.localStorage.clear());

describe("RecordPage from a visitor's correction", () => {
  it("shows the suggestion and its source, starts the form from it and sends the correction's id", async () => {
    signIn({ role: "editor" });
    const posts: SentRequest[] = [];
    serve(correctionOf(), posts);
    const user = renderAt(`/dashboard/data/state/20?correction=${correctionId}`);
    const panel = await screen.findByRole("region", { name: "From a visitor's correction" });
    expect(panel).toHaveTextContent("Suggested by a visitor:");
    expect(panel).toHaveTextContent("Kano's disability law is still pending the Governor's assent.");
    expect(
      within(panel).getByRole("link", { name: /https:\/\/kanostate\.gov\.ng\/assembly\/bills/ }),
    ).toHaveAttribute("href", "https://kanostate.gov.ng/assembly/bills");
    expect(panel).toHaveTextContent("type the new values in the form below yourself");

    expect(await screen.findByRole("textbox", { name: "Source (web address)" })).toHaveValue(
      "https://kanostate.gov.ng/assembly/bills",
    );
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue(
      "From a visitor's correction: “Kano's disability law is still pending the Governor's assent.”",
    );
    // The suggestion is free text: nothing is changed until the editor types the new values.
    expect(screen.getByRole("combobox", { name: "Law status" })).toHaveValue("Passed");

    await user.selectOptions(screen.getByRole("combobox", { name: "Law status" }), "Pending");
    await user.click(screen.getByRole("button", { name: "Review the change" }));
    await user.click(await screen.findByRole("button", { name: "Send for review" }));
    await screen.findByRole("heading", { name: "Change sent for review" });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      kind: "state",
      recordId: "20",
      changeKind: "edit",
      fields: { status: "Pending" },
      sourceUrl: "https://kanostate.gov.ng/assembly/bills",
      note: "From a visitor's correction: “Kano's disability law is still pending the Governor's assent.”",
      correctionId,
    });
  });

  it("links nothing when the correction is about another record", async () => {
    signIn({ role: "editor" });
    const posts: SentRequest[] = [];
    serve(correctionOf({ subjectId: 21, subjectName: "Katsina" }), posts);
    renderAt(`/dashboard/data/state/20?correction=${correctionId}`);
    const panel = await screen.findByRole("region", { name: "From a visitor's correction" });
    expect(within(panel).getByRole("alert")).toHaveTextContent(
      "The correction in this address is about Katsina, not this record",
    );
    expect(await screen.findByRole("textbox", { name: "Source (web address)" })).toHaveValue("");
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue("");
  });

  it("says so when the correction cannot be read, and the form still works without it", async () => {
    signIn({ role: "editor" });
    serve(null, []);
    renderAt(`/dashboard/data/state/20?correction=${correctionId}`);
    const panel = await screen.findByRole("region", { name: "From a visitor's correction" });
    expect(await within(panel).findByRole("alert")).toHaveTextContent("That correction does not exist.");
    expect(await screen.findByRole("textbox", { name: "Note" })).toHaveValue("");
  });

  it("shows no correction without ?correction=", async () => {
    signIn({ role: "editor" });
    const sent = serve(correctionOf(), []);
    renderAt("/dashboard/data/state/20");
    expect(await screen.findByRole("textbox", { name: "Note" })).toHaveValue("");
    expect(screen.queryByRole("region", { name: "From a visitor's correction" })).toBeNull();
    expect(sent.some((request) => request.path.startsWith("/api/v1/corrections"))).toBe(false);
  });
});
