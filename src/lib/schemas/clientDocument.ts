import { z } from './zod';
import { PLAIN_TEXT_MESSAGE } from './brief';

// Documents the owner shares with a client (docs/client-space.md, "Documents"): PDFs only, at
// most 10 MB, each with a title the client sees. The contract between the admin and
// client-space functions and their islands.

/** The largest PDF the owner may upload: 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/**
 * The largest part of an upload, and the largest file sent in one request: 4 MiB. On Netlify a
 * function's request body is at most 6 MB and a binary one arrives base64-encoded (4/3 larger),
 * so 4 MiB (5.6 MB encoded) is the largest round size that fits (docs/client-space.md, "Documents").
 */
export const DOCUMENT_PART_BYTES = 4 * 1024 * 1024;
/** The parts a file of `size` bytes is sent in. */
export const partCountOf = (size: number) => Math.max(1, Math.ceil(size / DOCUMENT_PART_BYTES));
/** The most documents one client holds: far above a package's reports, plans and notes. */
export const MAX_DOCUMENTS_PER_CLIENT = 50;
export const MAX_DOCUMENT_TITLE_LENGTH = 120;

const documentId = z.string().regex(/^\d{13}-[0-9a-f]{10}$/, 'Unknown document');
export const documentIdSchema = documentId;

// A title is shown to the client and the owner: one line of plain text (docs/decisions/0039-person-names-and-indic-documents.md).
const ONE_LINE = /^[^\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF\p{Cs}]*$/u;

const documentTitle = z
  .string({ error: 'Title is required' })
  .regex(ONE_LINE, PLAIN_TEXT_MESSAGE)
  .overwrite((value) => value.normalize('NFC').replace(/\s+/g, ' ').trim())
  .min(1, 'Title is required')
  .max(MAX_DOCUMENT_TITLE_LENGTH, `At most ${MAX_DOCUMENT_TITLE_LENGTH} characters`);

/** POST /api/admin/clients/{id}/documents?title= (the body is the PDF itself, at most one part). */
export const documentUploadQuerySchema = z.object({ title: documentTitle });

/**
 * POST /api/admin/clients/{id}/documents/uploads: a file sent in parts. A size over
 * MAX_DOCUMENT_BYTES is a 413 naming `file`, answered by the handler (not a 400).
 */
export const documentUploadStartSchema = z.strictObject({
  title: documentTitle,
  size: z.number({ error: 'The file size is required' }).int('A whole number of bytes').min(1, 'The file is empty'),
});

/** An upload's id: the same shape as a document's (newest first, then 10 random hex digits). */
export const uploadIdSchema = z.string().regex(/^\d{13}-[0-9a-f]{10}$/, 'Unknown upload');
/** A part's number in the path: 0, 1, 2… (no leading zeros, no sign). */
export const partNumberSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,2})$/, 'A part number is 0, 1, 2…')
  .transform(Number);

/** 201 from POST .../documents/uploads */
export interface DocumentUploadStarted {
  uploadId: string;
  partBytes: number;
}

/** A document as stored and listed (the file's bytes are stored beside it). */
export const clientDocumentSchema = z.object({
  id: documentId,
  title: z.string(),
  bytes: z.number().int().min(0),
  uploadedAt: z.string(),
});
export type ClientDocument = z.infer<typeof clientDocumentSchema>;

/** A document as its client sees it: a plain link downloads it. */
export interface ClientDocumentLink extends ClientDocument {
  url: string;
}

/** Where the client downloads a document: their own token opens it. */
export const clientDocumentUrl = (clientId: string, docId: string, token: string) =>
  `/api/client-space/${clientId}/documents/${docId}?token=${encodeURIComponent(token)}`;

/** GET /api/client-space/{id}/documents and GET /api/admin/clients/{id}/documents */
export interface ClientDocumentsAnswer {
  items: ClientDocumentLink[];
}

/** The file name a download is saved under: the title in plain ASCII letters and digits, plus .pdf (pure). */
export function documentDownloadName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ._-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 80);
  return `${base || 'document'}.pdf`;
}

/** Whether bytes are a PDF by their content: a PDF file starts with `%PDF-` (ISO 32000-1, 7.5.2). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);
}
