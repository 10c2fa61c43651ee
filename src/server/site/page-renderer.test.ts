import { describe, expect, it } from "vitest";
import { noContacts } from "../../domain/site-contacts";
import type { PublishedData, PublishedDataSource } from "../datadesk/published-data";
import { PageRenderer } from "./page-renderer";

// The renderer's keeping alone, with a render that writes the path it was asked for (the real pages are
// rendered in page-rendering.test.ts).

function rendererCounting(limits: { maxKept: number; maxKeptOccasional: number }) {
  const rendered: string[] = [];
  const listeners = new Set<() => void>();
  const publishedData: PublishedDataSource = {
    current: async () => ({ generation: 1 }) as unknown as PublishedData,
    onChange: (listener) => {
      const called = () => listener(2);
      listeners.add(called);
      return () => listeners.delete(called);
    },
    close: async () => undefined,
  };
  const renderer = new PageRenderer({
    render: async (request) => {
      const url = new URL(request.url);
      rendered.push(url.pathname + url.search);
      return new Response(`<p>${url.pathname}</p>`, { headers: { "content-type": "text/html" } });
    },
    publishedData,
    site: { publicUrl: "https://atlas.example.ng", contacts: noContacts },
    contentSecurityPolicy: () => "default-src 'self'",
    ...limits,
  });
  const publish = () => listeners.forEach((listener) => listener());
  const times = (pathAndQuery: string) => rendered.filter((done) => done === pathAndQuery).length;
  return { renderer, publish, times };
}

describe("the page renderer's keeping", () => {
  it("keeps occasional queries apart: a run through many of them never pushes out the pages everyone reads", async () => {
    const { renderer, times } = rendererCounting({ maxKept: 2, maxKeptOccasional: 3 });
    await renderer.page("/");
    await renderer.page("/states");
    for (let zone = 0; zone < 10; zone++) await renderer.page(`/states?zone=${zone}`, "occasional");
    await renderer.page("/");
    await renderer.page("/states");
    expect(times("/")).toBe(1);
    expect(times("/states")).toBe(1);
    // The last three combinations are kept; the first went.
    await renderer.page("/states?zone=9", "occasional");
    await renderer.page("/states?zone=0", "occasional");
    expect(times("/states?zone=9")).toBe(1);
    expect(times("/states?zone=0")).toBe(2);
    expect(renderer.keptCount).toBe(5);
  });

  it("renders a query of typed text for each visitor, and forgets every kept answer on a publication", async () => {
    const { renderer, publish, times } = rendererCounting({ maxKept: 10, maxKeptOccasional: 10 });
    await renderer.page("/schools?name=kano", "never");
    await renderer.page("/schools?name=kano", "never");
    expect(times("/schools?name=kano")).toBe(2);
    await renderer.page("/states?zone=1", "occasional");
    await renderer.page("/states/25");
    expect(renderer.keptCount).toBe(2);
    publish();
    expect(renderer.keptCount).toBe(0);
    await renderer.page("/states?zone=1", "occasional");
    expect(times("/states?zone=1")).toBe(2);
  });
});
