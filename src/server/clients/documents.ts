import {
  type ClientDocument,
  MAX_DOCUMENTS_PER_CLIENT,
  clientDocumentSchema,
  looksLikePdf,
} from '../../lib/schemas/clientDocument';
import { clientDocumentMail } from '../messages';
import { deliver, enqueue, newEntry, notificationSettings, siteAddress } from '../notifications';
import { afterResponse } from '../http/afterResponse';
import { badRequest, conflict } from '../http/errors';
import { blobCall, collectionStore } from '../storage/blobs';
import { newestFirstKey } from '../storage/keys';
import { clientSpaceUrlOf } from './links';
import type { Client } from './store';

// The documents the owner shares with a client (docs/client-space.md, "Documents"): PDFs in
// their own store, 'client-documents'. Each is two keys under the client's id: its file,
// `files/{clientId}/{docId}`, and its listing, `meta/{clientId}/{docId}` (title, size, date),
// written after the file so every listed document has its bytes. A client's list is a listing
// by prefix: no key is shared by two uploads. A file sent in parts waits under
// `uploads/{clientId}/{uploadId}/` until it is complete (documentUploads.ts).

export const DOCUMENTS_STORE = 'client-documents';
export const documentsStore = () => collectionStore(DOCUMENTS_STORE);
const store = documentsStore;
/** Where a client's uploads in parts wait; erased with the client's documents. */
export const uploadsPrefixOf = (clientId: string) => `uploads/${clientId}/`;
const fileKey = (clientId: string, docId: string) => `files/${clientId}/${docId}`;
const metaKey = (clientId: string, docId: string) => `meta/${clientId}/${docId}`;

/** The client's documents, newest first; listings that no longer read are left out. */
export async function documentsOf(clientId: string): Promise<ClientDocument[]> {
  const docs = store();
  const { blobs } = await blobCall(() => docs.list({ prefix: `meta/${clientId}/` }));
  const values = await Promise.all(blobs.map((blob) => blobCall(() => docs.get(blob.key, { type: 'json' }))));
  return values
    .flatMap((value) => {
      const parsed = clientDocumentSchema.safeParse(value);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * Stores a PDF for the client: refused (400 naming `file`) unless its bytes are a PDF, whatever
 * its name or type said. The client is told by mail, through the outbox, after the answer. The
 * one way a document is stored: a file in one request and a file sent in parts both end here.
 */
export async function addDocument(
  client: Client,
  title: string,
  bytes: Uint8Array,
  now: Date = new Date(),
): Promise<ClientDocument> {
  if (!looksLikePdf(bytes)) throw badRequest('Only PDF files can be uploaded.', { file: 'This file is not a PDF' });
  if ((await documentsOf(client.id)).length >= MAX_DOCUMENTS_PER_CLIENT)
    throw conflict(`This client already has ${MAX_DOCUMENTS_PER_CLIENT} documents. Remove one first.`);
  const document: ClientDocument = {
    id: newestFirstKey(now.getTime()),
    title,
    bytes: bytes.byteLength,
    uploadedAt: now.toISOString(),
  };
  const docs = store();
  // A Uint8Array of its own: the Blobs client sends exactly these bytes.
  const body = bytes.slice().buffer;
  await blobCall(() => docs.set(fileKey(client.id, document.id), body));
  await blobCall(() => docs.setJSON(metaKey(client.id, document.id), document));
  await queueDocumentNotice(client, document, now);
  return document;
}

/**
 * The document's listing and its file as a stream, or null when the client has no such document.
 * Streamed, not read whole: a function's buffered answer is limited (6 MB on Netlify), a streamed one is not.
 */
export async function readDocumentFile(
  clientId: string,
  docId: string,
): Promise<{ document: ClientDocument; body: ReadableStream } | null> {
  const docs = store();
  const [meta, body] = await Promise.all([
    blobCall(() => docs.get(metaKey(clientId, docId), { type: 'json' })),
    blobCall(() => docs.get(fileKey(clientId, docId), { type: 'stream' })),
  ]);
  const parsed = clientDocumentSchema.safeParse(meta);
  if (!parsed.success || !body) {
    await body?.cancel().catch(() => undefined);
    return null;
  }
  return { document: parsed.data, body };
}

/** Removes one document (its listing first, so it is never listed without its file); whether it was there. */
export async function removeDocument(clientId: string, docId: string): Promise<boolean> {
  const docs = store();
  const existed = await blobCall(() => docs.getMetadata(metaKey(clientId, docId)));
  await blobCall(() => docs.delete(metaKey(clientId, docId)));
  await blobCall(() => docs.delete(fileKey(clientId, docId)));
  return existed !== null;
}

/**
 * Removes every document of the client, files left by a failed upload and uploads in parts not
 * completed included; how many documents went.
 */
export async function eraseDocuments(clientId: string): Promise<number> {
  const docs = store();
  const listed = await Promise.all(
    [`meta/${clientId}/`, `files/${clientId}/`, uploadsPrefixOf(clientId)].map((prefix) =>
      blobCall(() => docs.list({ prefix })),
    ),
  );
  const keys = listed.flatMap(({ blobs }) => blobs.map((blob) => blob.key));
  await Promise.all(keys.map((key) => blobCall(() => docs.delete(key))));
  return keys.filter((key) => key.startsWith('meta/')).length;
}

/** Tells the client a document was added: a link to their space, never the file or its title (DECISIONS 28). */
async function queueDocumentNotice(client: Client, document: ClientDocument, now: Date = new Date()): Promise<void> {
  if (!client.email || !notificationSettings().enabled) return;
  const mail = clientDocumentMail(client.name, await clientSpaceUrlOf(client.id, siteAddress()));
  const entry = newEntry(
    {
      kind: 'client-document',
      leadId: document.id,
      channel: 'visitor-email',
      subject: mail.subject,
      to: client.email,
      mail,
      webhook: null,
    },
    now,
  );
  // Queued before the answer (durable: the minute job's sweep sends it if this instance dies), sent after it.
  await enqueue([entry]);
  await afterResponse(`document notice ${entry.id}`, () => deliver(entry.id));
}
