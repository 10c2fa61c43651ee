import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { correctionMessages } from "../../../domain/corrections/correction-rules";
import "../../../test/web/contract";
import { CorrectionForm } from "./CorrectionForm";

function renderForm() {
  const user = userEvent.setup({ delay: null });
  render(<CorrectionForm subject="state" subjectId={25} subjectName="Lagos" />);
  return user;
}

function answer(status: number, body: object) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = "";
});

describe("CorrectionForm", () => {
  it("opens with its text focused when a link to its anchor is followed ('add a phone number')", async () => {
    render(
      <CorrectionForm subject="school" subjectId={6} subjectName="Pacelli" anchor="suggest-correction" />,
    );
    const toggle = screen.getByRole("button", { name: "Suggest a correction" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    window.location.hash = "#suggest-correction";
    await waitFor(() => expect(screen.getByLabelText("What is wrong?")).toHaveFocus());
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle.closest("section")).toHaveAttribute("id", "suggest-correction");
  });

  it("opens from 'Suggest a correction' and sends what is wrong, the source and the e-mail", async () => {
    const fetch = vi.fn(async () => answer(201, { success: true, message: correctionMessages.sent }));
    vi.stubGlobal("fetch", fetch);
    const user = renderForm();
    const toggle = screen.getByRole("button", { name: "Suggest a correction" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");

    await user.type(screen.getByLabelText("What is wrong?"), "The law was passed in 2011, not 2012.");
    await user.type(screen.getByLabelText("Source link (optional)"), "https://example.org/lagos-law");
    await user.click(screen.getByRole("button", { name: "Send correction" }));

    expect(await screen.findByRole("status")).toHaveTextContent(correctionMessages.sent);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/corrections");
    expect(JSON.parse(String(init.body))).toEqual({
      subject: "state",
      subjectId: 25,
      whatIsWrong: "The law was passed in 2011, not 2012.",
      sourceUrl: "https://example.org/lagos-law",
      email: "",
      // The page's language: the sender hears back in it when a change comes from the correction.
      pageLanguage: "en",
    });
  });

  it("says what to fix beside the field, focuses it and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const user = renderForm();
    await user.click(screen.getByRole("button", { name: "Suggest a correction" }));
    await user.type(screen.getByLabelText("What is wrong?"), "Wrong year for the law here.");
    await user.type(screen.getByLabelText("Source link (optional)"), "not a link");
    await user.click(screen.getByRole("button", { name: "Send correction" }));

    const source = screen.getByLabelText("Source link (optional)");
    expect(source).toHaveFocus();
    expect(source).toHaveAccessibleDescription(`Error: ${correctionMessages.badUrl}`);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("keeps what was typed and shows the server's sentence when sending fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(429, { success: false, message: correctionMessages.tooMany(12) })),
    );
    const user = renderForm();
    await user.click(screen.getByRole("button", { name: "Suggest a correction" }));
    await user.type(screen.getByLabelText("What is wrong?"), "The agency's name has changed.");
    await user.click(screen.getByRole("button", { name: "Send correction" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(correctionMessages.tooMany(12));
    expect(screen.getByLabelText("What is wrong?")).toHaveValue("The agency's name has changed.");
  });
});
