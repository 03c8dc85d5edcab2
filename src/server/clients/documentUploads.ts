import { z } from '../../lib/schemas/zod';
import {
  type ClientDocument,
  DOCUMENT_PART_BYTES,
  MAX_DOCUMENT_BYTES,
  looksLikePdf,
  partCountOf,
} from '../../lib/schemas/clientDocument';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import { blobCall } from '../storage/blobs';
import { newestFirstKey, timeFromKey } from '../storage/keys';
import { addDocument, documentsStore, uploadsPrefixOf } from './documents';
import type { Client } from './store';

// A PDF sent in parts (docs/client-space.md, "Documents"): on Netlify a function's request body is
// at most 6 MB, base64-encoded when binary, so a file over DOCUMENT_PART_BYTES comes as numbered
// parts of at most that size, then one `complete` joins them and stores the document through
// addDocument, the one way a document is stored. While it is open an upload is its record,
// `uploads/{clientId}/{uploadId}/upload` (title and declared size), and its parts,
// `uploads/{clientId}/{uploadId}/parts/{n}`, in the documents' own store: under the client's id,
// so erasing the client erases them. An upload not completed within a day is removed by the
// minute job's hourly prune (pruneStaleUploads).

/** How long an upload may stay open before the hourly prune removes it. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

const uploadPrefix = (clientId: string, uploadId: string) => `${uploadsPrefixOf(clientId)}${uploadId}/`;
const recordKey = (clientId: string, uploadId: string) => `${uploadPrefix(clientId, uploadId)}upload`;
const partKey = (clientId: string, uploadId: string, n: number) => `${uploadPrefix(clientId, uploadId)}parts/${n}`;

const uploadRecordSchema = z.object({ title: z.string(), size: z.number().int().min(1), createdAt: z.string() });
type UploadRecord = z.infer<typeof uploadRecordSchema>;

const tooLarge = () =>
  new HttpError(413, `The file is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`, { file: 'Too large' });

/** Opens an upload of `size` bytes for the client; 413 naming `file` over the limit, before anything is stored. */
export async function startUpload(client: Client, title: string, size: number, now: Date = new Date()) {
  if (size > MAX_DOCUMENT_BYTES) throw tooLarge();
  const uploadId = newestFirstKey(now.getTime());
  const record: UploadRecord = { title, size, createdAt: now.toISOString() };
  await blobCall(() => documentsStore().setJSON(recordKey(client.id, uploadId), record));
  return { uploadId, partBytes: DOCUMENT_PART_BYTES };
}

async function openUpload(clientId: string, uploadId: string): Promise<UploadRecord> {
  const value = await blobCall(() => documentsStore().get(recordKey(clientId, uploadId), { type: 'json' }));
  const parsed = uploadRecordSchema.safeParse(value);
  if (!parsed.success) throw notFound('No such upload.');
  return parsed.data;
}

/**
 * Stores part `n` of an open upload (the same part again replaces it). The caller has read at most
 * DOCUMENT_PART_BYTES; part 0 must be the start of a PDF. 404 when the client has no such upload.
 */
export async function putUploadPart(clientId: string, uploadId: string, n: number, bytes: Uint8Array): Promise<void> {
  const upload = await openUpload(clientId, uploadId);
  const parts = partCountOf(upload.size);
  if (n >= parts) throw badRequest('No such part.', { part: `A file of this size has parts 0 to ${parts - 1}` });
  if (bytes.byteLength === 0) throw badRequest('The part is empty.', { file: 'This part is empty' });
  if (n === 0 && !looksLikePdf(bytes))
    throw badRequest('Only PDF files can be uploaded.', { file: 'This file is not a PDF' });
  const body = bytes.slice().buffer;
  await blobCall(() => documentsStore().set(partKey(clientId, uploadId, n), body));
}

/** Removes an upload: its record first (a second `complete` is then a 404), then its parts. */
async function removeUpload(clientId: string, uploadId: string): Promise<void> {
  const docs = documentsStore();
  await blobCall(() => docs.delete(recordKey(clientId, uploadId)));
  const { blobs } = await blobCall(() => docs.list({ prefix: uploadPrefix(clientId, uploadId) }));
  await Promise.all(blobs.map((blob) => blobCall(() => docs.delete(blob.key))));
}

/**
 * Joins the parts of an upload and stores the document (addDocument: the client is told as for
 * any document), then removes the upload. 409 naming `file` when a part is missing; 413 when the
 * parts pass the limit and 400 when they are not the size declared (the upload is removed then:
 * it can never complete).
 */
export async function completeUpload(
  client: Client,
  uploadId: string,
  now: Date = new Date(),
): Promise<ClientDocument> {
  const upload = await openUpload(client.id, uploadId);
  const docs = documentsStore();
  const count = partCountOf(upload.size);
  const parts = await Promise.all(
    Array.from({ length: count }, (_, n) =>
      blobCall(() => docs.get(partKey(client.id, uploadId, n), { type: 'arrayBuffer' })),
    ),
  );
  const missing = parts.findIndex((part) => part === null);
  if (missing >= 0) throw conflict(`Part ${missing} of ${count} has not arrived. Send it again, then complete.`);
  const total = parts.reduce((sum, part) => sum + part!.byteLength, 0);
  if (total > MAX_DOCUMENT_BYTES || total !== upload.size) {
    await removeUpload(client.id, uploadId);
    if (total > MAX_DOCUMENT_BYTES) throw tooLarge();
    throw badRequest('The parts are not the size the upload declared.', {
      file: `Received ${total} bytes of ${upload.size}; upload the file again`,
    });
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    bytes.set(new Uint8Array(part!), at);
    at += part!.byteLength;
  }
  const document = await addDocument(client, upload.title, bytes, now);
  await removeUpload(client.id, uploadId);
  return document;
}

/**
 * The minute job's hourly housekeeping: removes every upload opened more than a day ago and never
 * completed (its id says when it was opened: one listing, no reads); how many went.
 */
export async function pruneStaleUploads(now: Date = new Date(), deadline = Infinity): Promise<number> {
  const docs = documentsStore();
  const { blobs } = await blobCall(() => docs.list({ prefix: 'uploads/' }));
  const stale = new Map<string, string[]>();
  for (const { key } of blobs) {
    const [, clientId, uploadId] = key.split('/');
    const opened = uploadId ? timeFromKey(uploadId) : null;
    if (!clientId || opened === null || now.getTime() - opened < UPLOAD_TTL_MS) continue;
    const upload = `${clientId}/${uploadId}`;
    stale.set(upload, [...(stale.get(upload) ?? []), key]);
  }
  let removed = 0;
  for (const keys of stale.values()) {
    if (Date.now() >= deadline) break;
    await Promise.all(keys.map((key) => blobCall(() => docs.delete(key))));
    removed += 1;
  }
  return removed;
}
