import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signIn } from "../../test/web/reports";
import { startReviews } from "../features/moderation";
import { appQueryClient } from "../lib/query-client";
import { startPageQueries, type StartPageQueries } from "./page-queries";

// A signed-in route's clientLoader starts its page's query and returns at once; a refusal stays in the
// query for the page's list shell to say.

const request = (path: string) => new Request(`http://localhost${path}`);
const reviewsRoute: StartPageQueries = (client, params, viewer) => startReviews(client, params, viewer.role);

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  appQueryClient.clear();
});

describe("a signed-in route's loader", () => {
  it("starts the page's query for its address with the app's query client, without waiting for the answer", () => {
    signIn({ role: "moderator" });
    const fetch = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal("fetch", fetch);
    startPageQueries(request("/dashboard/reviews?status=verified&page=2"), reviewsRoute);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[] | undefined)?.[0])).toContain(
      "/api/v1/eyewitness/reviews?status=verified&page=2",
    );
    expect(appQueryClient.isFetching({ queryKey: ["reviews.list"] })).toBe(1);
  });

  it("keeps a 403 in the query for the page, never throwing it to the route", async () => {
    signIn({ role: "moderator" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          {
            success: false,
            message: "No.",
            code: "FORBIDDEN",
            problem: { key: "code.FORBIDDEN", params: {} },
          },
          { status: 403 },
        ),
      ),
    );
    expect(() => startPageQueries(request("/dashboard/reviews"), reviewsRoute)).not.toThrow();
    await waitFor(() => expect(appQueryClient.getQueryState(["reviews.list", ""])?.status).toBe("error"));
  });

  it("asks nothing for someone signed out, or whose role may not read the list", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    startPageQueries(request("/dashboard/reviews"), reviewsRoute);
    signIn({ role: "user" });
    startPageQueries(request("/dashboard/reviews"), reviewsRoute);
    expect(fetch).not.toHaveBeenCalled();
  });
});
