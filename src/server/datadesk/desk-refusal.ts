import { eq } from "drizzle-orm";
import type { ChangeConflict, ChangeProblemKey } from "../../domain/api/datadesk";
import type { FieldProblemKey } from "../../domain/datadesk/fields";
import type { ImportProblemKey } from "../../domain/datadesk/school-import";
import type { ErrorCode } from "../../domain/api/shared";
import type { KeysUnder } from "../../i18n/message-keys";
import type { Database } from "../db/database";
import { dataDocuments } from "../db/schema";
import { UUID_SHAPE } from "../../domain/uuid-shape";
import { dayInNigeria, isCalendarDay } from "../../domain/nigeria-day";
import { isCitableWebAddress } from "../../domain/web-address";

// What every change of the data desk shares, a single edit's or an import's: how a refusal is told, and
// the source and the note every change needs.

export const NOTE_MAX = 2000;
/** One publication at a time: dataset versions and new school ids are "the greatest + 1". */
export const PUBLICATION_LOCK = 28_028;

/** One thing to fix: the body's field (`note`) or an edited field (`fields.law.year`), and its key. */
export interface Problem {
  field: string;
  key: FieldProblemKey | ChangeProblemKey | ImportProblemKey;
  values?: Record<string, string | number>;
}

/** A refusal with its status, code and what to fix; the routes word it in the reader's language. */
export class DeskRefusal extends Error {
  constructor(
    readonly status: number,
    /** Its sentence: `datadesk.message.<key>` (or one problem's, `datadesk.problem.<key>`) in the catalogues. */
    readonly messageKey:
      `message.${KeysUnder<"datadesk.message.">}` | `problem.${KeysUnder<"datadesk.problem.">}`,
    readonly details: {
      code?: ErrorCode;
      problems?: Problem[];
      conflicts?: ChangeConflict[];
      values?: Record<string, string | number>;
      /** The query parameter refused, when the refusal is of one (the problems name their own fields). */
      field?: string;
    } = {},
  ) {
    super(messageKey);
  }
}

export const refuse = (problems: Problem[]) =>
  new DeskRefusal(400, "message.problems", { code: "VALIDATION_FAILED", problems });

export const htmlTag = /<\/?[a-z!][^>]*>/i;

/** What a change says of its source: an address (with its title, publisher and date read), a document. */
export interface GivenSource {
  sourceUrl: string;
  sourceTitle: string;
  sourcePublisher: string;
  sourceRead: string;
  sourceDocumentId: string;
}

/** An address's title and publisher: what a reader sees as the link's words. */
export const SOURCE_TEXT_MAX = 300;
/** No source of the data was read before this year (the first disability laws are later). */
export const FIRST_SOURCE_READ = "1960-01-01";

/**
 * An address's title or publisher: required, at most SOURCE_TEXT_MAX characters, plain text. Characters
 * as a reader counts them (code points, as a document's title is counted): an emoji or a letter outside
 * the Basic Multilingual Plane is one, not the two UTF-16 units of `length`.
 */
export function sourceTextProblem(field: "sourceTitle" | "sourcePublisher", text: string): Problem | null {
  const [missing, tooLong] =
    field === "sourceTitle"
      ? (["sourceTitleMissing", "sourceTitleTooLong"] as const)
      : (["sourcePublisherMissing", "sourcePublisherTooLong"] as const);
  if (text === "") return { field, key: missing };
  if ([...text].length > SOURCE_TEXT_MAX) return { field, key: tooLong, values: { max: SOURCE_TEXT_MAX } };
  if (htmlTag.test(text)) return { field, key: "html" };
  return null;
}

function sourceReadProblem(read: string, now: Date): Problem | null {
  const field = "sourceRead";
  if (read === "") return { field, key: "sourceReadMissing" };
  if (!isCalendarDay(read)) return { field, key: "sourceReadInvalid" };
  if (read > dayInNigeria(now)) return { field, key: "sourceReadFuture" };
  if (read < FIRST_SOURCE_READ)
    return { field, key: "sourceReadTooEarly", values: { min: FIRST_SOURCE_READ } };
  return null;
}

const cleanLine = (text: string) => text.replaceAll("\u0000", "").replace(/\s+/g, " ").trim();

export interface CheckedSourceAndNote extends GivenSource {
  note: string;
  problems: Problem[];
}

/**
 * The source (an address, an uploaded document, or both) and the note, checked; their problems. An
 * address comes with its title, publisher and the day it was read; without an address they are "".
 */
export async function checkSourceAndNote(
  db: Database,
  given: GivenSource & { note: string },
  now: Date,
): Promise<CheckedSourceAndNote> {
  const problems: Problem[] = [];
  const sourceUrl = given.sourceUrl.trim();
  const sourceDocumentId = given.sourceDocumentId.trim().toLowerCase();
  if (sourceUrl !== "" && (sourceUrl.length > 500 || !isCitableWebAddress(sourceUrl))) {
    problems.push({ field: "sourceUrl", key: "url" });
  }
  const withAddress = sourceUrl !== "";
  const sourceTitle = withAddress ? cleanLine(given.sourceTitle) : "";
  const sourcePublisher = withAddress ? cleanLine(given.sourcePublisher) : "";
  const sourceRead = withAddress ? given.sourceRead.trim() : "";
  if (withAddress) {
    for (const problem of [
      sourceTextProblem("sourceTitle", sourceTitle),
      sourceTextProblem("sourcePublisher", sourcePublisher),
      sourceReadProblem(sourceRead, now),
    ]) {
      if (problem) problems.push(problem);
    }
  }
  if (sourceDocumentId !== "") {
    const [document] = UUID_SHAPE.test(sourceDocumentId)
      ? await db
          .select({ id: dataDocuments.id })
          .from(dataDocuments)
          .where(eq(dataDocuments.id, sourceDocumentId))
      : [];
    if (!document) problems.push({ field: "sourceDocumentId", key: "sourceDocumentUnknown" });
  }
  if (sourceUrl === "" && sourceDocumentId === "")
    problems.push({ field: "sourceUrl", key: "sourceMissing" });
  const note = given.note.replaceAll("\u0000", "").trim();
  if (note === "") problems.push({ field: "note", key: "noteMissing" });
  else if (note.length > NOTE_MAX)
    problems.push({ field: "note", key: "noteTooLong", values: { max: NOTE_MAX } });
  else if (htmlTag.test(note)) problems.push({ field: "note", key: "html" });
  return { sourceUrl, sourceTitle, sourcePublisher, sourceRead, sourceDocumentId, note, problems };
}
