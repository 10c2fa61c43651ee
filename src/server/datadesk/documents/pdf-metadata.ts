import { deflateSync, inflateSync } from "node:zlib";

// Removes who made a PDF before it is public: the Info dictionary's Author, Creator and Producer, and
// the XMP metadata (streams of /Type /Metadata or /Subtype /XML, and every /Metadata reference to one).
// No PDF library is a dependency yet (see docs/data-desk.md), so this edits the file in place: each
// removed entry is overwritten with spaces, byte for byte, so every offset in the cross-reference table
// (or stream), linearisation hints included, stays true and the file opens as before. Every revision of
// the file is cleaned (an incremental update leaves the older Info dictionary in the file), and so are
// the objects packed in Flate-compressed object streams (re-compressed into the room they had). A file
// this cannot clean with certainty (an encrypted object stream, an unknown filter, a structure it cannot
// read) is refused rather than published with its metadata; the result is checked once more before it
// is returned.

/** Why a PDF could not be cleaned: `unreadable` (not a PDF we can parse), `unsupported` (cannot clean). */
export class PdfCleaningProblem extends Error {
  constructor(
    readonly reason: "unreadable" | "unsupported",
    message: string,
  ) {
    super(message);
    this.name = "PdfCleaningProblem";
  }
}

/** Info dictionary entries that name a person or the software that made the file. */
const identifyingKeys = new Set(["Author", "Creator", "Producer"]);

type Value =
  | { kind: "dict"; entries: DictEntry[] }
  | { kind: "array"; items: Value[] }
  | { kind: "ref"; objectNumber: number }
  | { kind: "int"; value: number; start: number; end: number }
  | { kind: "name"; name: string }
  | { kind: "other" };

interface DictEntry {
  key: string;
  keyStart: number;
  valueEnd: number;
  value: Value;
}

type Dict = Extract<Value, { kind: "dict" }>;

interface StreamFound {
  dict: Dict;
  dataStart: number;
  dataEnd: number;
}

/** An indirect object's body: where its value lies in the bytes scanned. */
interface ObjectBody {
  objectNumber: number;
  start: number;
  end: number;
}

/** What one scan of bytes found: ranges to blank, objects referenced for removal, streams. */
interface ScanResult {
  blanks: [number, number][];
  /** Objects an identifying entry points at (an indirect string): their bodies become `null`. */
  identifyingObjects: Set<number>;
  /** Objects a /Metadata entry points at: their stream data is blanked. */
  metadataObjects: Set<number>;
  /** XMP streams found by their dictionary. */
  metadataStreams: StreamFound[];
  objectStreams: StreamFound[];
  bodies: ObjectBody[];
  /** Stream data by the number of the object holding it. */
  streamsByObject: Map<number, StreamFound>;
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set("()<>[]{}/%".split("").map((c) => c.charCodeAt(0)));
const SPACE = 0x20;
/** How deep arrays and dictionaries may nest. */
const MAX_NESTING = 200;
/** The most an object stream may decode to: packed objects are small; a larger one is a compression bomb. */
const MAX_OBJECT_STREAM_BYTES = 64 * 1024 * 1024;

const isRegular = (byte: number | undefined) =>
  byte !== undefined && !WHITESPACE.has(byte) && !DELIMITERS.has(byte);

const unreadable = (what: string) =>
  new PdfCleaningProblem("unreadable", `This file could not be read as a PDF (${what}).`);

/** A reader of PDF syntax over `bytes[from, to)`; positions are indexes into `bytes`. */
class Scanner {
  pos: number;
  private depth = 0;

  constructor(
    private readonly bytes: Buffer,
    from: number,
    private readonly to: number,
    /** The same bytes, one character per byte, for the sticky regular expressions below. */
    private readonly text: string = bytes.toString("latin1"),
  ) {
    this.pos = from;
  }

  get done(): boolean {
    return this.pos >= this.to;
  }

  peek(offset = 0): number | undefined {
    const at = this.pos + offset;
    return at < this.to ? this.bytes[at] : undefined;
  }

  skipSpace(): void {
    while (this.pos < this.to) {
      const byte = this.bytes[this.pos]!;
      if (WHITESPACE.has(byte)) {
        this.pos += 1;
      } else if (byte === 0x25 /* % */) {
        while (this.pos < this.to && this.bytes[this.pos] !== 0x0a && this.bytes[this.pos] !== 0x0d) {
          this.pos += 1;
        }
      } else {
        return;
      }
    }
  }

  /** `pattern` (sticky) at the current position, or null; the position moves past it when found. */
  match(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = this.pos;
    const found = pattern.exec(this.text);
    if (!found || pattern.lastIndex > this.to) return null;
    this.pos = pattern.lastIndex;
    return found;
  }

