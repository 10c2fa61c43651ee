import { describe, expect, it } from "vitest";
import {
  pdfIdentity,
  pdfPageText,
  pdfTitle,
  pdfWithMetadata,
  readPdf,
  type PdfOptions,
} from "../../../test/server/pdfs";
import { PdfCleaningProblem, removePdfMetadata } from "./pdf-metadata";

// The PDFs are real files made by the test (src/test/server/pdfs.ts); each is read back after cleaning
// as a viewer reads it (cross-reference → catalogue → page → text), so a cleaned file must still open.

const identifying = Object.values(pdfIdentity);

const variants: [string, PdfOptions][] = [
  ["a classic PDF (cross-reference table)", {}],
  ["a PDF 1.5 with a compressed object stream and a cross-reference stream", { objectStreams: true }],
  ["a PDF saved again (an incremental update with a second Info dictionary)", { incrementalUpdate: true }],
  ["a PDF 1.5 saved again", { objectStreams: true, incrementalUpdate: true }],
  ["a PDF whose Author is an indirect string object", { indirectAuthor: true }],
];

describe.each(variants)("removePdfMetadata, on %s", (_name, options) => {
  const original = pdfWithMetadata(options);
  const cleaned = removePdfMetadata(original);

  it("starts from a file that names its author, creator and producer, in Info and XMP", () => {
    const read = readPdf(original);
    expect(read.everything).toContain(pdfIdentity.author);
    expect(read.everything).toContain(pdfIdentity.xmpCreator);
    expect(read.info).toContain("/Producer");
    expect(read.catalogue).toContain("/Metadata");
  });

  it("leaves none of them anywhere in the file, compressed parts included", () => {
    const read = readPdf(cleaned);
    for (const value of identifying) expect(read.everything).not.toContain(value);
    expect(read.everything).not.toMatch(/\/(Author|Creator|Producer)\b/);
    expect(read.everything).not.toContain("xpacket");
    expect(read.catalogue).not.toContain("/Metadata");
  });

  it("still opens: the same page text and title, every offset still true", () => {
    const read = readPdf(cleaned);
    expect(read.pageText).toBe(pdfPageText);
    expect(read.info).toContain(`/Title (${pdfTitle})`);
    expect(cleaned.length).toBe(original.length);
  });

  it("finds nothing more to remove the second time", () => {
    expect(removePdfMetadata(cleaned).equals(cleaned)).toBe(true);
  });
});

describe("removePdfMetadata refuses what it cannot clean", () => {
  it("refuses a file that is not a PDF", () => {
    expect(() => removePdfMetadata(Buffer.from("<!doctype html><title>law</title>"))).toThrow(
      PdfCleaningProblem,
    );
  });

  it("refuses an object stream it cannot decode (encrypted or damaged) rather than publish it", () => {
    const pdf = pdfWithMetadata({ objectStreams: true });
    const text = pdf.toString("latin1");
    const dataStart = text.indexOf("stream\n", text.indexOf("/Type /ObjStm")) + "stream\n".length;
    const damaged = Buffer.from(pdf);
    damaged.fill(0x41, dataStart, dataStart + 8);
    expect(() => removePdfMetadata(damaged)).toThrow(/encrypted or damaged/);
  });

  it("refuses a dictionary that does not end", () => {
    const broken = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Author (x) /Title (y)\n");
    expect(() => removePdfMetadata(broken)).toThrow(PdfCleaningProblem);
  });
});
