import { deflateSync, inflateSync } from "node:zlib";

// Real PDF files for the documents tests, written byte by byte as a PDF writer does: one page with a
// line of text, an Info dictionary naming who made it (Author, Creator, Producer) and an XMP metadata
// stream saying the same, with a cross-reference table whose offsets are exact. Variants: the objects
// packed in a Flate-compressed object stream with a cross-reference stream (PDF 1.5, as Word and most
// current writers save), an incremental update that adds a second Info dictionary, and an Author given
// as an indirect string object. `readPdf` reads one back as a viewer would: through its cross-reference
// table or stream, from the trailer to the catalogue, the page tree and the page's text.

export const pdfIdentity = {
  author: "Musa Ibrahim Danjuma",
  creator: "Microsoft Word for Kano Ministry",
  producer: "Acrobat Distiller 11.0 (Windows)",
  xmpCreator: "Hauwa Bello Tofa",
  xmpTool: "InDesign 2026 Kano Press",
  updatedAuthor: "Chinedu Second Revision",
} as const;

export const pdfTitle = "Kano State Disability Rights Law 2018";
export const pdfPageText = "Kano State Persons with Disabilities Law";

export interface PdfOptions {
  /** Pack the catalogue and the Info dictionary in a compressed object stream (PDF 1.5). */
  objectStreams?: boolean;
  /** Append an incremental update with a second Info dictionary (another Author). */
  incrementalUpdate?: boolean;
  /** Give the Author as a reference to a string object. */
  indirectAuthor?: boolean;
  /** Pad the page's content to about this many bytes (for the size limits). */
  padTo?: number;
}

const xmp = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<dc:creator><rdf:Seq><rdf:li>${pdfIdentity.xmpCreator}</rdf:li></rdf:Seq></dc:creator>
<xmp:CreatorTool>${pdfIdentity.xmpTool}</xmp:CreatorTool>
<pdf:Producer>${pdfIdentity.producer}</pdf:Producer>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;

function infoDict(author: string, indirectAuthorRef?: number): string {
  const authorEntry = indirectAuthorRef ? `${indirectAuthorRef} 0 R` : `(${author})`;
  return `<< /Title (${pdfTitle}) /Author ${authorEntry} /Creator (${pdfIdentity.creator}) /Producer (${pdfIdentity.producer}) /CreationDate (D:20180512093000+01'00') >>`;
}

