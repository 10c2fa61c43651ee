import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import type { PublicUser, UserRole } from "../../domain/accounts/user";
import { paths } from "../../domain/routes";
import { SESSION_STORAGE_KEY, type SessionUser } from "../../web/lib/session";
import { Toaster } from "../../web/ui/toast/Toaster";
import { UserRolesPage } from "../../web/features/roles/UserRolesPage";
import { renderWithDataLayer } from "./data-layer";

// Shared by the roles' component tests: a signed-in person of a chosen role, and a small stand-in for the
// roles API behind fetch (search by name or e-mail, pages, role changes), whose next answers a test can
// replace with a failure.

export function person(
  id: number,
  firstname: string,
  lastname: string,
  fields: Partial<PublicUser> = {},
): PublicUser {
  return {
    id,
    firstname,
    lastname,
    email: `${firstname}.${lastname}@example.org`.toLowerCase(),
    role: "user",
    isVerified: true,
    language: "en",
    ...fields,
  };
}

/** The signed-in person: Amina Bello, id 1, with the given role. */
export function signInAs(role: UserRole): SessionUser {
  const user: SessionUser = {
    ...person(1, "Amina", "Bello", { role }),
    token: `session-token-of-a-${role}`,
  };
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
  return user;
}

export type Reply = { status: number; body: unknown } | "network failure";

interface FakeServerOptions {
  users: PublicUser[];
  /** Users per page, whatever the client asks for (so a few users make several pages). */
  perPage?: number;
  /** As the server, count a search's matches only this far past the page's start. */
  countLimit?: number;
}

/** The roles API behind fetch. `asked` lists each request as "METHOD /path?query". */
export function fakeRolesServer({ users, perPage, countLimit = Infinity }: FakeServerOptions) {
  const asked: string[] = [];
  const bodies: unknown[] = [];
  const overrides = new Map<string, (Reply | Promise<Reply>)[]>();

  function answer(method: string, url: URL, body: unknown): Reply {
    if (method === "GET" && url.pathname === "/api/v1/roles/roles") {
      return { status: 200, body: { success: true, roles: ["user", "moderator", "admin"] } };
    }
    if (method === "GET" && url.pathname === "/api/v1/roles/users") {
      const search = (url.searchParams.get("search") ?? "").toLowerCase();
      const size = perPage ?? Number(url.searchParams.get("per_page") ?? 50);
      const page = Number(url.searchParams.get("page") ?? 1);
      const found = users.filter((user) =>
        `${user.firstname} ${user.lastname} ${user.email}`.toLowerCase().includes(search),
      );
      const countedUpTo = (page - 1) * size + countLimit;
      const exact = !search || found.length <= countedUpTo;
      const total = exact ? found.length : countedUpTo;
      return {
        status: 200,
        body: {
          success: true,
          users: found.slice((page - 1) * size, page * size),
          meta: {
            total,
            page,
            per_page: size,
            last_page: exact ? Math.max(1, Math.ceil(total / size)) : Math.ceil((total + 1) / size),
            total_exact: exact,
          },
        },
      };
    }
    if (method === "PATCH" && url.pathname === "/api/v1/roles/update-role") {
      const { userId, role } = body as { userId: number; role: UserRole };
      const index = users.findIndex((user) => user.id === userId);
      const user = users[index];
      if (!user) return { status: 404, body: { success: false, message: "User not found" } };
      users[index] = { ...user, role };
      return {
        status: 200,
        body: { success: true, message: "User role updated successfully", user: users[index] },
      };
    }
    return { status: 404, body: { success: false, message: "Not found" } };
  }

  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const url = new URL(input, "http://localhost");
      asked.push(`${method} ${url.pathname}${url.search}`);
      const body = typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
      if (body !== undefined) bodies.push(body);
      const override = overrides.get(`${method} ${url.pathname}`)?.shift();
      const reply = override ? await override : answer(method, url, body);
      if (reply === "network failure") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );

  return {
    asked,
    /** The JSON bodies sent, in order. */
    bodies,
    users,
    /** The next answer(s) to "METHOD /api/v1/path" are these instead of the stand-in's own. */
    answerNext(route: string, ...replies: (Reply | Promise<Reply>)[]) {
      overrides.set(route, [...(overrides.get(route) ?? []), ...replies]);
    },
    /** The requests for a path, without their query. */
    requestsTo: (route: string) => asked.filter((line) => line.split("?")[0] === route),
  };
}

/** A reply the test releases when it chooses. */
export function later(reply: Reply) {
  let release: () => void = () => undefined;
  const promise = new Promise<Reply>((resolve) => {
    release = () => resolve(reply);
  });
  return { promise, release: () => release() };
}

/** Renders the page at /dashboard/user-roles (plus `search`), with the toasts. */
export function showUserRoles(search = "") {
  const router = createMemoryRouter([{ path: paths.userRoles(), element: <UserRolesPage /> }], {
    initialEntries: [`${paths.userRoles()}${search}`],
  });
  renderWithDataLayer(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { user: userEvent.setup(), router };
}
