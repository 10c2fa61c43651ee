import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublishedChangesAnswer, RecordHistoryAnswer } from "../../../domain/api/history";
import { PUBLIC_EDITORS_NAME, historyMessages } from "../../../domain/datadesk/history";
import { PUBLIC_URL, buildTestApp, type AccountsTestApp } from "../../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../../test/server/databases";
import {
  addDocument,
  addEditor,
  addUnpublishedChange,
  publishDirectly,
} from "../../../test/server/publications";
import type { DatabaseHandle } from "../../db/database";
import { readSeed, seedDataDesk } from "../seed";
import { addressDetails } from "../../../test/server/datadesk";

// /api/v1/open/changes.json, changes.atom and history/:kind/:id: the published changes only, newest first,
// filtered by state and kind, paged, never naming an editor, revalidated by the data's generation.

const amina = { email: "amina.bello@example.org", firstname: "Amina", lastname: "Bello" };
const chidi = { email: "chidi.nwosu@example.org", firstname: "Chidi", lastname: "Nwosu" };

const seededAt = new Date("2026-11-01T08:00:00Z");
const LAGOS = "25";
const KANO = "20";
/** A Lagos school and a Kano school of data/schools.json. */
const ADDO_PRIMARY = "118";
const ZAREWA_SCHOOL = "91";