/** A PDF whose Info dictionary and XMP name its author, creator and producer. */
export function pdfWithMetadata(options: PdfOptions = {}): Buffer {
  const padding = options.padTo ? `% ${"x".repeat(Math.max(0, options.padTo - 1200))}\n` : "";
  const content = `BT /F1 18 Tf 72 720 Td (${pdfPageText}) Tj ET\n${padding}`;
  const xmpBytes = Buffer.from(xmp, "utf8");
  // 1 catalogue, 2 pages, 3 page, 4 content, 5 font, 6 XMP, 7 Info, 8 the author string (when indirect)
  const objects = new Map<number, Buffer>([
    [1, Buffer.from("<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R >>")],
    [2, Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")],
    [
      3,
      Buffer.from(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
      ),
    ],
    [4, streamObject(`<< /Length ${Buffer.byteLength(content)} >>`, Buffer.from(content, "latin1"))],
    [5, Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")],
    [6, streamObject(`<< /Type /Metadata /Subtype /XML /Length ${xmpBytes.length} >>`, xmpBytes)],
    [7, Buffer.from(infoDict(pdfIdentity.author, options.indirectAuthor ? 8 : undefined))],
  ]);
  if (options.indirectAuthor) objects.set(8, Buffer.from(`(${pdfIdentity.author})`));

  const pdf = options.objectStreams ? packedPdf(objects) : classicPdf(objects);
  // The update's Info dictionary takes the next free number (after the object and xref streams, if any).
  const nextNumber = objects.size + (options.objectStreams ? 3 : 1);
  return options.incrementalUpdate ? withIncrementalUpdate(pdf, nextNumber) : pdf;
}

function streamObject(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${dict}\nstream\n`), data, Buffer.from("\nendstream")]);
}

const header = Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", "latin1");

function classicPdf(objects: Map<number, Buffer>): Buffer {
  const parts: Buffer[] = [header];
  let length = header.length;
  const offsets: number[] = [];
  for (const [number, body] of objects) {
    offsets[number] = length;
    const object = Buffer.concat([Buffer.from(`${number} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    parts.push(object);
    length += object.length;
  }
  const size = objects.size + 1;
  const rows = ["0000000000 65535 f \n"];
  for (let number = 1; number < size; number += 1) {
    rows.push(`${String(offsets[number]).padStart(10, "0")} 00000 n \n`);
  }
  parts.push(
    Buffer.from(
      `xref\n0 ${size}\n${rows.join("")}trailer\n<< /Size ${size} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** The catalogue, page tree, font and Info in an object stream; a cross-reference stream. */
function packedPdf(objects: Map<number, Buffer>): Buffer {
  const packedNumbers = [...objects.keys()].filter((number) => ![4, 6].includes(number));
  let packedBody = "";
  const pairs: string[] = [];
  for (const number of packedNumbers) {
    pairs.push(`${number} ${packedBody.length}`);
    packedBody += `${objects.get(number)!.toString("latin1")}\n`;
  }
  const head = `${pairs.join(" ")}\n`;
  const compressed = deflateSync(Buffer.from(head + packedBody, "latin1"));
  const objectStreamNumber = objects.size + 1;
  const xrefNumber = objects.size + 2;

  const parts: Buffer[] = [header];
  let length = header.length;
  const entries = new Map<number, [number, number, number]>();
  const append = (number: number, body: Buffer) => {
    entries.set(number, [1, length, 0]);
    const object = Buffer.concat([Buffer.from(`${number} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    parts.push(object);
    length += object.length;
  };
  for (const number of [4, 6]) append(number, objects.get(number)!);
  append(
    objectStreamNumber,
    streamObject(
      `<< /Type /ObjStm /N ${packedNumbers.length} /First ${head.length} /Filter /FlateDecode /Length ${compressed.length} >>`,
      compressed,
    ),
  );
  packedNumbers.forEach((number, index) => entries.set(number, [2, objectStreamNumber, index]));
  const xrefOffset = length;
  entries.set(xrefNumber, [1, xrefOffset, 0]);
  const size = xrefNumber + 1;
  const rows: Buffer[] = [];
  for (let number = 0; number < size; number += 1) {
    const [type, field2, field3] = entries.get(number) ?? [0, 0, 65535];
    const row = Buffer.alloc(7);
    row.writeUInt8(type, 0);
    row.writeUInt32BE(field2, 1);
    row.writeUInt16BE(field3, 5);
    rows.push(row);
  }
  const xrefData = Buffer.concat(rows);
  parts.push(
    Buffer.concat([
      Buffer.from(`${xrefNumber} 0 obj\n`),
      streamObject(
        `<< /Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R /Info 7 0 R /Length ${xrefData.length} >>`,
        xrefData,
      ),
      Buffer.from(`\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`),
    ]),
  );
  return Buffer.concat(parts);
}

/** A second revision, as an editor saving the file again makes: a new Info dictionary, appended. */
function withIncrementalUpdate(pdf: Buffer, infoNumber: number): Buffer {
  const previousXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString("latin1"))?.[1]);
  const info = Buffer.from(
    `${infoNumber} 0 obj\n${infoDict(pdfIdentity.updatedAuthor).replace(pdfIdentity.creator, "LibreOffice 25.2")}\nendobj\n`,
  );
  const infoOffset = pdf.length;
  const xrefOffset = infoOffset + info.length;
  const packed = !pdf.includes("\ntrailer\n");
  if (packed) {
    // A cross-reference stream for the new object, pointing back at the first.
    const xrefNumber = infoNumber + 1;
    const row = (offset: number) => {
      const bytes = Buffer.alloc(7);
      bytes.writeUInt8(1, 0);
      bytes.writeUInt32BE(offset, 1);
      return bytes;
    };
    const data = Buffer.concat([row(infoOffset), row(xrefOffset)]);
    return Buffer.concat([
      pdf,
      info,
      Buffer.from(`${xrefNumber} 0 obj\n`),
      streamObject(
        `<< /Type /XRef /Size ${xrefNumber + 1} /Index [${infoNumber} 2] /W [1 4 2] /Root 1 0 R /Info ${infoNumber} 0 R /Prev ${previousXref} /Length ${data.length} >>`,
        data,
      ),
      Buffer.from(`\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`),
    ]);
  }
  return Buffer.concat([
    pdf,
    info,
    Buffer.from(
      `xref\n${infoNumber} 1\n${String(infoOffset).padStart(10, "0")} 00000 n \ntrailer\n<< /Size ${infoNumber + 1} /Root 1 0 R /Info ${infoNumber} 0 R /Prev ${previousXref} >>\nstartxref\n${xrefOffset}\n%%EOF\n`,
    ),
  ]);
}

