import { render } from "@testing-library/react";
import { StrictMode, type ReactElement } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import type { PublicUser } from "../../domain/accounts/user";
import { SESSION_STORAGE_KEY } from "../../web/lib/session";
import { Toaster } from "../../web/ui/toast/Toaster";
import { toast } from "../../web/ui/toast/toast-store";
import { forgetVerificationAttempts } from "../../web/features/auth/verify-once";
import "./contract";
import { ada } from "./users";

// Test support for the account screens: a memory router with the pages they lead to, the real toaster,
// and a stand-in for the server behind fetch that records what was sent.

export { ada };

export const goodToken = "k3J9xQ2mVb7nR4tY8wZ1aC5dE6fG0hI2jL3mN4oP5qR";

function Landing({ name }: { name: string }) {
  const location = useLocation();
  return (
    <>
      <h1>{name}</h1>
      <p>At {location.pathname}</p>
    </>
  );
}

const landings = [
  { path: "/dashboard", element: <Landing name="Dashboard" /> },
  { path: "/login", element: <Landing name="Login page" /> },
  { path: "/register", element: <Landing name="Register page" /> },
  { path: "/forgot-password", element: <Landing name="Forgot password page" /> },
];

export function renderPage(
  page: ReactElement,
  options: {
    path: string;
    url?: string;
    state?: unknown;
    strict?: boolean;
    routes?: { path: string; element: ReactElement }[];
  },
) {
  const extra = options.routes ?? [];
  const taken = new Set([options.path, ...extra.map((route) => route.path)]);
  const router = createMemoryRouter(
    [{ path: options.path, element: page }, ...extra, ...landings.filter((route) => !taken.has(route.path))],
    { initialEntries: [{ ...splitUrl(options.url ?? options.path), state: options.state }] },
  );
  const app = <RouterProvider router={router} />;
  render(
    <>
      {options.strict ? <StrictMode>{app}</StrictMode> : app}
      <Toaster />
    </>,
  );
  return router;
}

function splitUrl(url: string) {
  const [pathname = "/", search = ""] = url.split("?");
  return { pathname, search: search ? `?${search}` : "" };
}

export function signInLocally(user: PublicUser = ada, token = "session-token-of-ada") {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...user, token }));
}

export function storedUser(): (PublicUser & { token: string }) | null {
  const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as PublicUser & { token: string }) : null;
}

type Reply = { status: number; body?: unknown } | "network failure" | (() => Promise<Response>);

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/** Stands in for the API: answers each "METHOD /path" with the replies queued for it, in order. */
export function mockApi() {
  const queued = new Map<string, Reply[]>();
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const path = String(input).replace(/^\/api\/v1/, "");
    const headers = new Headers(init.headers);
    sent.push({
      method,
      path,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      authorization: headers.get("authorization"),
    });
    const reply = queued.get(`${method} ${path}`)?.shift();
    if (!reply) throw new Error(`No answer queued for ${method} ${path}`);
    if (reply === "network failure") throw new TypeError("Failed to fetch");
    if (typeof reply === "function") return reply();
    return jsonResponse(reply.status, reply.body);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    sent,
    answer(route: string, ...replies: Reply[]) {
      queued.set(route, [...(queued.get(route) ?? []), ...replies]);
      return this;
    },
  };
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? "" : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** A reply that waits until the test lets it go, to see the screen while a request is on its way. */
export function heldReply(status: number, body?: unknown) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    reply: async () => {
      await gate;
      return jsonResponse(status, body);
    },
    release: () => release(),
  };
}

export function resetAuthTestState() {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  window.localStorage.clear();
  toast.clear();
  forgetVerificationAttempts();
}