describe.each(testDatabaseKinds())("the public history of the data on %s", (kind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;
  let aminaId: number;
  let chidiId: number;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildTestApp(database);
    await seedDataDesk(t.db, await readSeed(), seededAt);
    aminaId = await addEditor(t.db, amina);
    chidiId = await addEditor(t.db, chidi);
    const lawText = await addDocument(t.db, {
      title: "Kano State Disability Law 2018 (gazette)",
      uploadedBy: aminaId,
      publishedOn: "2019-03-14",
    });
    ids.kanoLaw = await publishDirectly(t.db, {
      kind: "state",
      recordId: KANO,
      fields: [
        { field: "law.year", from: 2018, to: 2019 },
        { field: "key_findings", from: ["Old finding"], to: ["New finding", "Second finding"] },
      ],
      sourceDocumentId: lawText,
      note: "The gazette gives 2019 as the year of assent.",
      authorId: aminaId,
      reviewerId: chidiId,
      at: new Date("2026-11-10T09:00:00Z"),
    });
    ids.lagosStatus = await publishDirectly(t.db, {
      kind: "state",
      recordId: LAGOS,
      fields: [{ field: "status", from: "Passed", to: "Pending" }],
      sourceUrl: "https://lagosstate.gov.ng/news/disability-law-review",
      ...addressDetails,
      note: "The law is under review.",
      authorId: chidiId,
      reviewerId: aminaId,
      at: new Date("2026-11-12T09:00:00Z"),
    });
    ids.addoPhone = await publishDirectly(t.db, {
      kind: "school",
      recordId: ADDO_PRIMARY,
      fields: [{ field: "phone", from: "", to: "+2348012345678" }],
      // Not a web address: shown as text, never as a link.
      sourceUrl: "ftp://files.example.org/addo.txt",
      ...addressDetails,
      note: "The head teacher gave the number.",
      authorId: aminaId,
      reviewerId: chidiId,
      at: new Date("2026-11-14T09:00:00Z"),
    });
    ids.zarewaName = await publishDirectly(t.db, {
      kind: "school",
      recordId: ZAREWA_SCHOOL,
      fields: [{ field: "location", from: "Zarewa", to: "Zarewa, Rogo" }],
      sourceUrl: "https://kano.example.org/schools",
      ...addressDetails,
      note: "The ministry's list names the LGA too.",
      authorId: chidiId,
      reviewerId: aminaId,
      at: new Date("2026-11-15T09:00:00Z"),
    });
    ids.estimate = await publishDirectly(t.db, {
      kind: "estimate",
      recordId: "ndhs-2018",
      fields: [{ field: "notes", from: "", to: "Checked against the final report." }],
      sourceUrl: "https://dhsprogram.com/publications/publication-fr359-dhs-final-reports.cfm",
      ...addressDetails,
      note: "Checked.",
      authorId: aminaId,
      reviewerId: chidiId,
      at: new Date("2026-11-16T09:00:00Z"),
    });
    for (const status of ["proposed", "rejected", "withdrawn"] as const) {
      ids[status] = await addUnpublishedChange(t.db, {
        kind: "state",
        recordId: LAGOS,
        fields: [{ field: "agency", from: "LASODA", to: `Unpublished ${status}` }],
        sourceUrl: "https://example.org/unpublished",
        ...addressDetails,
        note: `A ${status} change`,
        authorId: aminaId,
        status,
        reason: status === "rejected" ? "No source says so." : undefined,
      });
    }
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });
  const changes = async (query = "") => {
    const response = await get(`/api/v1/open/changes.json${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PublishedChangesAnswer>();
  };

  it("lists every published change, newest first, with old → new, the source, the note and no editor", async () => {
    const answer = await changes();
    expect(answer.data.map((entry) => entry.id)).toEqual([
      ids.estimate,
      ids.zarewaName,
      ids.addoPhone,
      ids.lagosStatus,
      ids.kanoLaw,
    ]);
    expect(answer.meta).toEqual({ total: 5, page: 1, per_page: 50, last_page: 1 });
    const lagos = answer.data.find((entry) => entry.id === ids.lagosStatus);
    expect(lagos).toEqual({
      id: ids.lagosStatus,
      published_at: "2026-11-12T09:00:00.000Z",
      kind: "state",
      record_id: LAGOS,
      record_name: "Lagos",
      state_id: LAGOS,
      change_kind: "edit",
      version: 2,
      fields: [{ field: "status", label: "Law status", from: "Passed", to: "Pending" }],
      // The address with the title, publisher and day read its change gave.
      source: {
        url: "https://lagosstate.gov.ng/news/disability-law-review",
        title: addressDetails.sourceTitle,
        publisher: addressDetails.sourcePublisher,
        read: addressDetails.sourceRead,
        document: null,
      },
      note: "The law is under review.",
      from_correction: false,
      published_by: PUBLIC_EDITORS_NAME,
      history_url: `${PUBLIC_URL}/states/25/history`,
    });
    const kano = answer.data.find((entry) => entry.id === ids.kanoLaw);
    expect(kano?.source).toEqual({
      url: null,
      title: null,
      publisher: null,
      read: null,
      document: {
        title: "Kano State Disability Law 2018 (gazette)",
        publisher: "Lagos State Government",
        date: "2019-03-14",
        url: expect.stringMatching(
          new RegExp(`^${PUBLIC_URL}/documents/[0-9a-f-]{36}/kano-state-disability-law-2018-gazette\\.pdf$`),
        ),
      },
    });
    expect(kano?.fields[1]).toEqual({
      field: "key_findings",
      label: "Key findings",
      from: ["Old finding"],
      to: ["New finding", "Second finding"],
    });
    const addo = answer.data.find((entry) => entry.id === ids.addoPhone);
    expect(addo).toMatchObject({ record_name: "Addo Primary School", state_id: LAGOS, kind: "school" });
    expect(addo?.history_url).toBe(`${PUBLIC_URL}/schools/118/history`);
    const estimate = answer.data.find((entry) => entry.id === ids.estimate);
    expect(estimate?.history_url).toBe(`${PUBLIC_URL}/changes?kind=estimate`);
  });

  it("never shows a proposed, rejected or withdrawn change, nor an editor's name, e-mail or id", async () => {
    const bodies = [
      (await get("/api/v1/open/changes.json")).body,
      (await get("/api/v1/open/changes.atom")).body,
      (await get(`/api/v1/open/history/state/${LAGOS}`)).body,
      (await get(`/api/v1/open/history/state/${KANO}`)).body,
      (await get(`/api/v1/open/history/school/${ADDO_PRIMARY}`)).body,
    ];
    for (const body of bodies) {
      for (const secret of [
        ids.proposed,
        ids.rejected,
        ids.withdrawn,
        "Unpublished",
        "No source says so.",
        ...Object.values(amina),
        ...Object.values(chidi),
      ]) {
        expect(body.toLowerCase()).not.toContain(String(secret).toLowerCase());
      }
      // No field names who did it; the Atom feed's one <author> is the public name.
      expect(body).not.toMatch(/"[a-z_]*(author|reviewer|decided|user)[a-z_]*"\s*:/i);
      for (const author of body.match(/<author>[\s\S]*?<\/author>/g) ?? []) {
        expect(author).toBe(`<author><name>${PUBLIC_EDITORS_NAME}</name></author>`);
      }
    }
  });

  it("filters by state (the state and its schools) and by kind, and refuses what it does not know", async () => {
    const lagos = await changes("?state=lagos");
    expect(lagos.data.map((entry) => entry.id)).toEqual([ids.addoPhone, ids.lagosStatus]);
    expect(lagos.filters).toEqual({ state: LAGOS, kind: null });
    expect((await changes(`?state=${KANO}`)).data.map((entry) => entry.id)).toEqual([
      ids.zarewaName,
      ids.kanoLaw,
    ]);
    const kanoSchools = await changes("?state=kano&kind=school");
    expect(kanoSchools.data.map((entry) => entry.id)).toEqual([ids.zarewaName]);
    expect((await changes("?kind=estimate")).data.map((entry) => entry.id)).toEqual([ids.estimate]);
    expect((await changes("?state=abia")).data).toEqual([]);

    for (const [query, field, message] of [
      ["?kind=planet", "kind", historyMessages.badKind],
      ["?state=atlantis", "state", undefined],
      ["?page=0", "page", historyMessages.badPage],
      ["?per_page=1000", "per_page", historyMessages.badPerPage],
      ["?kind=state&kind=school", "kind", undefined],
    ] as const) {
      const response = await get(`/api/v1/open/changes.json${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ success: false, code: "VALIDATION_FAILED", field });
      if (message) expect(response.json().message).toBe(message);
      // Open data like the downloads: a script on another site can read why, a refusal of the schema's too.
      expect(response.headers["access-control-allow-origin"], query).toBe("*");
    }
    for (const url of ["/api/v1/open/changes.atom?page=0", `/api/v1/open/history/state/${LAGOS}?page=0`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers["access-control-allow-origin"], url).toBe("*");
    }
  });

  it("pages, newest first", async () => {
    const first = await changes("?per_page=2");
    expect(first.meta).toEqual({ total: 5, page: 1, per_page: 2, last_page: 3 });
    expect(first.data.map((entry) => entry.id)).toEqual([ids.estimate, ids.zarewaName]);
    const last = await changes("?per_page=2&page=3");
    expect(last.data.map((entry) => entry.id)).toEqual([ids.kanoLaw]);
  });

  it("gives one record's history, newest first, with when it was first published", async () => {
    const response = await get(`/api/v1/open/history/state/${LAGOS}`);
    expect(response.statusCode).toBe(200);
    const answer = response.json<RecordHistoryAnswer>();
    expect(answer).toMatchObject({
      kind: "state",
      record_id: LAGOS,
      record_name: "Lagos",
      state_id: LAGOS,
      first_published: seededAt.toISOString(),
      count: 1,
    });
    expect(answer.data.map((entry) => entry.id)).toEqual([ids.lagosStatus]);

    const untouched = (await get("/api/v1/open/history/state/1")).json<RecordHistoryAnswer>();
    expect(untouched).toMatchObject({ record_name: "Abia", count: 0, data: [] });

    const unknown = await get("/api/v1/open/history/state/99");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: "NOT_FOUND",
      message: historyMessages.unknownRecord("state", "99"),
    });
    const badKind = await get("/api/v1/open/history/planet/1");
    expect(badKind.statusCode).toBe(404);
    expect(badKind.json()).toMatchObject({
      code: "NOT_FOUND",
      message: historyMessages.unknownKind("planet"),
    });
  });

  it("answers 304 while the data's generation stays, and a new body once a publication raises it", async () => {
    const first = await get("/api/v1/open/changes.json?state=lagos");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    expect(first.headers["access-control-allow-origin"]).toBe("*");
    const again = await get("/api/v1/open/changes.json?state=lagos", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    // Another filter is another answer.
    const other = await get("/api/v1/open/changes.json?state=kano", { "if-none-match": etag });
    expect(other.statusCode).toBe(200);
    const record = await get(`/api/v1/open/history/state/${LAGOS}`);
    const recordAgain = await get(`/api/v1/open/history/state/${LAGOS}`, {
      "if-none-match": record.headers.etag as string,
    });
    expect(recordAgain.statusCode).toBe(304);

    const newer = await publishDirectly(t.db, {
      kind: "state",
      recordId: LAGOS,
      fields: [{ field: "status", from: "Pending", to: "Passed" }],
      sourceUrl: "https://lagosstate.gov.ng/news/review-ended",
      ...addressDetails,
      note: "The review ended.",
      authorId: aminaId,
      reviewerId: chidiId,
      at: new Date("2026-11-20T09:00:00Z"),
    });
    const after = await get("/api/v1/open/changes.json?state=lagos", { "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json<PublishedChangesAnswer>().data[0]?.id).toBe(newer);
    const recordAfter = await get(`/api/v1/open/history/state/${LAGOS}`, {
      "if-none-match": record.headers.etag as string,
    });
    expect(recordAfter.statusCode).toBe(200);
    expect(recordAfter.json<RecordHistoryAnswer>().data.map((entry) => entry.version)).toEqual([3, 2]);
  });

  it("serves the same changes as an Atom feed, with its filters and paging in its links", async () => {
    // The feed's XML and RFC 4287's required elements are checked in atom.test.ts (parsed as XML).
    const response = await get("/api/v1/open/changes.atom?state=lagos&per_page=1");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    const body = response.body;
    expect(body).toContain(`<id>${PUBLIC_URL}/api/v1/open/changes.atom?state=25</id>`);
    expect(body).toContain(
      `<link rel="self" href="${PUBLIC_URL}/api/v1/open/changes.atom?state=25&amp;per_page=1" type="application/atom+xml"/>`,
    );
    expect(body).toContain(
      `<link rel="next" href="${PUBLIC_URL}/api/v1/open/changes.atom?state=25&amp;page=2&amp;per_page=1" type="application/atom+xml"/>`,
    );
    expect(body).toContain(`<link rel="alternate" href="${PUBLIC_URL}/changes?state=25" type="text/html"/>`);
    expect(body.match(/<entry>/g)).toHaveLength(1);
    expect(body).toContain("<title>Lagos: Law status</title>");
    expect(body).toContain(`<link rel="alternate" href="${PUBLIC_URL}/states/25/history" type="text/html"/>`);
    const cached = await get("/api/v1/open/changes.atom?state=lagos&per_page=1", {
      "if-none-match": response.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
  });

  it("links only web addresses in the feed; other sources stay text, named by title, publisher and day read", async () => {
    const body = (await get("/api/v1/open/changes.atom?kind=school")).body;
    expect(body).not.toContain('href="ftp://files.example.org/addo.txt"');
    expect(body).toContain('<link rel="related" href="https://kano.example.org/schools"/>');
    expect(body).toContain(
      "Source: Report read for the test (Example Publisher), read 2024-06-01, ftp://files.example.org/addo.txt",
    );
  });
});
