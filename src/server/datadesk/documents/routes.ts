import { createHash, randomUUID } from "node:crypto";
import { problem } from "../../../domain/api/problems";
import fastifyMultipart, { type Multipart, type MultipartFile } from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import { api } from "../../../domain/api";
import {
  DOCUMENT_CONTENT_TYPE,
  DOCUMENT_MAX_BYTES,
  documentFieldNames,
  documentFileName,
  documentMessages,
} from "../../../domain/datadesk/documents";
import { todayInNigeria } from "../../../domain/reports/report-place";
import { requirePermission } from "../../accounts/guards";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { databaseFault } from "../../db/database-faults";
import { HttpError, ServiceFault } from "../../http/errors";
import { hasForbiddenCharacter, invalidCharacterMessage } from "../../http/input-guard";
import { storageFault, type MediaStore } from "../../media/media-store";
import { SNIFF_BYTES } from "../../media/media-types";
import { sendStoredFile } from "../../media/stored-file-reply";
import { readHead } from "../../media/upload-streams";
import { routeSchema, typedRoutes } from "../../openapi/route-schema";
import { parseDocumentFields, type DocumentFields } from "./document-fields";
import { findDocument, insertDocument, listDocuments, toDocumentView } from "./document-store";
import { PdfCleaningProblem, removePdfMetadata } from "./pdf-metadata";
import { LOWER_CASE_UUID } from "../../../domain/uuid-shape";

// Documents of the data desk:
//   POST /api/v1/datadesk/documents   an editor's (or admin's) PDF upload, multipart; 201 {document}
//   GET  /api/v1/datadesk/documents   every document, for editors
//   GET  /documents/{id}/{fileName}   the PDF itself, public, at an address that never changes
// The type is read from the file's first bytes (only PDF); reading stops at the size limit; the PDF's
// Author, Creator, Producer and XMP metadata are removed before it is stored (pdf-metadata.ts), so the
// stored file, the only one ever served, never had them. Files go to the media store (the uploads folder
// or the S3 bucket) under generated keys, outside any public folder, and are served from there only.

export interface DocumentsDependencies {
  db: Database;
  now: Clock;
  storage: MediaStore;
  /** The largest PDF accepted (DOCUMENT_MAX_BYTES; tests may lower it). */
  maxBytes?: number;
}

/** The multipart form's own limits: one file (one more is seen and refused), the five fields. */
function multipartLimits(maxBytes: number) {
  return {
    fileSize: maxBytes + 1,
    files: 2,
    fields: 10,
    fieldSize: 16 * 1024,
    parts: 12,
    headerPairs: 100,
  };
}

/** Room for the form's fields and framing beyond the file, when judging a request by its length. */
const FORM_ROOM_BYTES = 1024 * 1024;

interface ReceivedDocument {
  fields: DocumentFields;
  pdf: Buffer;
}