export interface ReadPdf {
  /** The text drawn on the first page (the strings of its Tj operators). */
  pageText: string;
  /** The Info dictionary of the newest revision, as written. */
  info: string;
  /** The catalogue, as written. */
  catalogue: string;
  /** Every object's text, packed ones decompressed: what a search of the file by a reader finds. */
  everything: string;
}

/**
 * Reads a PDF as a viewer does: startxref → the newest cross-reference section (table or stream, and
 * the older ones by /Prev) → each object at its offset (which must start `N 0 obj`) or in its object
 * stream → /Root → /Pages → the first page's content. Throws when any step does not hold.
 */
export function readPdf(pdf: Buffer): ReadPdf {
  const text = pdf.toString("latin1");
  if (!text.startsWith("%PDF-")) throw new Error("no %PDF- header");
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!startxref) throw new Error("no startxref at the end");
  const located = new Map<number, { offset: number } | { stream: number; index: number }>();
  let trailer: string | null = null;
  let next: number | null = Number(startxref[1]);
  while (next !== null) {
    const section = readXrefSection(pdf, text, next);
    trailer ??= section.trailer;
    for (const [number, place] of section.entries) if (!located.has(number)) located.set(number, place);
    const prev = /\/Prev\s+(\d+)/.exec(section.trailer);
    next = prev ? Number(prev[1]) : null;
  }
  const objectText = (number: number): string => {
    const place = located.get(number);
    if (!place) throw new Error(`object ${number} is in no cross-reference section`);
    if ("offset" in place) {
      const found = new RegExp(`^${number} 0 obj\\s*([\\s\\S]*?)endobj`).exec(text.slice(place.offset));
      if (!found)
        throw new Error(`object ${number}'s offset ${place.offset} does not start "${number} 0 obj"`);
      return found[1]!;
    }
    const streamText = objectText(place.stream);
    const content = streamData(pdf, text, located, place.stream).toString("latin1");
    return packedObject(content, streamText, place.index);
  };
  const refIn = (object: string, key: string): number => {
    const found = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(object);
    if (!found) throw new Error(`no /${key} reference in ${object}`);
    return Number(found[1]);
  };
  const catalogue = objectText(refIn(trailer!, "Root"));
  if (!/\/Type\s*\/Catalog/.test(catalogue)) throw new Error("/Root is not a catalogue");
  const pages = objectText(refIn(catalogue, "Pages"));
  const firstPage = Number(/\/Kids\s*\[\s*(\d+)\s+0\s+R/.exec(pages)?.[1]);
  const content = streamData(pdf, text, located, refIn(objectText(firstPage), "Contents"));
  const pageText = [...content.toString("latin1").matchAll(/\(([^)]*)\)\s*Tj/g)].map((m) => m[1]).join(" ");
  const infoNumber = /\/Info\s+(\d+)\s+0\s+R/.exec(trailer!);
  const everything = [
    text,
    ...[...located.entries()].filter(([, place]) => !("offset" in place)).map(([n]) => objectText(n)),
  ].join("\n");
  return {
    pageText,
    info: infoNumber ? objectText(Number(infoNumber[1])) : "",
    catalogue,
    everything,
  };
}

