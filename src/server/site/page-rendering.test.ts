import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noContacts } from "../../domain/site-contacts";
import { filePublishedDataSource, type FilePublishedDataSource } from "../datadesk/published-data-files";
import type { RenderRequest } from "./page-renderer";
import sharp from "sharp";
import { nigeriaMapOf, webSite } from "./web-app";

// The real pages, rendered by React Router from the app's own routes (compiled by Vite on the fly, so the
// test needs no `npm run build`), served by the web site from a published-data source that changes under
// it, as a publication on the data desk does.

let vite: ViteDevServer;
let cacheDir: string;
let source: FilePublishedDataSource;
let app: FastifyInstance;
/** Every path React Router was asked to render, in order. */
const rendered: string[] = [];
/** The verified reports' counts the pages read, and who is told when a review changes them. */
let verified = [{ stateId: 25, verified: 2 }];
const reviewListeners = new Set<() => void>();

beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), "page-rendering-vite-"));
  vite = await createServer({
    configFile: path.resolve("vite.config.ts"),
    cacheDir,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  const render: RenderRequest = (request, loadContext) => {
    rendered.push(new URL(request.url).pathname);
    return handler(request, loadContext as unknown as AppLoadContext);
  };
  source = await filePublishedDataSource();
  app = Fastify();
  await app.register(webSite, {
    buildDir: cacheDir,
    publishedData: source,
    site: { publicUrl: "https://atlas.example.ng", contacts: noContacts },
    render,
    nigeriaMap: async () => nigeriaMapOf(build),
    languages: ["en", "ha", "ig", "pcm", "yo"],
    verifiedReports: {
      countByState: async () => verified,
      onChange: (listener) => {
        reviewListeners.add(listener);
        return () => reviewListeners.delete(listener);
      },
    },
  });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await source?.close();
  await vite?.close();
  await rm(cacheDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });
const timesRendered = (pathname: string) => rendered.filter((one) => one === pathname).length;

/** The CSP's script hashes and the page's inline scripts' hashes, to compare. */
function scriptHashes(html: string, csp: string) {
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`,
  );
  const allowed = /script-src ([^;]*)/
    .exec(csp)?.[1]
    ?.split(" ")
    .filter((part) => part.startsWith("'sha256-"));
  return { inline: [...new Set(inline)].sort(), allowed: [...(allowed ?? [])].sort() };
}

describe("a state's page follows the published data", () => {
  it("shows the new law's name in English and Hausa after a publication, the old one before", async () => {
    // The law's name as the page's facts show it (the description mentions the old one in its own words;
    // in Hausa the English name is marked lang="en"). Compared as booleans: a page is 50 KB to print.
    const lagosLaw = /<dd(?: lang="en")?>Lagos State Special People&#x27;s Law, 2011<\/dd>/;
    const newLaw = "Lagos State Disability Rights Law, 2027";
    const showsNewLaw = /<dd(?: lang="en")?>Lagos State Disability Rights Law, 2027<\/dd>/;
    for (const url of ["/states/25", "/ha/states/25"]) {
      const before = await get(url);
      expect(before.statusCode, url).toBe(200);
      expect(lagosLaw.test(before.body), url).toBe(true);
      expect(before.body.includes(newLaw), url).toBe(false);
    }
    expect((await get("/ha/states/25")).body.startsWith('<!DOCTYPE html><html lang="ha"')).toBe(true);

    await source.publish((data) => ({
      ...data,
      states: data.states.map((state) =>
        state.id === 25 ? { ...state, law: { name: newLaw, year: 2027 } } : state,
      ),
    }));

    for (const url of ["/states/25", "/ha/states/25"]) {
      const after = await get(url);
      expect(after.statusCode, url).toBe(200);
      expect(showsNewLaw.test(after.body), url).toBe(true);
      expect(lagosLaw.test(after.body), url).toBe(false);
    }
    // The data of a move within the app, and the full records the home page loads, follow too.
    expect((await get("/states/25.data")).body.includes(newLaw)).toBe(true);
    expect((await get("/published/states.json")).json()).toContainEqual(
      expect.objectContaining({ id: 25, law: { name: newLaw, year: 2027 } }),
    );
  });
});

describe("texts readers read in the page's language", () => {
  const note = "Wannan rubutu da Turanci kawai yake.";
  /** The part of a page between a section's opening tag and its end. */
  const sectionOf = (html: string, heading: string) =>
    new RegExp(`<section aria-labelledby="${heading}"[^>]*>([\\s\\S]*?)</section>`).exec(html)?.[1] ?? "";
  const englishOverview = /<p [^>]*lang="en"[^>]*>Bauchi State is listed among/;

  it("marks an untranslated overview and findings English, after a Hausa note; shows a published translation as Hausa", async () => {
    const before = await get("/ha/states/5");
    expect(before.statusCode).toBe(200);
    const overview = sectionOf(before.body, "overview-heading");
    expect(englishOverview.test(overview)).toBe(true);
    expect(overview.includes(`>${note}</p>`)).toBe(true);
    const findings = sectionOf(before.body, "findings-heading");
    expect(/<ul [^>]*lang="en"/.test(findings)).toBe(true);
    expect(findings.includes(`>${note}</p>`)).toBe(true);
    // English pages as before: no note, nothing marked.
    const english = sectionOf((await get("/states/5")).body, "overview-heading");
    expect(english.includes("lang=")).toBe(false);
    expect(english.includes("English only")).toBe(false);

    const hausa = "Jihar Bauchi na cikin jihohin da ke da dokar kare haƙƙin masu nakasa.";
    await source.publish((data) => ({
      ...data,
      states: data.states.map((state) =>
        state.id === 5
          ? { ...state, translations: { ha: { desc: hausa }, yo: { desc: "Ìpínlẹ̀ Bauchi." } } }
          : state,
      ),
    }));
    const after = await get("/ha/states/5");
    const translated = sectionOf(after.body, "overview-heading");
    expect(new RegExp(`<p class="[^"]*">${hausa}</p>`).test(translated)).toBe(true);
    expect(translated.includes(note)).toBe(false);
    expect(englishOverview.test(after.body)).toBe(false);
    // The findings are not translated yet: still English, still said so.
    expect(sectionOf(after.body, "findings-heading").includes(`>${note}</p>`)).toBe(true);
    // The Hausa page carries no other language's text; the English page none at all.
    expect(after.body.includes("Ìpínlẹ̀ Bauchi.")).toBe(false);
    expect((await get("/states/5")).body.includes(hausa)).toBe(false);
  });

  it("marks an untranslated school description English, after a note in the page's language", async () => {
    const page = await get("/ha/schools/2");
    expect(page.statusCode).toBe(200);
    expect(page.body.includes(`${note}</p><span lang="en">Special school for deaf`)).toBe(true);
  });
});

