import { chromium } from "@playwright/test";
import { deflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
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

describe("removePdfMetadata, on a PDF Chromium prints (Skia's writer, compressed streams)", () => {
  let printed: Buffer;

  beforeAll(async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    });
    try {
      const page = await browser.newPage();
      await page.setContent(
        "<title>Lagos State Special People's Law</title><h1>Lagos State Special People's Law, 2011</h1><p>Section 1.</p>",
      );
      printed = await page.pdf({ tagged: true });
    } finally {
      await browser.close();
    }
  });

  it("removes the Creator (the browser, with escaped brackets) and the Producer, and the file still opens", () => {
    const original = readPdf(printed);
    expect(original.info).toMatch(/\/Creator \(Mozilla\/5\.0 \\\(/);
    expect(original.info).toContain("/Producer (Skia/PDF");

    const cleaned = readPdf(removePdfMetadata(printed));
    expect(cleaned.everything).not.toMatch(/\/(Author|Creator|Producer)\b/);
    expect(cleaned.everything).not.toContain("Skia/PDF");
    expect(cleaned.everything).not.toContain("Mozilla/5.0");
    expect(cleaned.info).toContain("/Title (Lagos State Special People's Law)");
    expect(cleaned.catalogue).toBe(original.catalogue);
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

  it("refuses objects nested deeper than any real file, without exhausting the stack", () => {
    const deep = Buffer.from(`%PDF-1.4\n1 0 obj\n${"[".repeat(100_000)}\nendobj\n`);
    expect(() => removePdfMetadata(deep)).toThrow(/nest too deeply/);
  });

  it("refuses an object stream that would decompress to more than 64 MB", () => {
    const bomb = deflateSync(Buffer.alloc(80 * 1024 * 1024, 0x20));
    const pdf = Buffer.concat([
      Buffer.from(
        `%PDF-1.5\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`,
      ),
      bomb,
      Buffer.from("\nendstream\nendobj\n"),
    ]);
    expect(() => removePdfMetadata(pdf)).toThrow(/encrypted or damaged/);
  });

  it("refuses a dictionary that does not end", () => {
    const broken = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Author (x) /Title (y)\n");
    expect(() => removePdfMetadata(broken)).toThrow(PdfCleaningProblem);
  });
});