export function documentRoutes({
  db,
  now,
  storage,
  maxBytes = DOCUMENT_MAX_BYTES,
}: DocumentsDependencies): FastifyPluginAsync {
  return async (plainScope) => {
    const scope = typedRoutes(plainScope);
    await scope.register(fastifyMultipart, { limits: multipartLimits(maxBytes) });

    scope.post("/", { schema: routeSchema(api.documents.upload) }, async (request, reply) => {
      const user = await requirePermission(request, "data:propose");
      if (!request.isMultipart()) throw new HttpError(415, documentMessages.notMultipart);
      if (Number(request.headers["content-length"]) > maxBytes + FORM_ROOM_BYTES) {
        // Larger than any document allowed: refused unread, and the connection is not kept for it.
        reply.header("connection", "close");
        throw new HttpError(413, documentMessages.tooLarge);
      }
      let received: ReceivedDocument;
      try {
        received = await receiveDocument(request, maxBytes, todayInNigeria(now()));
      } catch (error) {
        letTheRestOfTheUploadGo(request);
        throw error;
      }
      let cleaned: Buffer;
      try {
        cleaned = removePdfMetadata(received.pdf);
      } catch (error) {
        if (!(error instanceof PdfCleaningProblem)) throw error;
        throw new HttpError(
          422,
          error.reason === "unreadable"
            ? documentMessages.pdfUnreadable
            : documentMessages.pdfNotCleanable(error.message),
          { field: "file" },
        );
      }

      const id = randomUUID();
      const batch = storage.startBatch();
      try {
        const storageKey = await batch.store(id, cleaned, DOCUMENT_CONTENT_TYPE);
        const row = await insertDocument(db, {
          id,
          ...received.fields,
          storageKey,
          fileName: documentFileName(received.fields.title),
          contentType: DOCUMENT_CONTENT_TYPE,
          bytes: cleaned.length,
          sha256: createHash("sha256").update(cleaned).digest("hex"),
          uploadedBy: user.id,
          createdAt: now(),
        });
        await batch.confirm().catch((confirmError: unknown) => {
          request.log.warn({ err: confirmError }, "the stored file of a document could not be confirmed");
        });
        reply.header("cache-control", "no-store");
        return reply.status(201).send({
          success: true as const,
          message: documentMessages.uploaded,
          document: toDocumentView(row),
        });
      } catch (error) {
        // The database cut off mid-write may have committed the row: the file stays for the sweep.
        const cleanUp = databaseFault(error) === "unavailable" ? batch.abandon() : batch.discard();
        await cleanUp.catch((discardError: unknown) => {
          request.log.error({ err: discardError }, "could not remove the file of a failed document upload");
        });
        const fault = storageFault(error);
        if (fault) {
          request.log.error(
            { err: error },
            `a document could not be stored: ${storage.description} ${fault === "full" ? "refused the write" : "could not be reached"}`,
          );
          throw new ServiceFault(fault);
        }
        throw error;
      }
    });

    scope.get("/", { schema: routeSchema(api.documents.list) }, async (request, reply) => {
      await requirePermission(request, "data:propose");
      reply.header("cache-control", "no-store");
      return { success: true as const, documents: (await listDocuments(db)).map(toDocumentView) };
    });
  };
}

/** A stored document never changes at its address: browsers and caches may keep it for a year. */
const DOCUMENT_CACHE = "public, max-age=31536000, immutable";

interface DocumentFileRequest {
  Params: { id: string; fileName: string };
}

/** GET and HEAD /documents/{id}/{fileName}: the stored PDF, for anyone. */
export function documentFileRoutes({ db, storage }: DocumentsDependencies): FastifyPluginAsync {
  return async (plainScope) => {
    const scope = typedRoutes(plainScope);
    const sendDocument = async (request: FastifyRequest<DocumentFileRequest>, reply: FastifyReply) => {
      const { id, fileName } = request.params;
      const document = LOWER_CASE_UUID.test(id) ? await findDocument(db, id) : null;
      if (!document || document.fileName !== fileName) throw new HttpError(404, documentMessages.notFound);
      const sent = await sendStoredFile(request, reply, storage, document.storageKey, {
        "content-type": DOCUMENT_CONTENT_TYPE,
        // The name is made of [a-z0-9-] only (documentFileName): nothing to escape.
        "content-disposition": `inline; filename="${document.fileName}"`,
        "x-content-type-options": "nosniff",
        // Not the API's `default-src 'none'`: Chrome's PDF viewer is an internal <embed>, which that
        // policy's object-src blocks (crbug.com/271452). A PDF never runs as a page (nosniff, its type).
        "content-security-policy": "frame-ancestors 'self'",
        "cache-control": DOCUMENT_CACHE,
      });
      if (!sent) {
        request.log.error({ documentId: id }, `a document's file is missing from ${storage.description}`);
        throw new HttpError(404, documentMessages.notFound);
      }
      return reply;
    };
    // HEAD by hand, as for report media (media/routes.ts): answered from the store's metadata alone.
    scope.get<DocumentFileRequest>(
      "/documents/:id/:fileName",
      { schema: routeSchema(api.documents.file), exposeHeadRoute: false },
      sendDocument,
    );
    scope.route<DocumentFileRequest>({
      method: "HEAD",
      url: "/documents/:id/:fileName",
      schema: routeSchema(api.documents.file),
      handler: sendDocument,
    });
  };
}

