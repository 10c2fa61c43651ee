import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../ui/toast/toast-store";
import errors from "../../../i18n/catalogues/en/errors.json";
import roles from "../../../i18n/catalogues/en/roles.json";
import { fakeRolesServer, later, person, showUserRoles, signInAs } from "../../../test/web/roles";
import { SEARCH_PAUSE_MS } from "./UserSearch";
import { databaseResting } from "../../../test/web/failures";

const heading = () => screen.getByRole("heading", { level: 1, name: "User roles" });
const table = () => screen.getByRole("table", { name: "Users and their roles" });
const notifications = () => screen.getByRole("region", { name: "Notifications" });
/** The page's own status line (the toasts have theirs). */
const status = () => {
  const [line] = screen.getAllByRole("status").filter((region) => !notifications().contains(region));
  if (!line) throw new Error("no status line");
  return line;
};
const rowOf = (email: string) => screen.getByRole("row", { name: new RegExp(email) });
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll("td, th")].map((cell) => cell.textContent);

function staff() {
  return [
    person(1, "Amina", "Bello", { role: "admin" }),
    person(2, "Ada", "Obi"),
    person(3, "Tunde", "Bakare", { role: "moderator", isVerified: false }),
  ];
}

/**
 * A clock that runs as usual but can be jumped: a test proves that a pause in typing starts no search by
 * passing the pause at once, instead of waiting for it.
 */
function jumpableClock() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
  return { passSearchPause: () => act(() => vi.advanceTimersByTime(SEARCH_PAUSE_MS + 100)) };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  toast.clear();
});