interface XrefSection {
  trailer: string;
  entries: Map<number, { offset: number } | { stream: number; index: number }>;
}

function readXrefSection(pdf: Buffer, text: string, offset: number): XrefSection {
  const entries: XrefSection["entries"] = new Map();
  if (text.startsWith("xref", offset)) {
    const end = text.indexOf("trailer", offset);
    const lines = text
      .slice(offset + 4, end)
      .trim()
      .split(/\r?\n/);
    let number = 0;
    for (const line of lines) {
      const subsection = /^(\d+) (\d+)$/.exec(line.trim());
      if (subsection) {
        number = Number(subsection[1]);
        continue;
      }
      const row = /^(\d{10}) (\d{5}) ([nf])/.exec(line);
      if (!row) throw new Error(`a cross-reference row is malformed: ${line}`);
      if (row[3] === "n") entries.set(number, { offset: Number(row[1]) });
      number += 1;
    }
    const trailer = /<<[\s\S]*?>>/.exec(text.slice(end))?.[0];
    if (!trailer) throw new Error("no trailer dictionary");
    return { trailer, entries };
  }
  const head = /^(\d+) 0 obj\s*(<<[\s\S]*?>>)\s*stream\r?\n/.exec(text.slice(offset));
  if (!head || !/\/Type\s*\/XRef/.test(head[2]!)) throw new Error(`no cross-reference at offset ${offset}`);
  const dict = head[2]!;
  const length = Number(/\/Length\s+(\d+)/.exec(dict)?.[1]);
  const dataStart = offset + head[0].length;
  const data = pdf.subarray(dataStart, dataStart + length);
  const widths = (/\/W\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(dict) ?? []).slice(1).map(Number);
  const size = Number(/\/Size\s+(\d+)/.exec(dict)?.[1]);
  const index = (/\/Index\s*\[([^\]]*)\]/.exec(dict)?.[1] ?? `0 ${size}`).trim().split(/\s+/).map(Number);
  const rowLength = widths.reduce((sum, width) => sum + width, 0);
  const field = (row: number, which: number) => {
    let start = row * rowLength;
    for (let w = 0; w < which; w += 1) start += widths[w]!;
    let value = 0;
    for (let b = 0; b < widths[which]!; b += 1) value = value * 256 + data[start + b]!;
    return value;
  };
  let row = 0;
  for (let pair = 0; pair < index.length; pair += 2) {
    for (let number = index[pair]!; number < index[pair]! + index[pair + 1]!; number += 1) {
      const type = field(row, 0);
      if (type === 1) entries.set(number, { offset: field(row, 1) });
      if (type === 2) entries.set(number, { stream: field(row, 1), index: field(row, 2) });
      row += 1;
    }
  }
  return { trailer: dict, entries };
}

function streamData(pdf: Buffer, text: string, located: XrefSection["entries"], number: number): Buffer {
  const place = located.get(number);
  if (!place || !("offset" in place)) throw new Error(`stream ${number} has no offset`);
  const head = new RegExp(`^${number} 0 obj\\s*(<<[\\s\\S]*?>>)\\s*stream\\r?\\n`).exec(
    text.slice(place.offset),
  );
  if (!head) throw new Error(`stream ${number} is not at its offset`);
  const length = Number(/\/Length\s+(\d+)/.exec(head[1]!)?.[1]);
  const data = pdf.subarray(place.offset + head[0].length, place.offset + head[0].length + length);
  return /\/FlateDecode/.test(head[1]!) ? inflateSync(data) : data;
}

/** Object `index` of an object stream, from its decoded content and its object's text. */
function packedObject(content: string, objectStream: string, index: number): string {
  const first = Number(/\/First\s+(\d+)/.exec(objectStream)?.[1]);
  const offsets = content.slice(0, first).trim().split(/\s+/).map(Number);
  const from = first + offsets[index * 2 + 1]!;
  const to = index * 2 + 3 < offsets.length ? first + offsets[index * 2 + 3]! : content.length;
  return content.slice(from, to);
}
