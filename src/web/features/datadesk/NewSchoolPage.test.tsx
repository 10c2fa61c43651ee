import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { recordFieldsOf } from "../../../test/web/datadesk";
import { testQueryClient, withDataLayer } from "../../../test/web/data-layer";
import { signIn } from "../../../test/web/reports";
import { deskQueries, fetchNewSchoolFields } from "./datadesk-api";
import { NewSchoolPage } from "./NewSchoolPage";

function renderPage(client = testQueryClient()) {
  const router = createMemoryRouter([{ path: "/", element: <NewSchoolPage /> }]);
  render(withDataLayer(<RouterProvider router={router} />, client));
  return client;
}

afterEach(() => window.localStorage.clear());

describe("NewSchoolPage", () => {
  it("gives an editor the form of a school with every field a school has, and no values", async () => {
    signIn({ role: "editor" });
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Add a school" })).toBeInTheDocument();
    expect(await screen.findByRole("textbox", { name: "Name" })).toHaveValue("");
    expect(await fetchNewSchoolFields()).toEqual(recordFieldsOf("school", {}));
  });

  it("keeps the fields it read under the desk's key, never read again (they change with a build only)", async () => {
    signIn({ role: "editor" });
    const client = renderPage();
    await screen.findByRole("textbox", { name: "Name" });
    const { queryKey } = deskQueries.newSchoolFields();
    expect(client.getQueryData(queryKey)).toEqual(recordFieldsOf("school", {}));
    expect(client.getQueryCache().find({ queryKey })?.isStale()).toBe(false);
  });

  it("tells a user without the desk that it is for editors and admins", () => {
    signIn({ role: "user" });
    renderPage();
    expect(
      screen.getByText("The data desk is for editors and admins. Ask an admin to make you an editor."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });
});
