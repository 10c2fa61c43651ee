import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import type { UserRole } from "../../domain/accounts/user";
import { SESSION_STORAGE_KEY, type SessionUser } from "../../web/lib/session";
import { Toaster } from "../../web/ui/toast/Toaster";

// Shared by the dashboard's component tests: a stored session, a chosen screen width, and a router
// with the public home page, the dashboard and its profile page.

export function storedUser(role: UserRole = "user", fields: Partial<SessionUser> = {}): SessionUser {
  const user: SessionUser = {
    id: 7,
    firstname: "Amina",
    lastname: "Bello",
    email: "amina@example.org",
    role,
    isVerified: true,
    language: "en",
    token: "session-token-of-amina",
    ...fields,
  };
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
  return user;
}

/** Makes the viewport wide (sidebar) or narrow (drawer) for useWideScreen. */
export function screenIs(width: "wide" | "narrow") {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: width === "wide",
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

/** Renders the app's routes around `dashboard` (the layout element) starting at `path`. */
export function renderWithRoutes(dashboard: ReactNode, path = "/dashboard") {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <CurrentPath />
            <Toaster />
          </>
        ),
        children: [
          { path: "/", element: <h1>Home page</h1> },
          // Another language's home page (/ha, /yo…).
          { path: "/:language", element: <h1>Home page</h1> },
          {
            path: "/dashboard",
            element: dashboard,
            children: [
              { index: true, element: <h1>Eyewitness page</h1> },
              { path: "profile", element: <h1>Profile</h1> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
