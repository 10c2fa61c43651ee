// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import type { PublishedChange } from "../../../domain/api/history";
import { PUBLIC_EDITORS_NAME, historyMessages } from "../../../domain/datadesk/history";
import { atomFeed, type AtomFeed } from "./atom";

// The feed parsed as XML (jsdom's DOMParser, so a document that is not well-formed fails) and checked
// against RFC 4287's rules for atom:feed (§4.1.1) and atom:entry (§4.1.2).

const ATOM = "http://www.w3.org/2005/Atom";
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const lagosStatus: PublishedChange = {
  id: "5b0b3c1e-4f6a-4d55-9a43-2b0c8a1f6d10",
  published_at: "2026-11-12T09:00:00.000Z",
  kind: "state",
  record_id: "25",
  record_name: "Lagos",
  state_id: "25",
  change_kind: "edit",
  version: 2,
  fields: [
    { field: "status", label: "status", from: "Passed", to: "Pending" },
    { field: "law.year", label: "law.year", from: null, to: 2011 },
  ],
  source: {
    url: "https://lagosstate.gov.ng/news?a=1&b=<2>",
    title: "Lagos passes its disability law",
    publisher: "Lagos State Government",
    read: "2026-11-01",
    document: null,
  },
  // Characters XML gives a meaning to, and one it forbids (a form feed).
  note: 'Under review: "A & B" <not markup>\f',
  from_correction: false,
  published_by: PUBLIC_EDITORS_NAME,
  history_url: "https://atlas.example/states/25/history",
};

const schoolWithDocument: PublishedChange = {
  ...lagosStatus,
  id: "0f1d2e3c-4b5a-4697-8877-665544332211",
  published_at: "2026-11-10T09:00:00.000Z",
  kind: "school",
  record_id: "118",
  record_name: "Addo Primary School",
  fields: [{ field: "phone", label: "phone", from: "", to: "+2348012345678" }],
  source: {
    url: "ftp://files.example.org/addo.txt",
    title: null,
    publisher: null,
    read: null,
    document: {
      title: "Lagos schools list 2026",
      publisher: "Lagos State Ministry of Education",
      date: null,
      url: "https://atlas.example/api/v1/documents/abc",
    },
  },
  note: "The head teacher gave the number.",
  history_url: "https://atlas.example/schools/118/history",
};

const feed: AtomFeed = {
  id: "https://atlas.example/api/v1/open/changes.atom?state=25",
  self: "https://atlas.example/api/v1/open/changes.atom?state=25&per_page=2",
  alternate: "https://atlas.example/changes?state=25",
  first: "https://atlas.example/api/v1/open/changes.atom?state=25&per_page=2",
  last: "https://atlas.example/api/v1/open/changes.atom?state=25&page=3&per_page=2",
  next: "https://atlas.example/api/v1/open/changes.atom?state=25&page=2&per_page=2",
  previous: null,
  updated: new Date("2026-11-12T09:00:00.000Z"),
  entries: [lagosStatus, schoolWithDocument],
};

function parse(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, "application/xml");
  expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
  return document;
}

const children = (parent: Element, name: string) =>
  [...parent.children].filter((child) => child.localName === name && child.namespaceURI === ATOM);

function only(parent: Element, name: string): Element {
  const found = children(parent, name);
  expect(found, `exactly one atom:${name} in atom:${parent.localName}`).toHaveLength(1);
  return found[0] as Element;
}

describe("the changes' Atom feed", () => {
  const document = parse(atomFeed(feed));
  const root = document.documentElement;

  it("is an atom:feed with exactly one id, title and updated, an author, and a self link", () => {
    expect(root.localName).toBe("feed");
    expect(root.namespaceURI).toBe(ATOM);
    expect(only(root, "id").textContent).toBe(feed.id);
    expect(only(root, "title").textContent).toBe(historyMessages.feedTitle);
    expect(only(root, "updated").textContent).toMatch(RFC3339);
    // An author on the feed: entries need none of their own, and it is never an editor's name.
    expect(only(only(root, "author"), "name").textContent).toBe(PUBLIC_EDITORS_NAME);
    const links = children(root, "link").map((link) => [link.getAttribute("rel"), link.getAttribute("href")]);
    expect(links).toContainEqual(["self", feed.self]);
    expect(links).toContainEqual(["alternate", feed.alternate]);
    expect(links).toContainEqual(["next", feed.next]);
    expect(links.map(([rel]) => rel)).not.toContain("previous");
    // At most one alternate link per type (§4.1.1).
    expect(links.filter(([rel]) => rel === "alternate")).toHaveLength(1);
  });

  it("gives each entry exactly one id (an IRI), title, updated, an alternate link and a text summary", () => {
    const entries = children(root, "entry");
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      expect(only(entry, "id").textContent).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(only(entry, "title").textContent).not.toBe("");
      expect(only(entry, "updated").textContent).toMatch(RFC3339);
      const alternates = children(entry, "link").filter((link) => link.getAttribute("rel") === "alternate");
      expect(alternates).toHaveLength(1);
      expect(only(entry, "summary").getAttribute("type")).toBe("text");
    }
    const [lagos, school] = entries as [Element, Element];
    expect(only(lagos, "title").textContent).toBe("Lagos: status, law.year");
    expect(only(lagos, "summary").textContent).toBe(
      [
        "status: Passed → Pending",
        "law.year: (empty) → 2011",
        "Source: Lagos passes its disability law (Lagos State Government), read 2026-11-01, https://lagosstate.gov.ng/news?a=1&b=<2>",
        'Note: Under review: "A & B" <not markup>',
      ].join("\n"),
    );
    const alternate = children(school, "link").find((link) => link.getAttribute("rel") === "alternate");
    expect(alternate?.getAttribute("href")).toBe("https://atlas.example/schools/118/history");
  });

  it("links web sources and documents, and leaves other addresses as text", () => {
    const [lagos, school] = children(root, "entry") as [Element, Element];
    const related = (entry: Element) =>
      children(entry, "link")
        .filter((link) => link.getAttribute("rel") === "related")
        .map((link) => link.getAttribute("href"));
    expect(related(lagos)).toEqual(["https://lagosstate.gov.ng/news?a=1&b=<2>"]);
    expect(related(school)).toEqual(["https://atlas.example/api/v1/documents/abc"]);
    expect(only(school, "summary").textContent).toContain("Source: ftp://files.example.org/addo.txt");
    expect(only(school, "summary").textContent).toContain(
      "Source: Lagos schools list 2026 (https://atlas.example/api/v1/documents/abc)",
    );
  });

  it("is still a valid feed with no entries", () => {
    const empty = parse(atomFeed({ ...feed, next: null, entries: [] })).documentElement;
    expect(children(empty, "entry")).toHaveLength(0);
    expect(only(empty, "id").textContent).toBe(feed.id);
    expect(only(empty, "updated").textContent).toBe("2026-11-12T09:00:00.000Z");
  });
});
