import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noContacts } from "../../domain/site-contacts";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { addDocument, addEditor, publishDirectly } from "../../test/server/publications";
import { pageDocumentReader } from "../datadesk/documents/page-documents";
import type { DatabaseHandle } from "../db/database";
import { historyReader } from "../datadesk/history/history-reader";
import { proposeChange, publishChange, type Proposal } from "../datadesk/change-store";
import type { PublishedDataSource } from "../datadesk/published-data";
import { databasePublishedData } from "../datadesk/published-data-db";
import { readSeed, seedDataDesk } from "../datadesk/seed";
import type { RenderRequest } from "./page-renderer";
import { webSite } from "./web-app";
import { addressDetails } from "../../test/server/datadesk";

// The pages that read the data desk's database beyond the published records: the history pages,
// a merged school's old address, a closed school, and each field's own source, rendered on the server by
// the real routes (compiled by Vite on the fly) from the data desk's real tables, after publications.

const PUBLIC_URL = "https://atlas.example.ng";
let vite: ViteDevServer;
let cacheDir: string;
let handler: ReturnType<typeof createRequestHandler>;
/** Every path and query React Router was asked to render, in order. */
const rendered: string[] = [];

beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), "history-rendering-vite-"));
  vite = await createServer({
    configFile: path.resolve("vite.config.ts"),
    cacheDir,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  handler = createRequestHandler(build, "production");
}, 180_000);

afterAll(async () => {
  await vite?.close();
  await rm(cacheDir, { recursive: true, force: true });
});

