import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { EditableKind } from "../../../domain/datadesk/fields";
import { changeOf, fakeApi, kano, recordFieldsOf } from "../../../test/web/datadesk";
import { withDataLayer } from "../../../test/web/data-layer";
import { signIn } from "../../../test/web/reports";
import type { DataChange } from "./datadesk-api";
import { RecordForm } from "./RecordForm";

const school = {
  id: 1,
  state: "Abia",
  name: "Abia School for the Blind, Umuahia",
  type: ["special"],
  location: "Umuahia",
  local_government: "Umuahia North",
  disability_groups: ["visual"],
  boarding: "boarding",
  ownership: "public",
  phone: "",
  email: "",
  website: "",
  desc: "State school for blind and low-vision learners.",
  sources: ["https://example.org/abia-school"],
};

const estimate = { key: "ndhs-2018", persons: 2500000, share_percent: 1.2, year: 2018 };

function renderForm(
  kind: EditableKind,
  document: unknown,
  recordId: string | null = "20",
  proposedChanges: DataChange[] = [],
) {
  const fields = recordFieldsOf(kind, document);
  const router = createMemoryRouter([
    {
      path: "/",
      element: <RecordForm kind={kind} recordId={recordId} fields={fields} proposed={proposedChanges} />,
    },
  ]);
  render(withDataLayer(<RouterProvider router={router} />));
  return userEvent.setup({ delay: null });
}

const proposed = (fields: Parameters<typeof changeOf>[0] = {}) => ({
  status: 201,
  body: {
    success: true,
    message: "Your change was sent for review.",
    change: changeOf({ mine: true, ...fields }),
  },
});

/** Changes Kano's law status and year, gives a source and a note, and asks for the review step. */
async function changeKano(user: ReturnType<typeof userEvent.setup>, year = "2019") {
  await user.selectOptions(screen.getByRole("combobox", { name: "Law status" }), "Pending");
  const yearInput = screen.getByRole("textbox", { name: "Year passed" });
  await user.clear(yearInput);
  await user.type(yearInput, year);
  await user.type(
    screen.getByRole("textbox", { name: "Source (web address)" }),
    "https://example.org/gazette",
  );
  await user.type(screen.getByRole("textbox", { name: "Note" }), "The gazette of March.");
  await user.click(screen.getByRole("button", { name: "Review the change" }));
}

afterEach(() => window.localStorage.clear());