describe("a record's last check on its page", () => {
  it("shows it near the sources, and the out-of-date note once a publication leaves it 18 months old", async () => {
    const note = "This information was last checked more than 18 months ago";
    const fresh = new Date().toISOString();
    await source.publish((data) => ({
      ...data,
      checkedAt: { ...data.checkedAt, state: { ...data.checkedAt.state, "12": fresh } },
    }));
    const recent = await get("/states/12");
    expect(recent.statusCode).toBe(200);
    expect(/<p>Last checked \d{1,2} [A-Z][a-z]+ \d{4}\.<\/p>/.test(recent.body)).toBe(true);
    expect(recent.body.includes(`<p role="note">${note}`)).toBe(false);

    await source.publish((data) => ({
      ...data,
      checkedAt: {
        ...data.checkedAt,
        state: { ...data.checkedAt.state, "12": "2024-03-10T09:00:00.000Z" },
        school: { ...data.checkedAt.school, "1": "2024-03-10T09:00:00.000Z" },
      },
    }));
    const old = await get("/states/12");
    expect(old.body.includes("<p>Last checked 10 March 2024.</p>")).toBe(true);
    expect(old.body.includes(`<p role="note">${note}`)).toBe(true);
    const school = await get("/schools/1");
    expect(school.body.includes("<p>Last checked 10 March 2024.</p>")).toBe(true);
    expect(school.body.includes(`<p role="note">${note}`)).toBe(true);
    const hausa = await get("/ha/states/12");
    expect(hausa.body.includes("watanni 18")).toBe(true);
  });
});

