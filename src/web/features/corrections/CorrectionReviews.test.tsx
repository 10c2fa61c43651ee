import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CorrectionView } from "../../../domain/corrections/correction-rules";
import { withDataLayer } from "../../../test/web/data-layer";
import { databaseResting } from "../../../test/web/failures";
import { signIn } from "../../../test/web/reports";
import { CorrectionReviews } from "./CorrectionReviews";

function correction(fields: Partial<CorrectionView>): CorrectionView {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    subject: "state",
    subjectId: 25,
    subjectName: "Lagos",
    language: null,
    page: null,
    whatIsWrong: "The law was passed in 2011.",
    sourceUrl: "https://example.org/lagos",
    email: "reader@example.org",
    status: "new",
    createdAt: "2026-11-20T10:00:00.000Z",
    decidedAt: null,
    changeId: null,
    ...fields,
  };
}

const first = correction({});
const second = correction({
  id: "00000000-0000-4000-8000-000000000002",
  subject: "school",
  subjectId: 7,
  subjectName: "Wesley School for the Deaf",
  sourceUrl: null,
  email: null,
});

function listOf(items: CorrectionView[], counts = { new: items.length, accepted: 0, dismissed: 0 }) {
  return {
    success: true,
    corrections: items,
    counts,
    meta: { total: items.length, page: 1, per_page: 20, last_page: 1 },
  };
}

