import { describe, expect, it } from "vitest";
import country from "../../../../data/country-ng.json";
import type { Country } from "../../../domain/datasets/schemas";
import type { PageData, PageDocument } from "../datasets";
import type { Route } from "./+types/sdir";
import { loader } from "./sdir";

// /sdir's DOWNLOAD NOW is the PDF the national record names (data desk), read through the load
// context like every published fact: none named, or one that does not exist, and the page says so.

const report: PageDocument = {
  id: "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b",
  title: "State of Disability Inclusion Report 2024",
  fileName: "state-of-disability-inclusion-report-2024.pdf",
  bytes: 1_258_291,
};

function contextWith(documentId: string | undefined) {
  const published = {
    generation: 2,
    states: [],
    schools: [],
    estimates: {},
    country: {
      ...(country as Country),
      sdir: documentId === undefined ? undefined : { document_id: documentId },
    },
  } as unknown as PageData;
  return {
    publishedData: published,
    documents: { find: async (ids: readonly string[]) => [report].filter((known) => ids.includes(known.id)) },
  };
}

const load = (documentId: string | undefined) =>
  loader({
    request: new Request("http://localhost/sdir"),
    params: {},
    context: contextWith(documentId),
  } as unknown as Route.LoaderArgs);

describe("the SDIR page's loader", () => {
  it("gives the uploaded report's address and size when the national record names it", async () => {
    expect((await load(report.id)).pdf).toEqual({
      href: `/documents/${report.id}/state-of-disability-inclusion-report-2024.pdf`,
      size: "1.2 MB",
    });
  });

  it("gives no PDF when none is named, or the named one does not exist", async () => {
    expect((await load(undefined)).pdf).toBeNull();
    expect((await load("")).pdf).toBeNull();
    expect((await load("0b7f3c1e-52d4-4c1e-9f57-0d3f0a6c9a11")).pdf).toBeNull();
  });
});