describe("the kept pages", () => {
  it("renders a page once and keeps it, per path and per language, until the data changes", async () => {
    await get("/states/7");
    await get("/states/7");
    await get("/ha/states/7");
    await get("/ha/states/7");
    expect(timesRendered("/states/7")).toBe(1);
    expect(timesRendered("/ha/states/7")).toBe(1);
    const kept = await get("/states/7");
    expect((await get("/states/7", { "if-none-match": String(kept.headers.etag) })).statusCode).toBe(304);

    await source.publish((data) => data);
    await get("/states/7");
    expect(timesRendered("/states/7")).toBe(2);
    expect(timesRendered("/ha/states/7")).toBe(1);
    await get("/ha/states/7");
    expect(timesRendered("/ha/states/7")).toBe(2);
  });

  it("renders the explorer's verified reports again after a review changed them, without a publication", async () => {
    const before = await get("/states?indicator=reports&view=table&utm_source=x");
    expect(before.body).toContain(
      "2 verified eyewitness reports come from 1 state; the most from Lagos (2).",
    );
    await get("/states?view=table&indicator=reports");
    expect(timesRendered("/states")).toBe(1);
    verified = [
      { stateId: 25, verified: 2 },
      { stateId: 20, verified: 1 },
    ];
    for (const listener of reviewListeners) listener();
    const after = await get("/states?indicator=reports&view=table");
    expect(after.body).toContain(
      "3 verified eyewitness reports come from 2 states; the most from Lagos (2).",
    );
    expect(timesRendered("/states")).toBe(2);
  });

  it("renders /states filtered and sorted as its address asks (its form works without JavaScript), once per combination", async () => {
    const before = timesRendered("/states");
    const url = "/states?status=No-Law-Yet&status=bogus&sort=state&dir=descending&zone=";
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Showing 7 of 37 states.");
    const statuses = [...page.body.matchAll(/data-law-status="([a-z-]+)"/g)].map((match) => match[1]);
    expect(statuses).toHaveLength(7);
    for (const status of statuses) expect(["awaiting-assent", "second-reading", "pending"]).toContain(status);
    const names = [...page.body.matchAll(/<tr[^>]*data-law-status[^>]*>\s*<th[^>]*><a[^>]*>([^<]+)</g)].map(
      (match) => match[1],
    );
    expect(names).toEqual([...names].sort().reverse());
    // The same combination, written another way: the same kept page.
    await get("/states?dir=Descending&status=no-law-yet&sort=state");
    expect(timesRendered("/states") - before, "kept once rendered").toBe(1);
    // The unfiltered page is kept as before.
    await get("/states?zone=Middle+Belt");
    await get("/states?zone=Middle+Belt");
    expect(timesRendered("/states") - before).toBeLessThanOrEqual(2);
  });

  it("keeps one copy of a page's data whatever else its query says", async () => {
    const routes = "_routes=routes%2Fschool";
    for (const query of [routes, `from=%2F%3Fschools%3Dlagos&${routes}`, `utm_source=x&from=%2F&${routes}`]) {
      expect((await get(`/schools/5.data?${query}`)).statusCode).toBe(200);
    }
    expect(timesRendered("/schools/5.data")).toBe(1);
  });

  it("answers an unknown path with the app's 'Page not found' and 404, in the path's language, never kept", async () => {
    const english = await get("/no/such/page");
    expect(english.statusCode).toBe(404);
    expect(english.body.includes("<h1>Page not found</h1>")).toBe(true);
    const yoruba = await get("/yo/no/such/page");
    expect(yoruba.statusCode).toBe(404);
    expect(yoruba.body.startsWith('<!DOCTYPE html><html lang="yo"')).toBe(true);
    const unknownState = await get("/states/99");
    expect(unknownState.statusCode).toBe(404);
    await get("/no/such/page");
    expect(timesRendered("/no/such/page")).toBe(2);
  });

  it("sends each page with a CSP that allows exactly its inline scripts, compressed once", async () => {
    for (const url of ["/", "/states/25", "/ha/schools/1", "/dashboard", "/no/such/page"]) {
      const response = await get(url);
      const { inline, allowed } = scriptHashes(
        response.body,
        String(response.headers["content-security-policy"]),
      );
      expect(inline.length, url).toBeGreaterThan(0);
      expect(allowed, url).toEqual(inline);
    }
    const brotli = await get("/states/25", { "accept-encoding": "br, gzip" });
    expect(brotli.headers["content-encoding"]).toBe("br");
  });

  it("serves the client-rendered pages' app shell, rendered once for the life of the server", async () => {
    const before = rendered.length;
    for (const url of ["/dashboard", "/ha/dashboard/profile", "/verify-email/abc"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body.includes('"isSpaMode":true'), url).toBe(true);
    }
    await source.publish((data) => data);
    await get("/dashboard");
    // At most the one render of the shell (none if an earlier test already made it).
    expect(rendered.length - before).toBeLessThanOrEqual(1);
  });

  it("answers the full records with the data's generation as ETag, 304 while it stands", async () => {
    const first = await get("/published/schools.json");
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    const etag = String(first.headers.etag);
    expect((await get("/published/schools.json", { "if-none-match": etag })).statusCode).toBe(304);
    await source.publish((data) => data);
    const changed = await get("/published/schools.json", { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe("a state's social card", () => {
  const languages = ["en", "ha", "ig", "pcm", "yo"];
  /** The page's <meta> of a property or name, as the server sent it. */
  const metaOf = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];
  const pngOf = async (url: string) => {
    const answer = await app.inject({ method: "GET", url });
    return { answer, bytes: answer.rawPayload };
  };

  it("is a 1200 × 630 PNG that a publication of the state's law status changes, at a new address", async () => {
    const page = (await get("/states/6")).body;
    const image = metaOf(page, "og:image")!;
    expect(image).toMatch(/^https:\/\/atlas\.example\.ng\/social\/states\/6\.png\?v=[0-9a-z]+$/);
    const before = await pngOf(image.replace("https://atlas.example.ng", ""));
    expect(before.answer.statusCode).toBe(200);
    expect(before.answer.headers["content-type"]).toBe("image/png");
    expect(before.answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const size = await sharp(before.bytes).metadata();
    expect([size.format, size.width, size.height]).toEqual(["png", 1200, 630]);
    expect(before.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    // An unchanged card is answered 304.
    const etag = String(before.answer.headers.etag);
    const again = await app.inject({
      method: "GET",
      url: "/social/states/6.png",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);

    // A publication that leaves Bayelsa's law as it was keeps its card and address.
    await source.publish((data) => ({
      ...data,
      states: data.states.map((state) =>
        state.id === 6 ? { ...state, email: "new@bayelsa.example.ng" } : state,
      ),
    }));
    expect(metaOf((await get("/states/6")).body, "og:image")).toBe(image);
    expect((await pngOf("/social/states/6.png")).answer.headers.etag).toBe(etag);

    await source.publish((data) => ({
      ...data,
      states: data.states.map((state) =>
        state.id === 6 ? { ...state, status: "Passed", law: { ...state.law, year: 2027 } } : state,
      ),
    }));
    const newImage = metaOf((await get("/states/6")).body, "og:image")!;
    expect(newImage).not.toBe(image);
    const after = await pngOf("/social/states/6.png");
    expect(after.answer.statusCode).toBe(200);
    expect(after.answer.headers.etag).not.toBe(etag);
    expect(after.bytes.equals(before.bytes)).toBe(false);
    expect((await sharp(after.bytes).metadata()).width).toBe(1200);
    // The old address is not kept for a year any more: it no longer shows its picture.
    expect((await pngOf(image.replace("https://atlas.example.ng", ""))).answer.headers["cache-control"]).toBe(
      "public, no-cache",
    );
    expect(metaOf((await get("/states/6")).body, "og:image:alt")).toBe(
      "Map of Nigeria with Bayelsa highlighted: disability law passed in 2027",
    );
  });

  it("is named on each state page in every language, with its size and a text alternative in the page's language", async () => {
    const alts = new Set<string>();
    for (const language of languages) {
      const prefix = language === "en" ? "" : `/${language}`;
      const html = (await get(`${prefix}/states/20`)).body;
      const image = metaOf(html, "og:image");
      expect(image, language).toMatch(
        new RegExp(`^https://atlas\\.example\\.ng${prefix}/social/states/20\\.png\\?v=`),
      );
      expect(metaOf(html, "og:image:width"), language).toBe("1200");
      expect(metaOf(html, "og:image:height"), language).toBe("630");
      expect(metaOf(html, "og:image:type"), language).toBe("image/png");
      expect(metaOf(html, "twitter:card"), language).toBe("summary_large_image");
      expect(metaOf(html, "twitter:image"), language).toBe(image);
      expect(metaOf(html, "og:url"), language).toBe(`https://atlas.example.ng${prefix}/states/20`);
      const alt = metaOf(html, "og:image:alt") ?? "";
      expect(alt, language).toContain("Kano");
      expect(alt, language).toContain("2018");
      expect(metaOf(html, "twitter:image:alt"), language).toBe(alt);
      alts.add(alt);
      const card = await pngOf(image!.replace("https://atlas.example.ng", ""));
      expect(card.answer.statusCode, language).toBe(200);
      expect((await sharp(card.bytes).metadata()).height, language).toBe(630);
    }
    expect(alts.has("Map of Nigeria with Kano highlighted: disability law passed in 2018")).toBe(true);
    // Five languages, five wordings.
    expect(alts.size).toBe(languages.length);
  });

  it("answers an unknown state's card with a 404 that says what the address should be", async () => {
    for (const url of ["/social/states/99.png", "/social/states/kano.png", "/ha/social/states/0.png"]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).toContain("/social/states/<state id>.png");
    }
  });
});

describe("the sitemap and robots.txt", () => {
  it("lists every public page in every language with its alternates, and follows a publication", async () => {
    const first = await get("/sitemap.xml");
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = first.body;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const data = await source.current();
    const pagesPerLanguage = 12 + data.states.length + data.schools.length;
    expect(locs).toHaveLength(pagesPerLanguage * 5);
    expect(new Set(locs).size).toBe(locs.length);
    for (const page of ["/", "/states/25", "/ha/states/25", "/pcm/schools", "/yo/data"]) {
      expect(locs).toContain(`https://atlas.example.ng${page}`);
    }
    expect(locs.some((loc) => loc?.includes("/dashboard"))).toBe(false);
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="ig" href="https://atlas.example.ng/ig/states/25"/>',
    );
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://atlas.example.ng/states/25"/>',
    );

    // A school leaves the directory (closed): the sitemap, made again, no longer lists its pages.
    const leaving = data.schools[0]!;
    await source.publish((now) => ({
      ...now,
      schools: now.schools.filter((school) => school.id !== leaving.id),
      closedSchools: [...now.closedSchools, leaving],
    }));
    const after = await get("/sitemap.xml");
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.body).not.toContain(`<loc>https://atlas.example.ng/schools/${leaving.id}</loc>`);
    expect(first.body).toContain(`<loc>https://atlas.example.ng/schools/${leaving.id}</loc>`);
    await source.publish((now) => ({
      ...now,
      schools: [...now.schools, leaving].sort((a, b) => Number(a.id) - Number(b.id)),
      closedSchools: now.closedSchools.filter((school) => school.id !== leaving.id),
    }));
  });

  it("names the sitemap at the site's address in robots.txt, and keeps the dashboard out", async () => {
    const robots = await get("/robots.txt");
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.body).toContain("Sitemap: https://atlas.example.ng/sitemap.xml");
    expect(robots.body).toContain("Disallow: /dashboard");
  });
});
