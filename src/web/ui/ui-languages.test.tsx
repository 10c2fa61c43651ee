import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLanguage } from "../../test/web/i18n";
import { Dialog } from "./Dialog";
import { ExpandableText } from "./ExpandableText";
import { ExternalLink } from "./ExternalLink";
import { Pager } from "./Pager";
import { SourceList } from "./SourceList";
import { ErrorSummary } from "./form/ErrorSummary";
import { PasswordField } from "./form/PasswordField";
import { SubmitButton } from "./form/SubmitButton";
import { TextField } from "./form/TextField";
import { Toaster } from "./toast/Toaster";
import { toast } from "./toast/toast-store";

// The shared components' own words (labels, buttons, announcements) come from the common catalogue, so a
// page in Hausa or Yoruba says them in its language; no message id ever shows.

afterEach(() => toast.clear());

function expectNoMessageIds() {
  expect(document.body.textContent).not.toMatch(/common\.|errors\./);
  for (const element of document.body.querySelectorAll("[aria-label]")) {
    expect(element.getAttribute("aria-label")).not.toMatch(/common\.|errors\./);
  }
}

describe("the ui components in another language", () => {
  it("pages a list in Hausa: previous, next and the page number", async () => {
    const pager = await inLanguage(
      "ha",
      [],
      <Pager label="Shafukan jerin" page={2} lastPage={5} linkTo={(to) => ({ search: `?page=${to}` })} />,
    );
    const router = createMemoryRouter([{ path: "/ha/list", element: pager }], {
      initialEntries: ["/ha/list?page=2"],
    });
    render(<RouterProvider router={router} />);

    expect(screen.getByText("Shafi na 2 cikin 5")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Na baya (shafi)" })).toHaveAttribute("href", "/ha/list?page=1");
    expect(screen.getByRole("link", { name: "Na gaba (shafi)" })).toHaveAttribute("href", "/ha/list?page=3");
    expectNoMessageIds();
  });

  it("names a dialog's Close button, a new tab and the sources in Yoruba", async () => {
    render(
      await inLanguage(
        "yo",
        [],
        <Dialog open onClose={() => {}} title="Àkójọ">
          <ExternalLink href="https://example.org">Example</ExternalLink>
          <SourceList sources={[]} />
          <ExpandableText text={"a".repeat(400)} />
        </Dialog>,
      ),
    );

    expect(screen.getByRole("button", { name: /^Pa á dé/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /ó ń ṣí ní táàbù tuntun/ })).toBeInTheDocument();
    expect(screen.getByText("Kò sí")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ka Síwájú Sí i" })).toBeInTheDocument();
    expectNoMessageIds();
  });

  it("says a form's problems, the password toggle and the submit button in Hausa", async () => {
    render(
      await inLanguage(
        "ha",
        [],
        <form>
          <ErrorSummary problem={{ fields: [{ fieldId: "email", message: "Rubuta imel" }] }} />
          <TextField id="email" label="Imel" value="" onChange={() => {}} error="Rubuta imel" />
          <PasswordField
            id="password"
            label="Kalmar sirri"
            value=""
            onChange={() => {}}
            autoComplete="current-password"
          />
          <SubmitButton loading={false} />
          <SubmitButton loading />
        </form>,
      ),
    );

    expect(screen.getByRole("heading", { name: "Akwai matsala" })).toBeInTheDocument();
    expect(screen.getByText("Kuskure:")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Nuna kalmar sirri" })).toHaveTextContent("Nuna");
    expect(screen.getByRole("button", { name: "aika" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ana aikawa...." })).toBeInTheDocument();
    expectNoMessageIds();
  });

  it("announces a toast in Yoruba, its kind first, and names its region and Dismiss button", async () => {
    render(await inLanguage("yo", [], <Toaster />));
    act(() => {
      toast.error("Ìdánwò");
    });

    expect(screen.getByRole("region", { name: "Àwọn ìfitónilétí" })).toBeInTheDocument();
    expect(screen.getByText("Àṣìṣe:")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pa ìfitónilétí rẹ́" })).toBeInTheDocument();
    expectNoMessageIds();
  });
});