  /** The next run of regular characters (a number or a keyword). */
  regularToken(): string {
    const start = this.pos;
    while (isRegular(this.peek())) this.pos += 1;
    return this.text.slice(start, this.pos);
  }

  indexOf(needle: string, from: number): number {
    const found = this.text.indexOf(needle, from);
    return found === -1 || found >= this.to ? -1 : found;
  }

  parseValue(): Value {
    // Real files nest a few levels; a hostile one must not exhaust the stack.
    if (this.depth >= MAX_NESTING) throw unreadable("its objects nest too deeply");
    this.depth += 1;
    try {
      return this.parseValueHere();
    } finally {
      this.depth -= 1;
    }
  }

  private parseValueHere(): Value {
    this.skipSpace();
    const byte = this.peek();
    if (byte === undefined) throw unreadable("it ends in the middle of a value");
    if (byte === 0x3c /* < */) {
      if (this.peek(1) === 0x3c) return this.parseDict();
      const end = this.indexOf(">", this.pos);
      if (end === -1) throw unreadable("a hexadecimal string does not end");
      this.pos = end + 1;
      return { kind: "other" };
    }
    if (byte === 0x28 /* ( */) {
      this.skipLiteralString();
      return { kind: "other" };
    }
    if (byte === 0x5b /* [ */) {
      this.pos += 1;
      const items: Value[] = [];
      for (;;) {
        this.skipSpace();
        if (this.peek() === 0x5d /* ] */) {
          this.pos += 1;
          return { kind: "array", items };
        }
        items.push(this.parseValue());
      }
    }
    if (byte === 0x2f /* / */) {
      this.pos += 1;
      return { kind: "name", name: decodeName(this.regularToken()) };
    }
    if (isRegular(byte)) {
      const ref = this.match(/(\d+)\s+\d+\s+R(?![^\s()<>[\]{}/%])/y);
      if (ref) return { kind: "ref", objectNumber: Number(ref[1]) };
      const start = this.pos;
      const token = this.regularToken();
      if (/^\d+$/.test(token)) return { kind: "int", value: Number(token), start, end: this.pos };
      return { kind: "other" };
    }
    throw unreadable(`an unexpected "${String.fromCharCode(byte)}"`);
  }

  parseDict(): Dict {
    this.pos += 2;
    const entries: DictEntry[] = [];
    for (;;) {
      this.skipSpace();
      const byte = this.peek();
      if (byte === 0x3e /* > */ && this.peek(1) === 0x3e) {
        this.pos += 2;
        return { kind: "dict", entries };
      }
      if (byte !== 0x2f /* / */) throw unreadable("a dictionary key is not a name");
      const keyStart = this.pos;
      this.pos += 1;
      const key = decodeName(this.regularToken());
      const value = this.parseValue();
      entries.push({ key, keyStart, valueEnd: this.pos, value });
    }
  }