describe("RecordForm", () => {
  it("renders every type of field with its label and the record's value", async () => {
    signIn({ role: "editor" });
    fakeApi(() => ({ status: 500 }));
    renderForm("state", kano);
    // choice, text, year, document, rank, number, long text, the five key findings, phones, e-mail, url, urls
    expect(screen.getByRole("combobox", { name: "Law status" })).toHaveValue("Passed");
    expect(
      screen.getByRole("option", { name: "Passed, awaiting the Governor's assent" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Law title" })).toHaveValue(kano.law.name);
    expect(screen.getByRole("textbox", { name: "Year passed" })).toHaveValue("2018");
    expect(screen.getByRole("combobox", { name: "Law document" })).toHaveValue("");
    expect(screen.getByRole("textbox", { name: "SDIR rank" })).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByRole("textbox", { name: "Inclusion score (SDIR)" })).toHaveAttribute(
      "inputmode",
      "decimal",
    );
    expect(screen.getByRole("textbox", { name: "Overview" }).tagName).toBe("TEXTAREA");
    const findings = screen.getByRole("group", { name: "Key findings" });
    expect(within(findings).getAllByRole("textbox")).toHaveLength(5);
    expect(within(findings).getByRole("textbox", { name: "Key findings 4" })).toHaveValue(
      kano.key_findings[3],
    );
    const phones = screen.getByRole("group", { name: "Phone numbers" });
    expect(within(phones).getByRole("textbox", { name: "Phone numbers 1" })).toHaveAttribute("type", "tel");
    expect(within(phones).getByRole("button", { name: "Add to Phone numbers" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveAttribute("type", "email");
    expect(screen.getByRole("textbox", { name: "Agency website" })).toHaveAttribute("type", "url");
    const sources = screen.getByRole("group", { name: "Sources" });
    expect(within(sources).getAllByRole("textbox")).toHaveLength(kano.sources.length);
    // Translations of the texts readers read, one group per language.
    expect(screen.getByText("Translations into Hausa", { selector: "summary" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Overview (Yoruba)" })).toHaveValue("");
    // Every change needs a source and a note.
    expect(screen.getByRole("group", { name: "Source and note" })).toBeInTheDocument();
  });

  it("renders a school's state, its LGAs (the chosen state's only), checkboxes, coordinates and phone", async () => {
    signIn({ role: "editor" });
    fakeApi(() => ({ status: 500 }));
    const user = renderForm("school", school);
    const state = screen.getByRole("combobox", { name: "State" });
    // The LGA registry is imported when the form opens.
    expect(await within(state).findByRole("option", { name: "Lagos" })).toBeInTheDocument();
    expect(state).toHaveValue("Abia");
    const lga = screen.getByRole("combobox", { name: "Local government area" });
    expect(within(lga).getByRole("option", { name: "Umuahia North" })).toBeInTheDocument();
    expect(within(lga).queryByRole("option", { name: "Ikeja" })).toBeNull();
    await user.selectOptions(state, "Lagos");
    expect(within(lga).getByRole("option", { name: "Ikeja" })).toBeInTheDocument();
    const types = screen.getByRole("group", { name: "Types of school" });
    expect(within(types).getByRole("checkbox", { name: "Special" })).toBeChecked();
    expect(within(types).getByRole("checkbox", { name: "Primary" })).not.toBeChecked();
    expect(screen.getByRole("group", { name: "Learners served" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Day or boarding" })).toHaveValue("boarding");
    expect(screen.getByRole("textbox", { name: "Latitude" })).toHaveAttribute("inputmode", "decimal");
    expect(screen.getByRole("textbox", { name: "Longitude" })).toHaveValue("");
    expect(screen.getByRole("textbox", { name: "Phone" })).toHaveAttribute("type", "tel");
  });

  it("renders an estimate's whole number", () => {
    signIn({ role: "editor" });
    fakeApi(() => ({ status: 500 }));
    renderForm("estimate", estimate, "ndhs-2018");
    expect(screen.getByRole("textbox", { name: "Figure (number of persons)" })).toHaveValue("2500000");
  });

  it("shows each changed field as old → new before sending, keeps it all on Back, and sends only the changes", async () => {
    signIn({ role: "editor" });
    const sent = fakeApi(() =>
      proposed({
        fields: [
          { field: "status", from: "Passed", to: "Pending" },
          { field: "law.year", from: 2018, to: 2019 },
        ],
      }),
    );
    const user = renderForm("state", kano);
    await changeKano(user);

    const review = screen.getByRole("heading", { name: "Check your change" });
    expect(review).toHaveFocus();
    expect(screen.getByText("Law status: Passed → Pending")).toBeInTheDocument();
    expect(screen.getByText("Year passed: 2018 → 2019")).toBeInTheDocument();
    expect(screen.getByText("https://example.org/gazette")).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Back to the form" }));
    expect(screen.getByRole("combobox", { name: "Law status" })).toHaveValue("Pending");
    expect(screen.getByRole("textbox", { name: "Year passed" })).toHaveValue("2019");
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue("The gazette of March.");

    await user.click(screen.getByRole("button", { name: "Review the change" }));
    await user.click(screen.getByRole("button", { name: "Send for review" }));
    expect(await screen.findByRole("heading", { name: "Change sent for review" })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Your change was sent for review. Another editor or an admin will publish it or say why not.",
    );
    expect(sent).toEqual([
      {
        method: "POST",
        path: "/api/v1/datadesk/changes",
        search: "",
        body: {
          kind: "state",
          recordId: "20",
          changeKind: "edit",
          fields: { status: "Pending", "law.year": 2019 },
          sourceUrl: "https://example.org/gazette",
          note: "The gazette of March.",
        },
      },
    ]);
  });

  it("translates beside the English: a language's group shows each English text by its box, marks a waiting translation Draft, and sends the translation", async () => {
    signIn({ role: "editor" });
    const sent = fakeApi(() =>
      proposed({ fields: [{ field: "translations.ha.desc", from: null, to: "Jihar Kano." }] }),
    );
    const waiting = changeOf({
      fields: [{ field: "translations.yo.desc", from: null, to: "Ìpínlẹ̀ Kano." }],
    });
    const user = renderForm("state", kano, "20", [waiting]);

    const hausa = screen.getByText("Translations into Hausa", { selector: "summary" });
    await user.click(hausa);
    const group = screen.getByRole("group", { name: "Translations into Hausa" });
    const overview = within(group).getByRole("textbox", { name: "Overview (Hausa)" });
    // The English overview beside the box, marked English (a screen reader reads it in English).
    const english = within(group).getByText(kano.desc);
    expect(english).toHaveAttribute("lang", "en");
    expect(english.closest("div")?.parentElement).toBe(overview.parentElement);
    // Each key finding's English beside its own box.
    const findings = within(group).getByRole("group", { name: "Key findings (Hausa)" });
    expect(within(findings).getByText(kano.key_findings[2]!)).toHaveAttribute("lang", "en");
    expect(within(findings).getAllByRole("textbox")).toHaveLength(5);

    // Yoruba's overview waits for review: a draft, said in the summary and by the field.
    const yoruba = screen.getByText("Translations into Yoruba", { selector: "summary" });
    expect(yoruba).toHaveTextContent("Draft");
    expect(hausa).not.toHaveTextContent("Draft");
    expect(
      screen.getByText(/Overview \(Yoruba\): A translation of this text waits for review/),
    ).toBeInTheDocument();

    await user.type(overview, "Jihar Kano.");
    await user.type(screen.getByRole("textbox", { name: "Source (web address)" }), "https://example.org/k");
    await user.type(screen.getByRole("textbox", { name: "Note" }), "Hausa overview.");
    await user.click(screen.getByRole("button", { name: "Review the change" }));
    expect(screen.getByText("Overview (Hausa): (empty) → Jihar Kano.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send for review" }));
    await screen.findByRole("heading", { name: "Change sent for review" });
    expect(sent[0]?.body).toMatchObject({ fields: { "translations.ha.desc": "Jihar Kano." } });
  });

  it("shows the server's problems beside each field and in a summary that takes focus, with what was typed kept", async () => {
    signIn({ role: "editor" });
    fakeApi(() => ({
      status: 400,
      body: {
        success: false,
        code: "VALIDATION_FAILED",
        message: "(the server's sentence, in the editor's language)",
        problem: { key: "datadesk.message.problems", params: { max: 0 } },
        // The page words each problem from its key and the values the server sent, in its own language.
        problems: [
          {
            field: "fields.law.year",
            key: "year",
            params: { min: 1960, thisYear: 2026, max: 0, state: "", rank: "" },
            message: "(the server's sentence)",
          },
          { field: "note", key: "noteTooLong", params: { max: 2000 }, message: "(the server's sentence)" },
        ],
      },
    }));
    const user = renderForm("state", kano);
    await changeKano(user, "1900");
    await user.click(screen.getByRole("button", { name: "Send for review" }));

    const summary = await screen.findByRole("alert");
    await waitFor(() => expect(summary).toHaveFocus());
    const yearLink = within(summary).getByRole("link", {
      name: "Please enter a year from 1960 to 2026, or leave it empty.",
    });
    within(summary).getByRole("link", { name: "Please keep the note to 2000 characters." });

    const year = screen.getByRole("textbox", { name: "Year passed" });
    expect(year).toHaveValue("1900");
    expect(year).toHaveAttribute("aria-invalid", "true");
    expect(year).toHaveAccessibleDescription(/Please enter a year from 1960 to 2026/);
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveAccessibleDescription(
      /Please keep the note to 2000 characters/,
    );
    expect(screen.getByRole("combobox", { name: "Law status" })).toHaveValue("Pending");

    await user.click(yearLink);
    expect(year).toHaveFocus();
  });

  it("asks for a source and a note, and for a change, before anything is sent", async () => {
    signIn({ role: "editor" });
    const sent = fakeApi(() => ({ status: 500 }));
    const user = renderForm("state", kano);
    await user.click(screen.getByRole("button", { name: "Review the change" }));
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("Nothing is changed yet");
    within(summary).getByRole("link", { name: /Please give a source/ });
    within(summary).getByRole("link", { name: "Please say in a note what you changed and why." });
    expect(screen.getByRole("textbox", { name: "Source (web address)" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(sent).toHaveLength(0);
  });

  it("says a year typed in words is no number before anything is sent, the words kept", async () => {
    signIn({ role: "editor" });
    const sent = fakeApi(() => ({ status: 500 }));
    const user = renderForm("state", kano);
    await changeKano(user, "two thousand");
    const summary = screen.getByRole("alert");
    const link = within(summary).getByRole("link", {
      name: "Please enter a number in the allowed range, or leave it empty.",
    });
    const year = screen.getByRole("textbox", { name: "Year passed" });
    expect(year).toHaveValue("two thousand");
    expect(year).toHaveAttribute("aria-invalid", "true");
    await user.click(link);
    expect(year).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it("sends the address's title, publisher and day read, and puts the server's problem with one beside its input", async () => {
    signIn({ role: "editor" });
    const sent = fakeApi(() => ({
      status: 400,
      body: {
        success: false,
        code: "VALIDATION_FAILED",
        message: "(the server's sentence)",
        problem: { key: "datadesk.message.problems", params: { max: 0 } },
        problems: [
          {
            field: "sourceRead",
            key: "sourceReadFuture",
            params: { max: 0 },
            message: "(the server's sentence)",
          },
        ],
      },
    }));
    const user = renderForm("state", kano);
    // Pasted, as a title is copied from the page read (typing each letter re-renders the whole form).
    // None is the editor's own: the browser offers nothing saved about them (their organisation).
    for (const name of ["Title of the source", "Publisher of the source", "Day you read it"]) {
      expect(screen.getByRole("textbox", { name })).toHaveAttribute("autocomplete", "off");
    }
    const give = async (name: string, text: string) => {
      await user.click(screen.getByRole("textbox", { name }));
      await user.paste(text);
    };
    await give("Title of the source", "Votes and proceedings");
    await give("Publisher of the source", "Kano House of Assembly");
    await give("Day you read it", "2099-01-01");
    await changeKano(user);
    // The review step shows the words readers will see for the source, before anything is sent.
    expect(
      screen.getByText(
        "Votes and proceedings (Kano House of Assembly), https://example.org/gazette Read 2099-01-01.",
        { selector: "dd" },
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send for review" }));
    expect(sent[0]?.body).toMatchObject({
      sourceUrl: "https://example.org/gazette",
      sourceTitle: "Votes and proceedings",
      sourcePublisher: "Kano House of Assembly",
      sourceRead: "2099-01-01",
    });

    const summary = await screen.findByRole("alert");
    await waitFor(() => expect(summary).toHaveFocus());
    const link = within(summary).getByRole("link", {
      name: "The day you read the source cannot be later than today.",
    });
    const read = screen.getByRole("textbox", { name: "Day you read it" });
    expect(read).toHaveValue("2099-01-01");
    expect(read).toHaveAttribute("aria-invalid", "true");
    expect(read).toHaveAccessibleDescription(/cannot be later than today/);
    expect(screen.getByRole("textbox", { name: "Title of the source" })).toHaveValue("Votes and proceedings");
    await user.click(link);
    expect(read).toHaveFocus();
  });

  it("loses nothing when the request gets no answer: Try again sends the same change", async () => {
    signIn({ role: "editor" });
    let online = false;
    const sent = fakeApi(() => (online ? proposed() : "offline"));
    const user = renderForm("state", kano);
    await changeKano(user);
    await user.click(screen.getByRole("button", { name: "Send for review" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your change was not sent: there is no connection, or the server did not answer. Nothing you typed is lost.",
    );
    expect(screen.getByText("Law status: Passed → Pending")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back to the form" }));
    expect(screen.getByRole("textbox", { name: "Year passed" })).toHaveValue("2019");
    expect(screen.getByRole("textbox", { name: "Source (web address)" })).toHaveValue(
      "https://example.org/gazette",
    );
    await user.click(screen.getByRole("button", { name: "Review the change" }));
    await user.click(screen.getByRole("button", { name: "Send for review" }));
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();

    online = true;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Change sent for review" })).toBeInTheDocument();
    expect(sent).toHaveLength(3);
    expect(sent[2]?.body).toEqual(sent[0]?.body);
  });

  it("adds a school: every field given is sent, with no record id", async () => {
    signIn({ role: "editor" });
    const sent = fakeApi(() => proposed({ changeKind: "add", recordId: null, kind: "school" }));
    const user = renderForm("school", {}, null);
    expect(screen.getByRole("heading", { name: "The new school" })).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Kano School for the Deaf");
    await waitFor(() => expect(screen.getByRole("option", { name: "Kano" })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "Kano");
    await user.click(
      within(screen.getByRole("group", { name: "Learners served" })).getByRole("checkbox", {
        name: "Hearing",
      }),
    );
    await user.type(
      screen.getByRole("textbox", { name: "Source (web address)" }),
      "https://example.org/kano",
    );
    await user.type(screen.getByRole("textbox", { name: "Note" }), "A new school.");
    await user.click(screen.getByRole("button", { name: "Review the change" }));
    expect(screen.getByText("Name: (empty) → Kano School for the Deaf")).toBeInTheDocument();
    expect(screen.getByText("Learners served: (empty) → Hearing")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send for review" }));
    await screen.findByRole("heading", { name: "Change sent for review" });
    expect(sent[0]?.body).toEqual({
      kind: "school",
      recordId: null,
      changeKind: "add",
      fields: { name: "Kano School for the Deaf", state: "Kano", disability_groups: ["hearing"] },
      sourceUrl: "https://example.org/kano",
      note: "A new school.",
    });
  });
});
