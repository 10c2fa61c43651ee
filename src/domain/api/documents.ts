import { z } from "zod";
import { DOCUMENT_MAX_BYTES } from "../datadesk/documents";
import { endpoint, failures } from "./shared";

// Documents of the data desk: editors upload PDFs (a state's law, the national policy, the
// SDIR report, agency documents) under /api/v1/datadesk/documents; anyone downloads one at its stable
// address /documents/{id}/{fileName}, outside /api.

const tag = "Documents";

/** A stored document, as editors see it in the list and in the answer to an upload. */
export const documentSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    publisher: z.string(),
    publishedOn: z.string().nullable().meta({ description: "The document's own date, YYYY-MM-DD." }),
    licence: z.string(),
    sourceUrl: z.string().nullable().meta({ description: "Where the document was found (http or https)." }),
    fileName: z.string(),
    contentType: z.literal("application/pdf"),
    bytes: z.int(),
    sha256: z.string().meta({ description: "SHA-256 of the stored file (its metadata removed)." }),
    address: z.string().meta({ description: "The public address of the file: /documents/{id}/{fileName}." }),
    createdAt: z.string(),
  })
  .meta({ id: "Document" });
export type DocumentView = z.infer<typeof documentSchema>;

/** The multipart form of an upload, as documented; the server checks each field as it arrives. */
export const documentUploadSchema = z.object({
  title: z.string().meta({ description: "The document's title, 1 to 300 characters." }),
  publisher: z
    .string()
    .meta({ description: "Who published it (a ministry, the National Assembly), 1 to 200." }),
  date: z.string().optional().meta({ description: "The document's own date, YYYY-MM-DD (optional)." }),
  licence: z.string().meta({ description: "Its licence or terms of use, 1 to 200 characters." }),
  sourceUrl: z.string().meta({ description: "Where it was found: an http or https address." }),
  file: z.string().meta({
    format: "binary",
    description: `The PDF, at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB; its type is decided by its content.`,
  }),
});

export const documentUploadedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  document: documentSchema,
});

export const documentListSchema = z.object({
  success: z.literal(true),
  documents: z.array(documentSchema),
});

export const documentFileParams = z.object({
  id: z.string().meta({ description: "The document's id (a UUID)." }),
  fileName: z.string().meta({ description: "The document's file name, as in its address." }),
});

const pdf = { "application/pdf": { schema: z.string().meta({ format: "binary" }) } };

export const documentsApi = {
  upload: endpoint({
    method: "POST",
    path: "/api/v1/datadesk/documents",
    tag,
    summary:
      "Upload a PDF with its title, publisher, date, licence and source (multipart/form-data); its Author, Creator, Producer and XMP metadata are removed before it is stored.",
    access: "data:propose",
    multipart: documentUploadSchema,
    response: {
      201: documentUploadedSchema,
      ...failures(400, 401, 403, 413, 415, 422, 503, 507),
    },
  }),
  list: endpoint({
    method: "GET",
    path: "/api/v1/datadesk/documents",
    tag,
    summary: "Every uploaded document, newest first.",
    access: "data:propose",
    response: { 200: documentListSchema, ...failures(401, 403) },
  }),
  file: endpoint({
    method: "GET",
    path: "/documents/:id/:fileName",
    tag,
    summary:
      "An uploaded document at its stable address (public; Range requests and entity tags work; cached for a year, since the file at an address never changes).",
    access: "anyone",
    params: documentFileParams,
    response: {
      200: { description: "The PDF.", content: pdf },
      206: { description: "Part of the PDF.", content: pdf },
      ...failures(404),
    },
  }),
} as const;
