import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { documentOf, fakeApi, uploadedDocuments } from "../../../test/web/datadesk";
import { withDataLayer } from "../../../test/web/data-layer";
import { installFakeXhr } from "../../../test/web/fake-xhr";
import { inLanguage } from "../../../test/web/i18n";
import { signIn } from "../../../test/web/reports";
import { DocumentsPage } from "./DocumentsPage";

// The documents page: the list, and the upload form against a hand-driven XMLHttpRequest (progress,
// the server's refusals beside their fields, values kept, the confirmation with the public address).

const notPdf =
  '"law.pdf" is not a PDF. Only PDF documents can be uploaded, and the type is read from the file itself: a web page or a Word file renamed to .pdf is not one. Save or print it as PDF and upload that.';

function renderPage(ui = <DocumentsPage />) {
  const router = createMemoryRouter([{ path: "/dashboard/data/documents", element: ui }], {
    initialEntries: ["/dashboard/data/documents"],
  });
  render(withDataLayer(<RouterProvider router={router} />));
  return userEvent.setup({ delay: null });
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole("textbox", { name: "Title" }), "Kano State Disability Rights Law, 2018");
  await user.type(screen.getByRole("textbox", { name: "Publisher" }), "Kano State House of Assembly");
  await user.type(screen.getByLabelText("Date of the document (optional)"), "2018-05-12");
  await user.type(screen.getByRole("textbox", { name: "Licence or terms of use" }), "Public document");
  await user.type(
    screen.getByRole("textbox", { name: "Where it was found (web address)" }),
    "https://example.org/kano-law",
  );
  await user.upload(
    screen.getByLabelText("The PDF file"),
    new File(["%PDF-1.4 a law"], "law.pdf", { type: "application/pdf" }),
  );
}

afterEach(() => window.localStorage.clear());

