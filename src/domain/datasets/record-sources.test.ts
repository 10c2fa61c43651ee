import { describe, expect, it } from "vitest";
import {
  recordSourcesOf,
  sourceAddresses,
  sourcesToShow,
  storedDocumentWithSources,
  withSource,
  withSourceAddresses,
} from "./record-sources";
import { fieldValueAt, withFieldValueAt } from "../datadesk/source-field";

const punch = {
  url: "https://punchng.com/kano-signs-disability-law",
  title: "Kano signs disability law",
  publisher: "Punch",
  read: "2026-11-12",
};

describe("a record's sources", () => {
  it("turns a stored bare address into a source read in the record's month, and keeps sources as they are", () => {
    const stored = { id: 20, as_of: "2025-06", sources: ["https://guardian.ng/news/kano-passes-law", punch] };
    expect(storedDocumentWithSources(stored)).toEqual({
      id: 20,
      as_of: "2025-06",
      sources: [
        {
          url: "https://guardian.ng/news/kano-passes-law",
          title: "Kano passes law",
          publisher: "The Guardian (Nigeria)",
          read: "2025-06",
        },
        punch,
      ],
    });
    // A document whose sources are sources already, or that has none (an estimate), is the same object.
    const converted = { as_of: "2025-06", sources: [punch] };
    expect(storedDocumentWithSources(converted)).toBe(converted);
    const estimate = { id: "ndhs-2018", url: null };
    expect(storedDocumentWithSources(estimate)).toBe(estimate);
  });

  it("adds a change's source once: the same address gets the new title, publisher and day read", () => {
    const older = { ...punch, title: "Old title", read: "2024-01-02" };
    const other = recordSourcesOf(["https://example.ng/list"], "2025-06")[0]!;
    expect(withSource([older, other], punch)).toEqual([punch, other]);
    expect(withSource([other], punch)).toEqual([other, punch]);
  });

  it("keeps the details of addresses an edit keeps, and names a new one as its address tells, read that day", () => {
    const edited = withSourceAddresses(
      [punch],
      ["https://thecable.ng/lagos-disability-office", punch.url],
      "2026-11-30",
    );
    expect(edited).toEqual([
      {
        url: "https://thecable.ng/lagos-disability-office",
        title: "Lagos disability office",
        publisher: "TheCable",
        read: "2026-11-30",
      },
      punch,
    ]);
    expect(sourceAddresses(edited)).toEqual(["https://thecable.ng/lagos-disability-office", punch.url]);
  });

  it("keeps an uploaded document out of the address list, and in the record whatever the list becomes", () => {
    const gazette = {
      url: "/documents/3f2a1c4e-8b7d-4e6f-9a01-2b3c4d5e6f70/kano-law.pdf",
      title: "Kano State Disability Law",
      publisher: "Kano State Government",
      read: "2018-07-02",
    };
    expect(sourceAddresses([gazette, punch])).toEqual([punch.url]);
    expect(withSourceAddresses([gazette, punch], [], "2026-11-30")).toEqual([gazette]);
    const record = { as_of: "2025-06", sources: [gazette, punch] };
    expect(fieldValueAt(record, "sources")).toEqual([punch.url]);
    expect(withFieldValueAt(record, "sources", [punch.url], "2026-11-30")).toEqual({
      ...record,
      sources: [punch, gazette],
    });
  });

  it("is edited as a list of addresses: the form's value, a change's from and to", () => {
    const record = { as_of: "2025-06", sources: [punch], agency: "LASODA" };
    expect(fieldValueAt(record, "sources")).toEqual([punch.url]);
    expect(fieldValueAt({ sources: [punch.url] }, "sources")).toEqual([punch.url]);
    expect(fieldValueAt(record, "agency")).toBe("LASODA");
    expect(withFieldValueAt(record, "sources", [], "2026-11-30")).toEqual({ ...record, sources: [] });
  });

  it("shows each with its title, publisher and the day read in the page's language", () => {
    const [seeded, given] = sourcesToShow(
      [
        {
          url: "https://healthwise.punchng.com/?p=57034",
          title: "",
          publisher: "Punch Healthwise",
          read: "2026-11",
        },
        punch,
      ],
      "en",
    );
    expect(seeded).toEqual({
      url: "https://healthwise.punchng.com/?p=57034",
      title: null,
      publisher: "Punch Healthwise",
      read: "November 2026",
    });
    expect(given).toEqual({ ...punch, read: "12 November 2026" });
  });
});
