import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { correctionMessages } from "../../../domain/corrections/correction-rules";
import "../../../test/web/contract";
import { inLanguage } from "../../../test/web/i18n";
import { TranslationFeedbackPage } from "./TranslationFeedbackPage";

// The form behind the draft notice: it fills in the page and language the visitor came from, checks what
// it can before sending, keeps everything typed when the server refuses, and says when it was sent.

function answer(status: number, body: object) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderPage(entry: string) {
  const router = createMemoryRouter([{ path: "*", element: <TranslationFeedbackPage /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
  return userEvent.setup({ delay: null });
}

const sentBody = (fetch: ReturnType<typeof vi.fn>) => {
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe("/api/v1/corrections");
  return JSON.parse(String(init.body)) as unknown;
};

afterEach(() => vi.unstubAllGlobals());

describe("TranslationFeedbackPage", () => {
  it("fills in the page and its language from ?page=, sends the mistake and thanks with a way back", async () => {
    const fetch = vi.fn(async () => answer(201, { success: true, message: correctionMessages.sent }));
    vi.stubGlobal("fetch", fetch);
    const user = renderPage(`/translation-feedback?page=${encodeURIComponent("/yo/states/25")}`);
    expect(
      screen.getByRole("heading", { level: 1, name: "Tell us about a translation mistake" }),
    ).toBeVisible();
    expect(screen.getByLabelText("Page with the mistake")).toHaveValue("/yo/states/25");
    expect(screen.getByLabelText("Language of the translation")).toHaveValue("yo");
    expect(screen.getByRole("option", { name: "Yorùbá" })).toHaveAttribute("lang", "yo");
    expect(screen.queryByRole("option", { name: "English" })).toBeNull();

    await user.type(
      screen.getByLabelText("What is wrong, and what should it say?"),
      "“Ìpínlẹ̀” is spelt without its tone marks in the heading.",
    );
    await user.type(screen.getByLabelText(/Your e-mail/), "ade@example.org");
    await user.click(screen.getByRole("button", { name: "Send" }));

    const thanks = await screen.findByRole("heading", { level: 1, name: "Thank you" });
    expect(thanks).toHaveFocus();
    expect(screen.getByText(correctionMessages.sent)).toBeVisible();
    expect(screen.getByRole("link", { name: "Back to the page" })).toHaveAttribute("href", "/yo/states/25");
    expect(sentBody(fetch)).toEqual({
      subject: "translation",
      language: "yo",
      page: "/yo/states/25",
      whatIsWrong: "“Ìpínlẹ̀” is spelt without its tone marks in the heading.",
      email: "ade@example.org",
      pageLanguage: "en",
    });

    await user.click(screen.getByRole("button", { name: "Tell us about another mistake" }));
    expect(
      screen.getByRole("heading", { level: 1, name: "Tell us about a translation mistake" }),
    ).toHaveFocus();
    expect(screen.getByLabelText("What is wrong, and what should it say?")).toHaveValue("");
    expect(screen.getByLabelText("Language of the translation")).toHaveValue("yo");
  });

  it("keeps the page as sent, not as it came, for another mistake", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(201, { success: true, message: correctionMessages.sent })),
    );
    const user = renderPage(`/translation-feedback?page=${encodeURIComponent("/ha/about")}`);
    const pageField = screen.getByLabelText("Page with the mistake");
    await user.clear(pageField);
    await user.type(pageField, "/ha/states/25");
    await user.type(
      screen.getByLabelText("What is wrong, and what should it say?"),
      "The heading leaves out the state's name.",
    );
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("link", { name: "Back to the page" })).toHaveAttribute(
      "href",
      "/ha/states/25",
    );

    await user.click(screen.getByRole("button", { name: "Tell us about another mistake" }));
    expect(screen.getByLabelText("Page with the mistake")).toHaveValue("/ha/states/25");
    expect(screen.getByLabelText("Language of the translation")).toHaveValue("ha");
  });

  it("lists every problem in the error summary, marks each field and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const user = renderPage("/translation-feedback");
    await user.type(screen.getByLabelText("What is wrong, and what should it say?"), "bad");
    await user.type(screen.getByLabelText(/Your e-mail/), "not-an-address");
    await user.click(screen.getByRole("button", { name: "Send" }));

    const summary = screen.getByRole("alert");
    expect(summary).toHaveFocus();
    for (const message of [
      correctionMessages.badLanguage,
      correctionMessages.pageMissing,
      correctionMessages.textMissing,
      correctionMessages.badEmail,
    ]) {
      expect(summary).toHaveTextContent(message);
    }
    expect(screen.getByLabelText("Language of the translation")).toHaveAccessibleDescription(
      `Error: ${correctionMessages.badLanguage}`,
    );
    expect(screen.getByLabelText("Page with the mistake")).toHaveAttribute("aria-invalid", "true");
    await user.click(screen.getByRole("link", { name: correctionMessages.pageMissing }));
    expect(screen.getByLabelText("Page with the mistake")).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal beside its field and keeps everything typed", async () => {
    const fetch = vi.fn(async () =>
      answer(400, {
        success: false,
        message: correctionMessages.pageMissing,
        code: "VALIDATION_FAILED",
        field: "page",
      }),
    );
    vi.stubGlobal("fetch", fetch);
    const user = renderPage(`/translation-feedback?page=${encodeURIComponent("/ha")}`);
    const text = "The Hausa home page heading has a spelling mistake.";
    await user.type(screen.getByLabelText("What is wrong, and what should it say?"), text);
    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(correctionMessages.pageMissing);
    expect(screen.getByLabelText("Page with the mistake")).toHaveAccessibleDescription(
      expect.stringContaining(correctionMessages.pageMissing),
    );
    expect(screen.getByLabelText("What is wrong, and what should it say?")).toHaveValue(text);
    expect(screen.getByLabelText("Page with the mistake")).toHaveValue("/ha");
  });

  it("says so when the message could not be sent at all, keeping what was typed", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const user = renderPage(`/translation-feedback?page=${encodeURIComponent("/ig/about")}`);
    await user.type(
      screen.getByLabelText("What is wrong, and what should it say?"),
      "A word is in Hausa here.",
    );
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toBeVisible();
    expect(screen.getByLabelText("What is wrong, and what should it say?")).toHaveValue(
      "A word is in Hausa here.",
    );
    expect(screen.queryByRole("heading", { name: "Thank you" })).toBeNull();
  });

  it("asks in Hausa on a Hausa page, and suggests Hausa when no page was given", async () => {
    const router = createMemoryRouter([{ path: "*", element: <TranslationFeedbackPage /> }], {
      initialEntries: ["/ha/translation-feedback"],
    });
    const { container } = render(await inLanguage("ha", ["corrections"], <RouterProvider router={router} />));
    expect(screen.getByRole("heading", { level: 1, name: "Ku sanar da mu kuskuren fassara" })).toBeVisible();
    expect(screen.getByLabelText("Harshen fassarar")).toHaveValue("ha");
    expect(container.textContent).not.toMatch(/\b(corrections|common)\.[a-zA-Z]/);
  });
});