function serve(...bodies: { status: number; body: unknown }[]) {
  const fetch = vi.fn(async () => {
    const next = bodies.shift();
    if (!next) throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(next.body), { status: next.status });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderSection() {
  const router = createMemoryRouter([{ path: "/", element: <CorrectionReviews /> }]);
  render(withDataLayer(<RouterProvider router={router} />));
  return userEvent.setup({ delay: null });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("CorrectionReviews", () => {
  it("shows nothing, and asks nothing, to a user who may not review", () => {
    signIn({ role: "user" });
    const fetch = serve();
    renderSection();
    expect(screen.queryByRole("heading", { name: "Corrections to the data" })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("offers an editor “Start a change” for a state's or school's correction, and no decision or sender", async () => {
    signIn({ role: "editor" });
    const translation = correction({
      id: "00000000-0000-4000-8000-000000000009",
      subject: "translation",
      subjectId: null,
      subjectName: "Hausa",
      language: "ha",
      page: "/ha/states/25",
      sourceUrl: null,
      email: null,
    });
    // The server leaves out senders' addresses for an editor.
    serve({ status: 200, body: listOf([{ ...first, email: null }, second, translation]) });
    renderSection();
    const lagos = await screen.findByRole("article", { name: "State: Lagos" });
    expect(
      within(lagos).getByRole("link", { name: "Start a change to Lagos from this correction" }),
    ).toHaveAttribute("href", `/dashboard/data/state/25?correction=${first.id}`);
    const school = screen.getByRole("article", { name: "School: Wesley School for the Deaf" });
    expect(
      within(school).getByRole("link", {
        name: "Start a change to Wesley School for the Deaf from this correction",
      }),
    ).toHaveAttribute("href", `/dashboard/data/school/7?correction=${second.id}`);
    const hausa = screen.getByRole("article", { name: "Translation: Hausa" });
    expect(within(hausa).queryByRole("link", { name: /Start a change/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Accept the correction/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Dismiss the correction/ })).toBeNull();
    expect(lagos).not.toHaveTextContent("E-mail");
  });

  it("offers a moderator no “Start a change”, and says when a change came from a correction", async () => {
    signIn({ role: "moderator" });
    serve({
      status: 200,
      body: listOf([correction({ status: "accepted", changeId: "00000000-0000-4000-8000-0000000000aa" })], {
        new: 0,
        accepted: 1,
        dismissed: 0,
      }),
    });
    renderSection();
    const lagos = await screen.findByRole("article", { name: "State: Lagos" });
    expect(lagos).toHaveTextContent("A change from this correction was published.");
    expect(within(lagos).queryByRole("link", { name: /Start a change/ })).toBeNull();
  });

  it("lists new corrections with their record, source and sender, and counts per status", async () => {
    signIn({ role: "moderator" });
    serve({ status: 200, body: listOf([first, second], { new: 2, accepted: 4, dismissed: 1 }) });
    renderSection();
    const lagos = await screen.findByRole("article", { name: "State: Lagos" });
    expect(within(lagos).getByRole("link", { name: "Lagos" })).toHaveAttribute("href", "/states/25");
    expect(lagos).toHaveTextContent("The law was passed in 2011.");
    expect(within(lagos).getByRole("link", { name: "reader@example.org" })).toHaveAttribute(
      "href",
      "mailto:reader@example.org",
    );
    const school = screen.getByRole("article", { name: "School: Wesley School for the Deaf" });
    expect(school).toHaveTextContent("None given");
    expect(school).toHaveTextContent("Anonymous");
    expect(screen.getByRole("button", { name: "New (2)" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Accepted (4)" })).toBeInTheDocument();
  });

  it("shows a translation mistake with its language and page: a site address as a link, anything else as text", async () => {
    signIn({ role: "moderator" });
    const translation = (id: string, page: string) =>
      correction({
        id,
        subject: "translation",
        subjectId: null,
        subjectName: "Hausa",
        language: "ha",
        page,
        sourceUrl: null,
        whatIsWrong: "The word for school is misspelt in the heading.",
      });
    serve({
      status: 200,
      body: listOf([
        translation("00000000-0000-4000-8000-000000000003", "/ha/states/25"),
        translation("00000000-0000-4000-8000-000000000004", "https://elsewhere.example/ha"),
        translation("00000000-0000-4000-8000-000000000005", "/\\elsewhere.example/ha"),
      ]),
    });
    renderSection();
    const [onSite, pasted, backslashed] = await screen.findAllByRole("article", {
      name: "Translation: Hausa",
    });
    // A browser opens "/\\host" on another site: shown as text, never as a link.
    expect(backslashed).toHaveTextContent("/\\elsewhere.example/ha");
    expect(within(backslashed!).queryByRole("link", { name: /elsewhere/ })).toBeNull();
    expect(within(onSite!).getByRole("link", { name: "/ha/states/25" })).toHaveAttribute(
      "href",
      "/ha/states/25",
    );
    expect(onSite).toHaveTextContent("The word for school is misspelt in the heading.");
    expect(onSite).not.toHaveTextContent("Source");
    expect(pasted).toHaveTextContent("https://elsewhere.example/ha");
    expect(within(pasted!).queryByRole("link", { name: /elsewhere/ })).toBeNull();
    expect(within(pasted!).getByRole("button", { name: "Accept the correction to Hausa" })).toBeVisible();
  });

  it("accepts a correction: it leaves the list, the counts follow and focus moves to the next one", async () => {
    signIn({ role: "admin" });
    const fetch = serve(
      { status: 200, body: listOf([first, second]) },
      {
        status: 200,
        body: {
          success: true,
          message: "Correction accepted.",
          correction: { ...first, status: "accepted" },
        },
      },
    );
    const user = renderSection();
    await user.click(await screen.findByRole("button", { name: "Accept the correction to Lagos" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Correction accepted. Lagos.");
    expect(screen.queryByRole("article", { name: "State: Lagos" })).toBeNull();
    expect(screen.getByRole("heading", { name: "School: Wesley School for the Deaf" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Accepted (1)" })).toBeInTheDocument();
    const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ status: "accepted" });
  });

  it("says when another reviewer decided first, and reloads the list", async () => {
    signIn({ role: "moderator" });
    serve(
      { status: 200, body: listOf([first]) },
      {
        status: 409,
        body: {
          success: false,
          message: "Someone else has already decided on this correction.",
          code: "CONFLICT",
        },
      },
      { status: 200, body: listOf([], { new: 0, accepted: 1, dismissed: 0 }) },
    );
    const user = renderSection();
    await user.click(await screen.findByRole("button", { name: "Dismiss the correction to Lagos" }));
    expect(await screen.findByText("No new corrections.")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Someone else has already decided on this correction.",
    );
  });

  it("says when the list could not be loaded, with the server's reason, and Try again loads it from the heading", async () => {
    signIn({ role: "moderator" });
    const fetch = serve({ status: 503, body: databaseResting }, { status: 200, body: listOf([first]) });
    const user = renderSection();
    expect(screen.getByRole("status")).toHaveTextContent("Loading corrections…");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The corrections could not be loaded. Please check your connection.");
    expect(alert).toHaveTextContent("The database is resting.");
    expect(screen.getByRole("status")).toHaveTextContent("");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    // The button is gone while it loads: reading starts again at the section's heading.
    expect(screen.getByRole("heading", { level: 2, name: "Corrections to the data" })).toHaveFocus();
    expect(await screen.findByRole("article", { name: "State: Lagos" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("1 new shown.");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("is a section of the page named by its heading, which takes no focus when the list comes", async () => {
    signIn({ role: "moderator" });
    serve({ status: 200, body: listOf([first]) });
    renderSection();
    const section = screen.getByRole("region", { name: "Corrections to the data" });
    await within(section).findByRole("article", { name: "State: Lagos" });
    expect(within(section).getByRole("heading", { level: 2 })).not.toHaveFocus();
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
  });

  it("keeps the list on screen while another status loads, saying it loads, then says that status is empty", async () => {
    signIn({ role: "moderator" });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const bodies = [
      listOf([first], { new: 1, accepted: 0, dismissed: 0 }),
      listOf([], { new: 1, accepted: 0, dismissed: 0 }),
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        const body = bodies.shift();
        if (bodies.length === 0) await released;
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    const user = renderSection();
    await screen.findByRole("article", { name: "State: Lagos" });
    await user.click(screen.getByRole("button", { name: "Accepted (0)" }));
    expect(screen.getByRole("status")).toHaveTextContent("Loading corrections…");
    expect(screen.getByRole("article", { name: "State: Lagos" })).toBeInTheDocument();
    release();
    expect(await screen.findByText("No accepted corrections.")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("0 accepted shown.");
    expect(screen.queryByRole("article")).toBeNull();
  });
});