describe("DocumentsPage", () => {
  it("lists the uploaded documents with publisher, date, size and a link to the public address", async () => {
    signIn({ role: "editor" });
    fakeApi(() => ({ status: 500 }));
    renderPage();
    const list = await screen.findByRole("list");
    const law = within(list).getByRole("link", { name: "Kano State Disability Rights Law, 2018" });
    expect(law).toHaveAttribute("href", uploadedDocuments[0]!.address);
    expect(law.closest("li")).toHaveTextContent("Kano State House of Assembly · 2018-05-12 · PDF, 1.2 MB");
    expect(
      within(list).getByRole("link", { name: "National Policy on Inclusive Education" }).closest("li"),
    ).toHaveTextContent("Federal Ministry of Education · no date · PDF, 830 KB");
    expect(screen.getByText("2 documents.")).toBeInTheDocument();
  });

  it("is not offered to a user who is not an editor", () => {
    signIn({ role: "user" });
    fakeApi(() => ({ status: 500 }));
    renderPage();
    expect(screen.getByText(/The data desk is for editors and admins/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Upload the document" })).toBeNull();
  });

  it("asks for the details and the file before sending anything", async () => {
    signIn({ role: "editor" });
    fakeApi(() => ({ status: 500 }));
    const xhr = installFakeXhr();
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Upload the document" }));
    expect(screen.getByRole("alert")).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveAccessibleDescription(
      expect.stringContaining("Give the document's title"),
    );
    expect(screen.getByLabelText("The PDF file")).toHaveAccessibleDescription(
      expect.stringContaining("Choose the PDF to upload."),
    );
    expect(screen.getByLabelText("The PDF file")).toHaveAttribute("aria-invalid", "true");
    expect(xhr.requests).toHaveLength(0);
  });

  it("shows the progress, a 415 beside the file with every value kept, then the uploaded document's address", async () => {
    signIn({ role: "editor" });
    let documents = uploadedDocuments;
    fakeApi(() => ({ status: 500 }), {
      get documents() {
        return documents;
      },
    });
    const xhr = installFakeXhr();
    const user = renderPage();
    await fillDetails(user);
    await user.click(screen.getByRole("button", { name: "Upload the document" }));

    const request = xhr.latest();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/v1/datadesk/documents");
    // The details first, then the file: the server checks them before the bytes arrive.
    expect(request.fields()).toEqual([
      ["title", "Kano State Disability Rights Law, 2018"],
      ["publisher", "Kano State House of Assembly"],
      ["date", "2018-05-12"],
      ["licence", "Public document"],
      ["sourceUrl", "https://example.org/kano-law"],
      ["file", "file:law.pdf"],
    ]);
    request.progress(600, 1000);
    expect(await screen.findByRole("progressbar", { name: "Uploading the document…" })).toHaveAttribute(
      "value",
      "60",
    );
    expect(screen.getByText("Uploading the document: 50% sent.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload the document" })).toBeDisabled();

    request.respond(415, {
      success: false,
      message: notPdf,
      code: "UNSUPPORTED_MEDIA_TYPE",
      field: "file",
    });
    const file = screen.getByLabelText("The PDF file");
    await screen.findByRole("alert");
    expect(file).toHaveAccessibleDescription(expect.stringContaining(notPdf));
    expect(screen.queryByRole("progressbar")).toBeNull();
    // Nothing typed is lost: the details and the chosen file stay.
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue(
      "Kano State Disability Rights Law, 2018",
    );
    expect(screen.getByRole("textbox", { name: "Where it was found (web address)" })).toHaveValue(
      "https://example.org/kano-law",
    );
    expect((file as HTMLInputElement).files?.[0]?.name).toBe("law.pdf");

    // Sent again (a real PDF this time, say), it is uploaded: the address is given and the list refreshed.
    await user.click(screen.getByRole("button", { name: "Upload the document" }));
    const uploaded = documentOf({
      id: "33333333-3333-4333-8333-333333333333",
      title: "Kano State Disability Rights Law, 2018 (gazette)",
    });
    documents = [uploaded, ...uploadedDocuments];
    xhr.latest().respond(201, {
      success: true,
      message: "The document is uploaded, without its author details. Its address is ready to link.",
      document: uploaded,
    });
    const status = await screen.findByText(/is uploaded, without its author details/);
    expect(within(status).getByRole("link")).toHaveAttribute("href", uploaded.address);
    expect(status.closest("[role=status]")).not.toBeNull();
    expect(
      await screen.findByRole("link", { name: "Kano State Disability Rights Law, 2018 (gazette)" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("");
  });

  it("says the server's refusals in the page's language, each beside its field", async () => {
    signIn({ role: "editor" });
    fakeApi(() => ({ status: 500 }));
    const xhr = installFakeXhr();
    const router = createMemoryRouter(
      [{ path: "/ha/dashboard/data/documents", element: <DocumentsPage /> }],
      { initialEntries: ["/ha/dashboard/data/documents"] },
    );
    render(await inLanguage("ha", ["datadesk", "errors"], withDataLayer(<RouterProvider router={router} />)));
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole("textbox", { name: "Suna" }), "Doka");
    await user.type(screen.getByRole("textbox", { name: "Mai wallafa" }), "Majalisa");
    await user.type(screen.getByRole("textbox", { name: "Lasisi ko sharuɗɗan amfani" }), "Jama'a");
    await user.type(
      screen.getByRole("textbox", { name: "Inda aka same ta (adireshin yanar gizo)" }),
      "https://example.org/doka",
    );
    await user.upload(
      screen.getByLabelText("Fayil ɗin PDF"),
      new File(["x"], "doka.pdf", { type: "application/pdf" }),
    );
    const upload = screen.getByRole("button", { name: "Ɗora takardar" });

    await user.click(upload);
    xhr.latest().respond(413, {
      success: false,
      message: "This document is larger than 25 MB, the most that can be uploaded.",
      code: "TOO_LARGE",
    });
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.getByLabelText("Fayil ɗin PDF")).toHaveAccessibleDescription(
      expect.stringContaining("Wannan takardar ta fi MB 25 girma"),
    );

    await user.click(upload);
    xhr.latest().respond(400, {
      success: false,
      message: "Give the document's date as YYYY-MM-DD.",
      code: "VALIDATION_FAILED",
      field: "date",
    });
    await screen.findByRole("alert");
    expect(screen.getByLabelText("Kwanan watan takardar (na zaɓi)")).toHaveAccessibleDescription(
      expect.stringContaining("Ka ba da kwanan watan takardar"),
    );

    await user.click(upload);
    xhr.latest().failNetwork();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Duk abin da ka rubuta da fayil ɗin da ka zaɓa suna nan",
    );
    expect(screen.getByRole("textbox", { name: "Suna" })).toHaveValue("Doka");
  });
});
