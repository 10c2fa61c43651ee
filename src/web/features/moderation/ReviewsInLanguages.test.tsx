import { screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../../../test/web/i18n";
import { renderWithDataLayer } from "../../../test/web/data-layer";
import { i18nFor, loadMessages } from "../../i18n/runtime";
import { ReviewsPage } from "./ReviewsPage";
import { queueSummary } from "./review-text";

// The review queue's words in another language: no message id ever shows. (The public list's:
// published/PublishedInLanguages.test.tsx.)

const noMessageIds = () =>
  expect(document.body.innerHTML).not.toMatch(/\b(published|reviews|roles)\.[a-zA-Z]+/);

describe("the review queue in Yoruba", () => {
  it("says access is denied in Yoruba to someone who may not review", async () => {
    const router = createMemoryRouter([{ path: "/yo/dashboard/reviews", element: <ReviewsPage /> }], {
      initialEntries: ["/yo/dashboard/reviews"],
    });
    renderWithDataLayer(await inLanguage("yo", ["reviews", "published"], <RouterProvider router={router} />));
    expect(screen.getByRole("heading", { level: 1, name: "Àyẹ̀wò" })).toBeInTheDocument();
    expect(screen.getByText(/Ẹ kò ní àṣẹ láti wọ ojú ìwé yìí/)).toBeInTheDocument();
    noMessageIds();
  });

  it("counts the queue with the language's plural and names the comment type", async () => {
    await loadMessages("ha", ["reviews", "published"]);
    const t = (id: string, values?: Record<string, unknown>) => i18nFor("ha")._(id, values);
    expect(queueSummary(t, "pending", "barrier", { total: 1, page: 1, last_page: 1 }, "Lagos")).toBe(
      "Rahoto 1 mai jiran dubawa na nauʼin Shinge daga Lagos, mafi daɗewa a farko.",
    );
    expect(queueSummary(t, "verified", null, { total: 3, page: 2, last_page: 3 })).toBe(
      "Rahotanni 3 tabbatattu. Shafi na 2 cikin 3.",
    );
  });
});
