import { eq } from "drizzle-orm";
import type { ChangeConflict, ChangeProblemKey } from "../../domain/api/datadesk";
import type { FieldProblemKey } from "../../domain/datadesk/fields";
import type { ImportProblemKey } from "../../domain/datadesk/school-import";
import type { ErrorCode } from "../../domain/api/shared";
import type { KeysUnder } from "../../i18n/message-keys";
import type { Database } from "../db/database";
import { dataDocuments } from "../db/schema";
import { UUID_SHAPE } from "../../domain/uuid-shape";

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
    } = {},
  ) {
    super(messageKey);
  }
}

export const refuse = (problems: Problem[]) =>
  new DeskRefusal(400, "message.problems", { code: "VALIDATION_FAILED", problems });

export const htmlTag = /<\/?[a-z!][^>]*>/i;

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** The source (an address, an uploaded document, or both) and the note, checked; their problems. */
export async function checkSourceAndNote(
  db: Database,
  given: { sourceUrl: string; sourceDocumentId: string; note: string },
): Promise<{ sourceUrl: string; sourceDocumentId: string; note: string; problems: Problem[] }> {
  const problems: Problem[] = [];
  const sourceUrl = given.sourceUrl.trim();
  const sourceDocumentId = given.sourceDocumentId.trim().toLowerCase();
  if (sourceUrl !== "" && (sourceUrl.length > 500 || !isWebAddress(sourceUrl))) {
    problems.push({ field: "sourceUrl", key: "url" });
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
  return { sourceUrl, sourceDocumentId, note, problems };
}
