import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import {
  changeOf,
  documentOf,
  fakeApi,
  kano,
  recordFieldsOf,
  uploadedDocuments,
} from "../../../test/web/datadesk";
import { withDataLayer } from "../../../test/web/data-layer";
import { installFakeXhr } from "../../../test/web/fake-xhr";
import { signIn } from "../../../test/web/reports";
import { ChangeCard } from "./ChangeCard";
import { RecordForm } from "./RecordForm";

// An uploaded document as a change's source (chosen by title, or uploaded in the form without losing what
// is typed) and as a state's law document (chosen by title; the review step says old → new by title).

const lawDocument = uploadedDocuments[0]!;

function renderKano() {
  const router = createMemoryRouter([
    {
      path: "/",
      element: <RecordForm kind="state" recordId="20" fields={recordFieldsOf("state", kano)} />,
    },
  ]);
  render(withDataLayer(<RouterProvider router={router} />));
  return userEvent.setup({ delay: null });
}

const proposed = (fields: Parameters<typeof changeOf>[0]) => ({
  status: 201,
  body: {
    success: true,
    message: "Your change was sent for review.",
    change: changeOf({ mine: true, ...fields }),
  },
});

afterEach(() => window.localStorage.clear());

describe("a document as the source and as the law document", () => {
  it("sets the law document by title, cites an uploaded document as the source, and sends its id", async () => {
    signIn({ role: "editor" });
    const sent = fakeApi(() =>
      proposed({
        fields: [{ field: "law.document_id", from: null, to: lawDocument.id }],
        sourceUrl: null,
        sourceDocumentId: lawDocument.id,
      }),
    );
    const user = renderKano();
    const law = screen.getByRole("combobox", { name: "Law document" });
    await within(law).findByRole("option", { name: /^Kano State Disability Rights Law, 2018/ });
    await user.selectOptions(law, lawDocument.id);
    const source = screen.getByRole("combobox", { name: "Source (uploaded document)" });
    expect(source).toHaveValue("");
    await user.selectOptions(source, lawDocument.id);
    await user.type(screen.getByRole("textbox", { name: "Note" }), "The law as gazetted.");
    await user.click(screen.getByRole("button", { name: "Review the change" }));

    // Titles, not ids, in the review step.
    expect(await screen.findByRole("heading", { name: "Check your change" })).toHaveFocus();
    expect(
      screen.getByText("Law document: (empty) → Kano State Disability Rights Law, 2018"),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Kano State Disability Rights Law, 2018", { selector: "dd" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send for review" }));
    await screen.findByRole("heading", { name: "Change sent for review" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      kind: "state",
      recordId: "20",
      changeKind: "edit",
      fields: { "law.document_id": lawDocument.id },
      sourceUrl: "",
      sourceDocumentId: lawDocument.id,
      note: "The law as gazetted.",
    });
    expect(
      screen.getByText("Law document: (empty) → Kano State Disability Rights Law, 2018"),
    ).toBeInTheDocument();
  });

  it("uploads a document inside the form: it becomes the source, and the change typed meanwhile stays", async () => {
    signIn({ role: "editor" });
    let documents = uploadedDocuments;
    fakeApi(() => ({ status: 500 }), {
      get documents() {
        return documents;
      },
    });
    const xhr = installFakeXhr();
    const user = renderKano();
    await user.selectOptions(screen.getByRole("combobox", { name: "Law status" }), "Pending");
    await user.type(screen.getByRole("textbox", { name: "Note" }), "The gazette of March.");

    await user.click(screen.getByText("Upload a document to cite"));
    const upload = screen.getByRole("group", { name: "Upload a document" });
    await user.type(within(upload).getByRole("textbox", { name: "Title" }), "Kano Gazette, March 2026");
    await user.type(within(upload).getByRole("textbox", { name: "Publisher" }), "Kano State Government");
    await user.type(
      within(upload).getByRole("textbox", { name: "Licence or terms of use" }),
      "Public document",
    );
    await user.upload(
      within(upload).getByLabelText("The PDF file"),
      new File(["%PDF-1.4"], "gazette.pdf", { type: "application/pdf" }),
    );
    // Enter in the upload's inputs uploads; it does not submit the change around it.
    await user.type(
      within(upload).getByRole("textbox", { name: "Where it was found (web address)" }),
      "https://example.org/gazette{Enter}",
    );
    expect(xhr.requests).toHaveLength(1);
    expect(screen.queryByRole("heading", { name: "Check your change" })).toBeNull();
    // Typed while the upload runs.
    await user.type(screen.getByRole("textbox", { name: "Note" }), " Signed.");
    const gazette = documentOf({
      id: "44444444-4444-4444-8444-444444444444",
      title: "Kano Gazette, March 2026",
      publisher: "Kano State Government",
      publishedOn: null,
      fileName: "kano-gazette-march-2026.pdf",
    });
    documents = [gazette, ...uploadedDocuments];
    xhr.latest().respond(201, { success: true, message: "Uploaded.", document: gazette });

    const source = screen.getByRole("combobox", { name: "Source (uploaded document)" });
    await within(source).findByRole("option", { name: "Kano Gazette, March 2026 · Kano State Government" });
    expect(source).toHaveValue(gazette.id);
    expect(await within(upload).findByRole("link", { name: gazette.address })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Law status" })).toHaveValue("Pending");
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue("The gazette of March. Signed.");
  });

  it("asks for a source when neither an address nor a document is given", async () => {
    signIn({ role: "editor" });
    const sent = fakeApi(() => ({ status: 500 }));
    const user = renderKano();
    await user.selectOptions(screen.getByRole("combobox", { name: "Law status" }), "Pending");
    await user.type(screen.getByRole("textbox", { name: "Note" }), "Why.");
    await user.click(screen.getByRole("button", { name: "Review the change" }));
    expect(screen.getByRole("textbox", { name: "Source (web address)" })).toHaveAccessibleDescription(
      expect.stringContaining("or an uploaded document"),
    );
    expect(sent).toHaveLength(0);
  });

  it("shows a change's document source and law document by title in the review queue, the source linked", async () => {
    signIn({ role: "editor" });
    fakeApi(() => ({ status: 500 }));
    const change = changeOf({
      fields: [{ field: "law.document_id", from: null, to: lawDocument.id }],
      sourceUrl: null,
      sourceDocumentId: lawDocument.id,
    });
    const router = createMemoryRouter([
      { path: "/", element: <ChangeCard change={change} onDecided={() => {}} /> },
    ]);
    render(withDataLayer(<RouterProvider router={router} />));
    expect(
      await screen.findByText("Law document: (empty) → Kano State Disability Rights Law, 2018"),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Kano State Disability Rights Law, 2018" })).toHaveAttribute(
      "href",
      lawDocument.address,
    );
  });
});
