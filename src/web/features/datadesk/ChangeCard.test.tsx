import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { DataChange } from "../../../domain/api/datadesk";
import { changeOf, fakeApi } from "../../../test/web/datadesk";
import { withDataLayer } from "../../../test/web/data-layer";
import { signIn } from "../../../test/web/reports";
import { ChangeCard } from "./ChangeCard";

function renderCard(change: DataChange) {
  const router = createMemoryRouter([
    { path: "/", element: <ChangeCard change={change} onDecided={() => undefined} /> },
  ]);
  render(withDataLayer(<RouterProvider router={router} />));
}

const translation = {
  fields: [
    { field: "translations.ha.desc", from: null, to: "Jihar Kano." },
    { field: "agency", from: "Board", to: "Commission" },
  ],
};

describe("ChangeCard", () => {
  it("marks a translation waiting for review as Draft (and only the translation)", () => {
    signIn({ role: "editor" });
    fakeApi(() => ({ status: 500 }));
    renderCard(changeOf(translation));
    const fields = within(screen.getByRole("list", { name: "Changed fields" })).getAllByRole("listitem");
    expect(fields[0]).toHaveTextContent(/^Draft Overview \(Hausa\): \(empty\) → Jihar Kano\.$/);
    expect(fields[1]).toHaveTextContent(/^Implementing agency: Board → Commission$/);
  });

  it("shows the reviewer the source's title and publisher beside its address, and the day it was read", () => {
    signIn({ role: "editor" });
    fakeApi(() => ({ status: 500 }));
    renderCard(changeOf());
    const link = screen.getByRole("link", { name: /^https:\/\/example\.org\/kano-gazette/ });
    expect(link).toHaveAttribute("href", "https://example.org/kano-gazette");
    expect(link.closest("dd")).toHaveTextContent(
      /^Kano State Gazette \(Kano State Government\), https:\/\/example\.org\/kano-gazette.* Read 2026-11-18\.$/,
    );
  });

  it("no longer calls a published translation a draft", () => {
    signIn({ role: "editor" });
    fakeApi(() => ({ status: 500 }));
    renderCard(changeOf({ ...translation, status: "published" }));
    expect(screen.getByText("Overview (Hausa): (empty) → Jihar Kano.")).toBeInTheDocument();
    expect(screen.queryByText("Draft")).not.toBeInTheDocument();
  });
});
