import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../../test/web/i18n";
import { DraftNotice } from "./DraftNotice";

// Pages in a draft language say so and link to the translation feedback form with their own address.

async function renderAt(language: string, path: string) {
  const router = createMemoryRouter([{ path: "*", element: <DraftNotice /> }], { initialEntries: [path] });
  render(await inLanguage(language, [], <RouterProvider router={router} />));
}

describe("DraftNotice", () => {
  it("links a draft language's page to the feedback form, in that language, carrying the page's address", async () => {
    await renderAt("ha", "/ha/states/25");
    const notice = screen.getByRole("note");
    expect(notice).toHaveTextContent("Ana duba wannan fassarar.");
    expect(screen.getByRole("link", { name: "Ku sanar da mu kurakuran da kuka gani." })).toHaveAttribute(
      "href",
      `/ha/translation-feedback?page=${encodeURIComponent("/ha/states/25")}`,
    );
  });

  const token = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
  // A query can hold what others must not read (and prerendered pages have none); an e-mailed link's page
  // carries a one-time token, in its path or its query.
  it.each([
    ["yo", "/yo/dashboard/user-roles?search=ada%40example.org", "/yo/dashboard/user-roles"],
    ["ha", `/ha/reset-password/${token}`, "/ha/reset-password"],
    ["pcm", `/pcm/verify-email?token=${token}`, "/pcm/verify-email"],
  ])("on a %s page, %s, passes on %s only", async (language, path, passedOn) => {
    await renderAt(language, path);
    expect(screen.getByRole("link")).toHaveAttribute(
      "href",
      `/${language}/translation-feedback?page=${encodeURIComponent(passedOn)}`,
    );
  });

  it("links to the plain form from the form itself", async () => {
    await renderAt("yo", "/yo/translation-feedback");
    expect(screen.getByRole("link")).toHaveAttribute("href", "/yo/translation-feedback");
  });

  it("says nothing in English, whose text is the source", async () => {
    await renderAt("en", "/states/25");
    expect(screen.queryByRole("note")).toBeNull();
  });
});