describe("who sees what", () => {
  it("tells a user without the permission 'Access Denied' and asks the server nothing", async () => {
    signInAs("user");
    const server = fakeRolesServer({ users: staff() });
    showUserRoles();

    expect(heading()).toBeInTheDocument();
    expect(screen.getByText(roles.accessDenied)).toHaveTextContent(
      "Access Denied - You don't have permission to access this page.",
    );
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByRole("search")).not.toBeInTheDocument();
    // Effects and the promises they start are settled: a request would have been made by now.
    await act(async () => undefined);
    expect(server.asked).toEqual([]);
  });

  it("shows a moderator every user in a table, with 'No permission' in the actions column", async () => {
    signInAs("moderator");
    const server = fakeRolesServer({ users: staff() });
    showUserRoles();

    expect(status()).toHaveTextContent(roles.loading);
    await screen.findByRole("table");
    expect(table()).toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["ID", "First name", "Last name", "E-mail", "Verified", "Role", "Actions"]);
    for (const header of within(table()).getAllByRole("columnheader")) {
      expect(header).toHaveAttribute("scope", "col");
    }
    expect(cellsOf(rowOf("ada.obi@example.org"))).toEqual([
      "2",
      "Ada",
      "Obi",
      "ada.obi@example.org",
      "Yes",
      "User",
      roles.noPermission,
    ]);
    expect(cellsOf(rowOf("tunde.bakare@example.org"))).toEqual([
      "3",
      "Tunde",
      "Bakare",
      "tunde.bakare@example.org",
      "No",
      "Moderator",
      roles.noPermission,
    ]);
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
    expect(status()).toHaveTextContent("3 users in all.");
    // The phone layout labels each cell with its column (CSS draws data-label): one per column, in order.
    for (const row of within(table()).getAllByRole("row").slice(1)) {
      expect([...row.querySelectorAll("td, th")].map((cell) => cell.getAttribute("data-label"))).toEqual(
        within(table())
          .getAllByRole("columnheader")
          .map((header) => header.textContent),
      );
    }
    expect(server.asked).toEqual(["GET /api/v1/roles/users?page=1&per_page=50"]);
  });

  it("gives an admin a labelled role select per user, disabled on their own row with the reason", async () => {
    signInAs("admin");
    const server = fakeRolesServer({ users: staff() });
    showUserRoles();

    const adaRole = await screen.findByRole("combobox", { name: "Role of Ada Obi" });
    expect(adaRole).toBeEnabled();
    expect(adaRole).toHaveValue("user");
    expect(
      within(adaRole)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["User", "Moderator", "Admin"]);
    expect(screen.getByRole("button", { name: "Save role of Ada Obi" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Role of Tunde Bakare" })).toHaveValue("moderator");

    const own = screen.getByRole("combobox", { name: "Role of Amina Bello" });
    expect(own).toBeDisabled();
    expect(own).toHaveValue("admin");
    expect(own).toHaveAccessibleDescription(roles.ownRole);
    expect(screen.queryByRole("button", { name: "Save role of Amina Bello" })).not.toBeInTheDocument();
    expect(screen.queryByText(roles.noPermission)).not.toBeInTheDocument();
    expect(server.asked).toHaveLength(2);
    expect(server.requestsTo("GET /api/v1/roles/roles")).toHaveLength(1);
  });

  it("shows 'Access Denied' when the server refuses the list (the role changed since sign-in)", async () => {
    signInAs("moderator");
    const server = fakeRolesServer({ users: staff() });
    server.answerNext("GET /api/v1/roles/users", {
      status: 403,
      body: { success: false, message: "You do not have permission to do that.", code: "FORBIDDEN" },
    });
    showUserRoles();

    expect(await screen.findByText(roles.accessDenied)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});

describe("an admin changing a role", () => {
  it("saves the chosen role, says 'User role updated successfully' and shows the new role", async () => {
    signInAs("admin");
    const server = fakeRolesServer({ users: staff() });
    const { user } = showUserRoles();
    const select = await screen.findByRole("combobox", { name: "Role of Ada Obi" });

    await user.selectOptions(select, "moderator");
    expect(server.requestsTo("PATCH /api/v1/roles/update-role")).toEqual([]);
    expect(cellsOf(rowOf("ada.obi@example.org"))[5]).toBe("User");

    await user.click(screen.getByRole("button", { name: "Save role of Ada Obi" }));

    expect(await within(notifications()).findByText(roles.updated)).toBeInTheDocument();
    expect(server.bodies).toEqual([{ userId: 2, role: "moderator" }]);
    expect(cellsOf(rowOf("ada.obi@example.org"))[5]).toBe("Moderator");
    expect(select).toHaveValue("moderator");
  });

  it("keeps the select on the chosen role while saving, and ignores a second Save meanwhile", async () => {
    signInAs("admin");
    const server = fakeRolesServer({ users: staff() });
    const reply = later({
      status: 200,
      body: {
        success: true,
        message: "User role updated successfully",
        user: { ...person(2, "Ada", "Obi"), role: "moderator" },
      },
    });
    server.answerNext("PATCH /api/v1/roles/update-role", reply.promise);
    const { user } = showUserRoles();
    const select = await screen.findByRole("combobox", { name: "Role of Ada Obi" });

    await user.selectOptions(select, "moderator");
    await user.click(screen.getByRole("button", { name: "Save role of Ada Obi" }));
    const saving = screen.getByRole("button", { name: "Saving… role of Ada Obi" });
    expect(saving).toHaveAttribute("aria-disabled", "true");
    expect(saving).toHaveFocus();
    expect(select).toHaveValue("moderator");
    await user.click(saving);
    expect(server.requestsTo("PATCH /api/v1/roles/update-role")).toHaveLength(1);

    await act(async () => reply.release());
    expect(await screen.findByRole("button", { name: "Save role of Ada Obi" })).toBeInTheDocument();
    expect(cellsOf(rowOf("ada.obi@example.org"))[5]).toBe("Moderator");
  });

  it("shows the server's message when the change is refused and puts the select back", async () => {
    signInAs("admin");
    const server = fakeRolesServer({ users: staff() });
    server.answerNext("PATCH /api/v1/roles/update-role", {
      status: 404,
      body: { success: false, message: "That user no longer exists." },
    });
    const { user } = showUserRoles();
    const select = await screen.findByRole("combobox", { name: "Role of Ada Obi" });

    await user.selectOptions(select, "moderator");
    await user.click(screen.getByRole("button", { name: "Save role of Ada Obi" }));

    expect(await within(notifications()).findByText("That user no longer exists.")).toBeInTheDocument();
    expect(select).toHaveValue("user");
    expect(cellsOf(rowOf("ada.obi@example.org"))[5]).toBe("User");
    expect(within(notifications()).queryByText(roles.updated)).not.toBeInTheDocument();
  });

  it("says 'Failed to update user role' when the server sends no message", async () => {
    signInAs("admin");
    const server = fakeRolesServer({ users: staff() });
    server.answerNext("PATCH /api/v1/roles/update-role", "network failure");
    const { user } = showUserRoles();
    const select = await screen.findByRole("combobox", { name: "Role of Tunde Bakare" });

    await user.selectOptions(select, "user");
    await user.click(screen.getByRole("button", { name: "Save role of Tunde Bakare" }));

    expect(await within(notifications()).findByText(roles.updateFailed)).toBeInTheDocument();
    expect(select).toHaveValue("moderator");
  });

  it("asks before making someone an admin; Cancel sends nothing and puts the select back", async () => {
    signInAs("admin");
    const server = fakeRolesServer({ users: staff() });
    const { user } = showUserRoles();
    const select = await screen.findByRole("combobox", { name: "Role of Ada Obi" });
    const save = screen.getByRole("button", { name: "Save role of Ada Obi" });

    await user.selectOptions(select, "admin");
    await user.click(save);
    const dialog = screen.getByRole("dialog", { name: "Make Ada Obi an admin?" });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(select).toHaveValue("user");
    expect(save).toHaveFocus();
    expect(server.requestsTo("PATCH /api/v1/roles/update-role")).toEqual([]);

    await user.selectOptions(select, "admin");
    await user.click(save);
    await user.click(screen.getByRole("button", { name: "Make admin" }));
    expect(await within(notifications()).findByText(roles.updated)).toBeInTheDocument();
    expect(server.bodies).toEqual([{ userId: 2, role: "admin" }]);
    expect(cellsOf(rowOf("ada.obi@example.org"))[5]).toBe("Admin");
  });

  it("asks before taking the admin role from someone, and Escape cancels", async () => {
    signInAs("admin");
    const users = [...staff(), person(4, "Bola", "Ade", { role: "admin" })];
    const server = fakeRolesServer({ users });
    server.answerNext("PATCH /api/v1/roles/update-role", {
      status: 409,
      body: { success: false, message: "The platform must keep at least one admin." },
    });
    const { user } = showUserRoles();
    const select = await screen.findByRole("combobox", { name: "Role of Bola Ade" });

    await user.selectOptions(select, "moderator");
    await user.click(screen.getByRole("button", { name: "Save role of Bola Ade" }));
    expect(screen.getByRole("dialog", { name: "Remove the admin role of Bola Ade?" })).toHaveTextContent(
      "Bola Ade will have the role Moderator and will no longer be able to change roles.",
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(select).toHaveValue("admin");

    await user.selectOptions(select, "moderator");
    await user.click(screen.getByRole("button", { name: "Save role of Bola Ade" }));
    await user.click(screen.getByRole("button", { name: "Change role" }));
    expect(
      await within(notifications()).findByText("The platform must keep at least one admin."),
    ).toBeInTheDocument();
    expect(select).toHaveValue("admin");
    expect(server.bodies).toEqual([{ userId: 4, role: "moderator" }]);
  });

  it("says so when Save is pressed without choosing another role, and sends nothing", async () => {
    signInAs("admin");
    const server = fakeRolesServer({ users: staff() });
    const { user } = showUserRoles();
    await user.click(await screen.findByRole("button", { name: "Save role of Ada Obi" }));

    expect(within(notifications()).getByText("Ada Obi already has the role User.")).toBeInTheDocument();
    expect(server.requestsTo("PATCH /api/v1/roles/update-role")).toEqual([]);
  });
});

describe("search and pages", () => {
  const many = () => [
    person(1, "Amina", "Bello", { role: "admin" }),
    ...Array.from({ length: 11 }, (_, index) => person(index + 2, "Ngozi", `Eze${index + 2}`)),
    person(13, "Ada", "Obi"),
  ];

  it("searches after a pause in typing, puts the search in the address and announces the count", async () => {
    signInAs("moderator");
    const server = fakeRolesServer({ users: many() });
    const { user, router } = showUserRoles();
    await screen.findByRole("table");
    expect(status()).toHaveTextContent("13 users in all.");

    await user.type(screen.getByRole("searchbox", { name: "Search users by name or e-mail" }), "obi");
    expect(server.requestsTo("GET /api/v1/roles/users")).toHaveLength(1);

    await waitFor(() => expect(status()).toHaveTextContent("1 user matches “obi”."));
    expect(router.state.location.search).toBe("?search=obi");
    expect(server.requestsTo("GET /api/v1/roles/users").at(-1)).toBe(
      "GET /api/v1/roles/users?page=1&per_page=50&search=obi",
    );
    expect(screen.getAllByRole("row")).toHaveLength(2);
    expect(rowOf("ada.obi@example.org")).toBeInTheDocument();
  });

  it("searches at once on Enter, and says when nothing matches, with a way back to everyone", async () => {
    const clock = jumpableClock();
    signInAs("moderator");
    const server = fakeRolesServer({ users: many() });
    const { user, router } = showUserRoles();
    await screen.findByRole("table");
    const searchbox = screen.getByRole("searchbox", { name: "Search users by name or e-mail" });

    await user.type(searchbox, "  nobody here {Enter}");
    expect(await screen.findByText("No users match “nobody here”.")).toBe(status());
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(router.state.location.search).toBe("?search=nobody+here");
    clock.passSearchPause();
    expect(server.requestsTo("GET /api/v1/roles/users")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Clear the search" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
    expect(searchbox).toHaveValue("");
    expect(router.state.location.search).toBe("");
    expect(status()).toHaveTextContent("13 users in all.");
  });

  it("says so when a search's matches were counted only so far, and still pages on", async () => {
    signInAs("moderator");
    fakeRolesServer({ users: many(), perPage: 5, countLimit: 5 });
    const { user } = showUserRoles("?search=ngozi");
    const pages = await screen.findByRole("navigation", { name: "Pages of users" });
    expect(status()).toHaveTextContent("More than 5 users match “ngozi”. Page 1 of 2 or more.");
    expect(within(pages).getByText("Page 1 of 2 or more")).toBeInTheDocument();

    await user.click(within(pages).getByRole("link", { name: "Next page" }));
    expect(await screen.findByText("Page 2 of 3 or more")).toBeInTheDocument();
    expect(status()).toHaveTextContent("More than 10 users match “ngozi”. Page 2 of 3 or more.");

    await user.click(screen.getByRole("link", { name: "Next page" }));
    expect(await screen.findByText("Page 3 of 3")).toBeInTheDocument();
    expect(status()).toHaveTextContent("11 users match “ngozi”. Page 3 of 3.");
    expect(screen.queryByRole("link", { name: "Next page" })).not.toBeInTheDocument();
  });

  it("pages with Previous and Next, the page in the address, focus on the table; Back returns", async () => {
    signInAs("moderator");
    const server = fakeRolesServer({ users: many(), perPage: 5 });
    const { user, router } = showUserRoles();
    await screen.findByRole("table");
    const pages = screen.getByRole("navigation", { name: "Pages of users" });
    expect(within(pages).getByText("Page 1 of 3")).toBeInTheDocument();
    expect(within(pages).queryByRole("link", { name: "Previous page" })).not.toBeInTheDocument();
    expect(status()).toHaveTextContent("13 users in all. Page 1 of 3.");

    await user.click(within(pages).getByRole("link", { name: "Next page" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?page=2");
    expect(screen.getByRole("region", { name: "Users and their roles" })).toHaveFocus();
    expect(rowOf("ngozi.eze6@example.org")).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Next page" }));
    expect(await screen.findByText("Page 3 of 3")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Next page" })).not.toBeInTheDocument();
    expect(rowOf("ada.obi@example.org")).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Previous page" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(await screen.findByText("Page 3 of 3")).toBeInTheDocument();
    expect(server.requestsTo("GET /api/v1/roles/users").map((line) => line.split("?")[1])).toEqual([
      "page=1&per_page=50",
      "page=2&per_page=50",
      "page=3&per_page=50",
      "page=2&per_page=50",
      "page=3&per_page=50",
    ]);
  });

  it("keeps the search when paging, starts a new search on page 1, and Back restores the input", async () => {
    const clock = jumpableClock();
    signInAs("moderator");
    const server = fakeRolesServer({ users: many(), perPage: 5 });
    const { user, router } = showUserRoles("?search=ngozi&page=2");
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    const searchbox = screen.getByRole("searchbox", { name: "Search users by name or e-mail" });
    expect(searchbox).toHaveValue("ngozi");
    expect(status()).toHaveTextContent("11 users match “ngozi”. Page 2 of 3.");
    expect(screen.getByRole("link", { name: "Next page" })).toHaveAttribute(
      "href",
      "/dashboard/user-roles?search=ngozi&page=3",
    );

    await user.clear(searchbox);
    await user.type(searchbox, "ada{Enter}");
    await waitFor(() => expect(status()).toHaveTextContent("1 user matches “ada”."));
    expect(router.state.location.search).toBe("?search=ada");

    await act(() => router.navigate(-1));
    await waitFor(() => expect(status()).toHaveTextContent("11 users match “ngozi”. Page 2 of 3."));
    expect(searchbox).toHaveValue("ngozi");
    clock.passSearchPause();
    expect(router.state.location.search).toBe("?search=ngozi&page=2");
    expect(server.requestsTo("GET /api/v1/roles/users").at(-1)).toBe(
      "GET /api/v1/roles/users?page=2&per_page=50&search=ngozi",
    );
  });

  it("offers the first page when the address names a page past the end", async () => {
    signInAs("moderator");
    fakeRolesServer({ users: many() });
    const { user, router } = showUserRoles("?page=9");
    await user.click(await screen.findByRole("link", { name: "Go to the first page" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
  });
});

describe("loading and failure", () => {
  it("says 'Failed to load user data' with the server's reason, and Retry loads the list", async () => {
    signInAs("admin");
    const server = fakeRolesServer({ users: staff() });
    server.answerNext("GET /api/v1/roles/users", { status: 503, body: databaseResting });
    const { user } = showUserRoles();

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(`${roles.loadFailed}The database is resting.`);
    expect(within(alert).getByText(roles.loadFailed)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();

    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(heading()).toHaveFocus();
    expect(await screen.findByRole("combobox", { name: "Role of Ada Obi" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says 'Failed to load user data' when the connection drops, or the role list fails", async () => {
    signInAs("admin");
    const server = fakeRolesServer({ users: staff() });
    server.answerNext("GET /api/v1/roles/users", "network failure");
    server.answerNext("GET /api/v1/roles/roles", { status: 200, body: { success: true, roles: [] } });
    const { user } = showUserRoles();
    expect(await screen.findByRole("alert")).toHaveTextContent(roles.loadFailed);
    // The list shell says that no answer came, as on every list page.
    expect(screen.getByRole("alert").textContent).toBe(`${roles.loadFailed}${errors["status.0"]}Retry`);

    server.answerNext("GET /api/v1/roles/roles", { status: 500, body: null });
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(roles.loadFailed);

    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("combobox", { name: "Role of Ada Obi" })).toBeInTheDocument();
  });

  it("keeps the last table on screen, marked busy, while the next search loads", async () => {
    signInAs("moderator");
    const server = fakeRolesServer({ users: staff() });
    const { user } = showUserRoles();
    await screen.findByRole("table");
    const reply = later({
      status: 200,
      body: {
        success: true,
        users: [person(2, "Ada", "Obi")],
        meta: { total: 1, page: 1, per_page: 50, last_page: 1, total_exact: true },
      },
    });
    server.answerNext("GET /api/v1/roles/users", reply.promise);

    await user.type(screen.getByRole("searchbox", { name: "Search users by name or e-mail" }), "ada{Enter}");
    await waitFor(() => expect(status()).toHaveTextContent(roles.loading));
    expect(screen.getByRole("region", { name: "Users and their roles" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
    expect(screen.getAllByRole("row")).toHaveLength(4);

    await act(async () => reply.release());
    await waitFor(() => expect(status()).toHaveTextContent("1 user matches “ada”."));
    expect(screen.getByRole("region", { name: "Users and their roles" })).not.toHaveAttribute("aria-busy");
    expect(screen.getAllByRole("row")).toHaveLength(2);
  });
});