/** Asks until `condition` holds, at most ~20 s: the publication reaches the site by its generation's poll. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the condition never held");
}

describe.each(testDatabaseKinds())("the history pages on %s", (kind) => {
  let database: DatabaseHandle;
  let source: PublishedDataSource;
  let app: FastifyInstance;
  let editorId: number;
  let reviewerId: number;
  /** A change proposed by one editor and published by another, as the data desk does it. */
  const proposeAndPublish = async (proposal: Partial<Proposal> & Pick<Proposal, "kind" | "recordId">) => {
    const id = await proposeChange(
      database.db,
      {
        changeKind: "edit",
        fields: {},
        sourceUrl: "https://example.ng/visit-2026",
        sourceTitle: "Visit to the school, 2026",
        sourcePublisher: "Example Ng",
        sourceRead: "2026-10-02",
        sourceDocumentId: "",
        note: "Checked with the school.",
        correctionId: "",
        mergeInto: "",
        ...proposal,
      },
      editorId,
      new Date(),
    );
    await publishChange(database.db, id, reviewerId, new Date());
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });
  const timesRendered = (url: string) => rendered.filter((one) => one === `${kind} ${url}`).length;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDataDesk(database.db, await readSeed(), new Date("2026-11-01T08:00:00Z"));
    editorId = await addEditor(database.db, {
      email: "ngozi@example.ng",
      firstname: "Ngozi",
      lastname: "Eze",
    });
    reviewerId = await addEditor(database.db, {
      email: "bayo@example.ng",
      firstname: "Bayo",
      lastname: "Okafor",
    });
    source = databasePublishedData(database, { listen: false, pollIntervalMs: 50 });
    const render: RenderRequest = (request, loadContext) => {
      const url = new URL(request.url);
      rendered.push(`${kind} ${url.pathname}${url.search}`);
      return handler(request, loadContext as unknown as AppLoadContext);
    };
    app = Fastify();
    await app.register(webSite, {
      buildDir: cacheDir,
      publishedData: source,
      site: { publicUrl: PUBLIC_URL, contacts: noContacts },
      history: historyReader(database.db, PUBLIC_URL),
      documents: pageDocumentReader(database.db),
      render,
      languages: ["en", "ha", "ig", "pcm", "yo"],
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await source?.close();
    await database?.close();
  });

  it("renders /states/20/history on the server, keeps it, and shows a publication's change after it", async () => {
    const note = "The state gazette of 2027 names the law's year of assent.";
    const before = await get("/states/20/history");
    expect(before.statusCode).toBe(200);
    expect(before.body.includes('"isSpaMode":true')).toBe(false);
    expect(/<h1[^>]*>History of [^<]+<\/h1>/.test(before.body)).toBe(true);
    expect(before.body.includes(">No published changes yet.<")).toBe(true);
    expect(before.body.includes(note)).toBe(false);
    await get("/states/20/history");
    expect(timesRendered("/states/20/history")).toBe(1);

    await publishDirectly(database.db, {
      kind: "state",
      recordId: "20",
      fields: [{ field: "law.year", from: null, to: 2027 }],
      sourceUrl: "https://example.ng/gazette-2027",
      ...addressDetails,
      note,
      authorId: editorId,
      reviewerId: editorId,
      at: new Date("2026-11-20T10:00:00Z"),
    });
    await until(async () => (await get("/states/20/history")).body.includes(note));
    const after = await get("/states/20/history");
    expect(after.statusCode).toBe(200);
    expect(after.body.includes(">No published changes yet.<")).toBe(false);
    expect(after.body.includes("https://example.ng/gazette-2027")).toBe(true);
    // Rendered again once for the publication, then kept.
    await get("/states/20/history");
    expect(timesRendered("/states/20/history")).toBe(2);
    // The Hausa page reads the same rows.
    const hausa = await get("/ha/states/20/history");
    expect(hausa.statusCode).toBe(200);
    expect(hausa.body.startsWith('<!DOCTYPE html><html lang="ha"')).toBe(true);
    expect(hausa.body.includes(note)).toBe(true);
  });

  it("renders /changes with its GET filter's query as a page of its own, a plain form before hydration", async () => {
    const all = await get("/changes");
    expect(all.statusCode).toBe(200);
    expect(/<form[^>]*action="\/changes" method="get"/.test(all.body)).toBe(true);
    const kano = await get("/changes?state=20&kind=school&utm_source=x");
    expect(kano.statusCode).toBe(200);
    // The filter is the page's; anything else in the query is not.
    expect(timesRendered("/changes?state=20&kind=school")).toBe(1);
    await get("/changes?kind=school&state=20");
    expect(timesRendered("/changes?state=20&kind=school")).toBe(1);
    expect(/<option value="20" selected=""/.test(kano.body)).toBe(true);
    // The router's data for the page: the filter and `_routes` kept, nothing else.
    const routes = "_routes=routes%2Fchanges";
    expect((await get(`/changes.data?state=20&kind=school&from=x&${routes}`)).statusCode).toBe(200);
    expect(timesRendered(`/changes.data?state=20&kind=school&${routes}`)).toBe(1);
  });

  it("links a state's law document once a publication names it, with its size, in Hausa too", async () => {
    const before = await get("/states/21");
    expect(before.statusCode).toBe(200);
    expect(before.body.includes(">Download the law (PDF")).toBe(false);
    const documentId = await addDocument(database.db, {
      title: "Katsina State Disability Law 2021",
      uploadedBy: editorId,
    });
    await publishDirectly(database.db, {
      kind: "state",
      recordId: "21",
      fields: [{ field: "law.document_id", from: null, to: documentId }],
      sourceDocumentId: documentId,
      note: "The law's gazetted text, uploaded.",
      authorId: editorId,
      reviewerId: editorId,
      at: new Date("2026-11-21T10:00:00Z"),
    });
    const link = `<a href="/documents/${documentId}/katsina-state-disability-law-2021.pdf" class="button" download="">Download the law (PDF, 1 KB)</a>`;
    await until(async () => (await get("/states/21")).body.includes(link));
    const hausa = await get("/ha/states/21");
    expect(hausa.body.includes(`/documents/${documentId}/katsina-state-disability-law-2021.pdf`)).toBe(true);
  });

  it("moves a merged school's old address to the school it was merged into for good, in its language; its history stays", async () => {
    expect((await get("/schools/3")).statusCode).toBe(200);
    await proposeAndPublish({ kind: "school", recordId: "3", changeKind: "merge", mergeInto: "4" });
    await until(async () => (await get("/schools/3")).statusCode === 301);
    expect((await get("/schools/3")).headers.location).toBe("/schools/4");
    const yoruba = await get("/yo/schools/3");
    expect(yoruba.statusCode).toBe(301);
    expect(yoruba.headers.location).toBe("/yo/schools/4");
    // The router's data request for a move within the app: its redirect, which the browser follows.
    const data = await get("/schools/3.data");
    expect(data.statusCode).toBeLessThan(400);
    expect(data.body).toContain("/schools/4");
    expect((await get("/schools/4")).statusCode).toBe(200);
    // The old record's history is its own past: still readable at its address.
    expect((await get("/schools/3/history")).statusCode).toBe(200);
  });

  it("keeps a closed school's page readable, marked closed", async () => {
    await proposeAndPublish({ kind: "school", recordId: "5", changeKind: "close" });
    await until(async () => (await get("/schools/5")).body.includes("This school has closed."));
    expect((await get("/schools/5")).statusCode).toBe(200);
    expect((await get("/ha/schools/5")).body).toContain("An rufe wannan makarantar.");
  });

  it("shows beside a field the source of its latest change, and in the record's sources, by title, publisher and day read", async () => {
    await proposeAndPublish({
      kind: "school",
      recordId: "6",
      fields: { phone: "0803 123 4567" },
      sourceUrl: "https://punchng.com/special-schools-phone-directory",
      sourceTitle: "Phone numbers of the special schools",
      sourcePublisher: "The Punch",
      sourceRead: "2026-10-02",
    });
    await proposeAndPublish({
      kind: "state",
      recordId: "23",
      fields: { agency: "Disability Affairs Commission" },
      sourceUrl: "https://guardian.ng/news/state-creates-disability-commission",
      sourceTitle: "State creates a disability commission",
      sourcePublisher: "The Guardian",
      sourceRead: "2026-09-14",
    });
    // The link's words may sit in an element marking their language (English content on every page).
    const phoneSource =
      /Source: <a href="https:\/\/punchng\.com\/special-schools-phone-directory" target="_blank" rel="noopener noreferrer">(<span[^>]*>)?Phone numbers of the special schools \(The Punch\)/;
    await until(async () => phoneSource.test((await get("/schools/6")).body));
    const school = (await get("/schools/6")).body;
    expect(school).toContain('href="tel:+2348031234567"');
    // Beside the phone, and once more in the school's sources, each with the day it was read (the page's
    // data for hydration may say them again).
    expect(school.split("Phone numbers of the special schools (The Punch)").length).toBeGreaterThanOrEqual(3);
    expect(school.split("Read 2 October 2026.").length).toBeGreaterThanOrEqual(3);
    // Once beside a field: no other fact of the school was changed with a source of its own.
    expect(school.split("Source: <a").length).toBe(2);
    await until(async () =>
      (await get("/states/23")).body.includes("State creates a disability commission (The Guardian)"),
    );
    expect((await get("/states/23")).body).toContain("Read 14 September 2026.");
    const hausa = (await get("/ha/states/23")).body;
    expect(hausa).toContain("Tushe: <a");
    expect(hausa).toContain("An karanta a ");
  });

  it("answers an unknown record's history with 404, never kept", async () => {
    expect((await get("/schools/999999/history")).statusCode).toBe(404);
    expect((await get("/schools/999999/history")).statusCode).toBe(404);
    expect(timesRendered("/schools/999999/history")).toBe(2);
  });
});