  private skipLiteralString(): void {
    let depth = 0;
    while (this.pos < this.to) {
      const byte = this.bytes[this.pos]!;
      this.pos += 1;
      if (byte === 0x5c /* \ */) this.pos += 1;
      else if (byte === 0x28) depth += 1;
      else if (byte === 0x29 && --depth === 0) return;
    }
    throw unreadable("a string does not end");
  }
}

/** A name with its #xx escapes decoded ("Auth#6fr" is "Author"). */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function entryOf(dict: Dict, key: string): Value | undefined {
  return dict.entries.find((entry) => entry.key === key)?.value;
}

function isNamed(value: Value | undefined, name: string): boolean {
  return value?.kind === "name" && value.name === name;
}

function emptyScan(): ScanResult {
  return {
    blanks: [],
    identifyingObjects: new Set(),
    metadataObjects: new Set(),
    metadataStreams: [],
    objectStreams: [],
    bodies: [],
    streamsByObject: new Map(),
  };
}

/** Notes every identifying entry and /Metadata reference in `value`, at any depth. */
function visit(value: Value, scan: ScanResult): void {
  if (value.kind === "array") {
    for (const item of value.items) visit(item, scan);
    return;
  }
  if (value.kind !== "dict") return;
  for (const entry of value.entries) {
    if (identifyingKeys.has(entry.key)) {
      scan.blanks.push([entry.keyStart, entry.valueEnd]);
      if (entry.value.kind === "ref") scan.identifyingObjects.add(entry.value.objectNumber);
    } else if (entry.key === "Metadata") {
      scan.blanks.push([entry.keyStart, entry.valueEnd]);
      if (entry.value.kind === "ref") scan.metadataObjects.add(entry.value.objectNumber);
    } else {
      visit(entry.value, scan);
    }
  }
}

/** The whole file, every revision: each indirect object, each stream, each trailer. */
function scanFile(bytes: Buffer): ScanResult {
  const scan = emptyScan();
  const scanner = new Scanner(bytes, 0, bytes.length);
  let current: { objectNumber: number; start: number } | null = null;
  while (!scanner.done) {
    scanner.skipSpace();
    if (scanner.done) break;
    const byte = scanner.peek()!;
    if (byte === 0x3c || byte === 0x28 || byte === 0x5b || byte === 0x2f) {
      const value = scanner.parseValue();
      visit(value, scan);
      if (value.kind === "dict") {
        const stream = readStream(scanner, bytes, value);
        if (stream) {
          classifyStream(stream, scan);
          if (current) scan.streamsByObject.set(current.objectNumber, stream);
        }
      }
      continue;
    }
    if (isRegular(byte)) {
      const header = scanner.match(/(\d+)\s+\d+\s+obj(?![^\s()<>[\]{}/%])/y);
      if (header) {
        current = { objectNumber: Number(header[1]), start: scanner.pos };
        continue;
      }
      const bodyEnd = scanner.pos;
      const keyword = scanner.regularToken();
      if (keyword === "endobj" && current) {
        scan.bodies.push({ objectNumber: current.objectNumber, start: current.start, end: bodyEnd });
        current = null;
      }
      continue;
    }
    // A stray delimiter between objects: skipped, as readers do.
    scanner.pos += 1;
  }
  return scan;
}

/** The stream after `dict`, when one follows: its data's range, found by /Length or by `endstream`. */
function readStream(scanner: Scanner, bytes: Buffer, dict: Dict): StreamFound | null {
  const afterDict = scanner.pos;
  scanner.skipSpace();
  if (!scanner.match(/stream(\r\n|\n|\r)/y)) {
    scanner.pos = afterDict;
    return null;
  }
  const dataStart = scanner.pos;
  const length = entryOf(dict, "Length");
  let dataEnd = -1;
  if (length?.kind === "int" && dataStart + length.value <= bytes.length) {
    scanner.pos = dataStart + length.value;
    if (scanner.match(/\s*endstream/y)) dataEnd = dataStart + length.value;
  }
  if (dataEnd === -1) {
    const end = scanner.indexOf("endstream", dataStart);
    if (end === -1) throw unreadable("a stream does not end");
    // The end-of-line marker before `endstream` is not data.
    dataEnd = end;
    if (bytes[dataEnd - 1] === 0x0a) dataEnd -= 1;
    if (bytes[dataEnd - 1] === 0x0d) dataEnd -= 1;
    scanner.pos = end + "endstream".length;
  }
  return { dict, dataStart, dataEnd };
}

function classifyStream(stream: StreamFound, scan: ScanResult): void {
  const type = entryOf(stream.dict, "Type");
  if (isNamed(type, "Metadata") || isNamed(entryOf(stream.dict, "Subtype"), "XML")) {
    scan.metadataStreams.push(stream);
  } else if (isNamed(type, "ObjStm")) {
    scan.objectStreams.push(stream);
  }
}

/** An object stream's decoded content, or a refusal when it cannot be decoded with certainty. */
function decodeObjectStream(bytes: Buffer, stream: StreamFound): Buffer {
  const data = bytes.subarray(stream.dataStart, stream.dataEnd);
  const filter = entryOf(stream.dict, "Filter");
  const parms = entryOf(stream.dict, "DecodeParms");
  if (filter === undefined) return Buffer.from(data);
  const flate =
    isNamed(filter, "FlateDecode") ||
    (filter.kind === "array" && filter.items.length === 1 && isNamed(filter.items[0], "FlateDecode"));
  if (!flate || (parms !== undefined && parms.kind !== "other")) {
    throw new PdfCleaningProblem(
      "unsupported",
      "This PDF packs its objects in a way we cannot clean of its author details.",
    );
  }
  try {
    return inflateSync(data, { maxOutputLength: MAX_OBJECT_STREAM_BYTES });
  } catch {
    throw new PdfCleaningProblem(
      "unsupported",
      "This PDF is encrypted or damaged, so its author details cannot be removed.",
    );
  }
}

/** The objects packed in a decoded object stream, each with its range in `content`. */
function scanObjectStream(content: Buffer, dict: Dict): ScanResult {
  const scan = emptyScan();
  const count = entryOf(dict, "N");
  const first = entryOf(dict, "First");
  if (count?.kind !== "int" || first?.kind !== "int" || first.value > content.length) {
    throw unreadable("an object stream has no /N or /First");
  }
  const header = content.subarray(0, first.value).toString("latin1").trim().split(/\s+/).map(Number);
  const offsets: { objectNumber: number; offset: number }[] = [];
  for (let index = 0; index < count.value; index += 1) {
    const objectNumber = header[index * 2];
    const offset = header[index * 2 + 1];
    if (objectNumber === undefined || offset === undefined || Number.isNaN(objectNumber + offset)) {
      throw unreadable("an object stream's list of objects is short");
    }
    offsets.push({ objectNumber, offset: first.value + offset });
  }
  offsets.sort((a, b) => a.offset - b.offset);
  const text = content.toString("latin1");
  offsets.forEach(({ objectNumber, offset }, index) => {
    const end = offsets[index + 1]?.offset ?? content.length;
    if (offset > end || end > content.length) throw unreadable("an object stream's offsets are out of order");
    const scanner = new Scanner(content, offset, end, text);
    visit(scanner.parseValue(), scan);
    scan.bodies.push({ objectNumber, start: offset, end: scanner.pos });
  });
  return scan;
}

function blank(bytes: Buffer, start: number, end: number): void {
  bytes.fill(SPACE, start, end);
}

/**
 * An object's value replaced by `null` (its referrer's entry is gone; the object must stay a valid
 * one), or by `0` when the value had fewer than four bytes.
 */
function nullBody(bytes: Buffer, body: ObjectBody): void {
  const start = body.start + (WHITESPACE.has(bytes[body.start]!) ? 1 : 0);
  blank(bytes, start, body.end);
  bytes.write(body.end - start >= 4 ? "null" : "0", start, "latin1");
}

interface Cleaned {
  bytes: Buffer;
  /** How many entries and streams were removed (0: the file had none). */
  removed: number;
}

function cleanOnce(pdf: Buffer): Cleaned {
  const bytes = Buffer.from(pdf);
  const file = scanFile(bytes);
  const packed = file.objectStreams.map((stream) => {
    const content = decodeObjectStream(bytes, stream);
    return { stream, content, scan: scanObjectStream(content, stream.dict) };
  });
  const identifying = new Set(file.identifyingObjects);
  const metadata = new Set(file.metadataObjects);
  for (const { scan } of packed) {
    for (const number of scan.identifyingObjects) identifying.add(number);
    for (const number of scan.metadataObjects) metadata.add(number);
  }
  let removed = 0;

  for (const [start, end] of file.blanks) blank(bytes, start, end);
  removed += file.blanks.length;
  for (const body of file.bodies) {
    if (identifying.has(body.objectNumber)) nullBody(bytes, body);
  }
  const metadataStreams = [
    ...file.metadataStreams,
    ...[...metadata].flatMap((number) => file.streamsByObject.get(number) ?? []),
  ];
  for (const stream of metadataStreams) {
    if (bytes.subarray(stream.dataStart, stream.dataEnd).some((byte) => !WHITESPACE.has(byte))) {
      blank(bytes, stream.dataStart, stream.dataEnd);
      removed += 1;
    }
  }

  for (const { stream, content, scan } of packed) {
    const edits =
      scan.blanks.length + scan.bodies.filter((body) => identifying.has(body.objectNumber)).length;
    if (edits === 0) continue;
    for (const [start, end] of scan.blanks) blank(content, start, end);
    for (const body of scan.bodies) if (identifying.has(body.objectNumber)) nullBody(content, body);
    refill(bytes, stream, content);
    removed += edits;
  }
  return { bytes, removed };
}

/**
 * Writes an object stream's cleaned content back into the room its data had: compressed (or as it is,
 * when it was not), the /Length rewritten in place, the rest of the room spaces before `endstream`.
 */
function refill(bytes: Buffer, stream: StreamFound, content: Buffer): void {
  const unfiltered = entryOf(stream.dict, "Filter") === undefined;
  const data = unfiltered ? content : deflateSync(content, { level: 9 });
  const room = stream.dataEnd - stream.dataStart;
  const length = entryOf(stream.dict, "Length");
  if (data.length > room || length?.kind !== "int") {
    throw new PdfCleaningProblem(
      "unsupported",
      "This PDF's packed objects could not be rewritten without its author details.",
    );
  }
  const digits = String(data.length);
  if (digits.length > length.end - length.start) throw new Error("a shorter length has more digits");
  blank(bytes, length.start, length.end);
  bytes.write(digits, length.start, "latin1");
  blank(bytes, stream.dataStart, stream.dataEnd);
  data.copy(bytes, stream.dataStart);
}

/**
 * The PDF without its Author, Creator and Producer entries nor its XMP metadata, the same length as
 * before (every other byte unchanged). Throws PdfCleaningProblem when it cannot be cleaned for sure.
 */
export function removePdfMetadata(pdf: Buffer): Buffer {
  if (!pdf.subarray(0, 1024).toString("latin1").includes("%PDF-")) throw unreadable("no %PDF- header");
  const { bytes } = cleanOnce(pdf);
  // Checked once more: a second pass must find nothing left to remove.
  const again = cleanOnce(bytes);
  if (again.removed > 0) {
    throw new PdfCleaningProblem("unsupported", "This PDF's author details could not all be removed.");
  }
  return bytes;
}