/** The form's fields and its one PDF, read as they arrive; a refusal stops the reading at once. */
async function receiveDocument(
  request: FastifyRequest,
  maxBytes: number,
  today: string,
): Promise<ReceivedDocument> {
  const values = new Map<string, string>();
  let pdf: Buffer | null = null;
  for await (const part of partsOf(request)) {
    if (part.type === "field") {
      const name = part.fieldname;
      const value = typeof part.value === "string" ? part.value : String(part.value);
      if (hasForbiddenCharacter(value))
        throw new HttpError(400, invalidCharacterMessage(name), {
          field: name,
          problem: problem("request.fieldInvalid", { field: name }),
        });
      if ((documentFieldNames as readonly string[]).includes(name) && !values.has(name))
        values.set(name, value);
      continue;
    }
    if (part.fieldname !== "file")
      throw new HttpError(400, documentMessages.unexpectedFile, { field: part.fieldname });
    // A browser sends an empty file input as a nameless, empty part.
    if (part.filename === "") {
      part.file.resume();
      continue;
    }
    if (pdf) throw new HttpError(400, documentMessages.oneFileOnly, { field: "file" });
    // With the details sent first, as the web form does, their mistakes are found before the upload.
    if (["title", "publisher", "licence", "sourceUrl"].every((name) => values.has(name))) {
      parseDocumentFields(values, today);
    }
    pdf = await readPdf(part, maxBytes);
  }
  const fields = parseDocumentFields(values, today);
  if (!pdf) throw new HttpError(400, documentMessages.fileMissing, { field: "file" });
  return { fields, pdf };
}

/** The whole file, once its first bytes show it is a PDF; 415 for anything else, 413 past the limit. */
async function readPdf(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  const upload = await readHead(part.file, SNIFF_BYTES).catch((error: unknown) => {
    throw asUploadProblem(error);
  });
  try {
    const type = await fileTypeFromBuffer(upload.head);
    if (type?.mime !== DOCUMENT_CONTENT_TYPE) {
      throw new HttpError(415, documentMessages.notPdf(displayName(part.filename)), { field: "file" });
    }
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of upload.content) {
      length += chunk.length;
      if (length > maxBytes) throw new HttpError(413, documentMessages.tooLarge, { field: "file" });
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, length);
  } catch (error) {
    await upload.discard();
    throw asUploadProblem(error);
  }
}

/** The file's name as sent, for a sentence: its last path segment, without control characters, shortened. */
function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean || "The file";
}

async function* partsOf(request: FastifyRequest): AsyncGenerator<Multipart> {
  try {
    for await (const part of request.parts()) yield part;
  } catch (error) {
    throw asUploadProblem(error);
  }
}

function asUploadProblem(error: unknown): Error {
  if (error instanceof HttpError || storageFault(error) || databaseFault(error)) return error as Error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE")
    return new HttpError(413, documentMessages.tooLarge, { field: "file" });
  if (code === "FST_FILES_LIMIT") return new HttpError(400, documentMessages.oneFileOnly, { field: "file" });
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return new HttpError(400, documentMessages.formUnreadable);
  }
  if (code === "FST_MP_PREMATURE_CLOSE") return new HttpError(400, documentMessages.uploadInterrupted);
  return new HttpError(400, documentMessages.formUnreadable);
}

/**
 * After a refusal, the rest of the request body is read and dropped, so the client can finish sending
 * and then read the answer (a browser still uploading would otherwise see a broken connection).
 */
function letTheRestOfTheUploadGo(request: FastifyRequest): void {
  const raw = request.raw;
  raw.unpipe();
  if (!raw.complete && !raw.destroyed) raw.resume();
}
