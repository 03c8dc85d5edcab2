import { queryOptions } from '@tanstack/react-query';
import {
  type ClientDocumentLink,
  type ClientDocumentsAnswer,
  DOCUMENT_PART_BYTES,
  type DocumentUploadStarted,
} from '../../../lib/schemas/clientDocument';
import { adminKeys } from '../api/queries';
import { AdminApiError, adminRequest } from '../api/request';

// The PDFs the owner shares with a client (docs/client-space.md, "Documents").

export const documentKeys = { of: (clientId: string) => [...adminKeys.all, 'client-documents', clientId] as const };

const documentsPath = (clientId: string) => `/api/admin/clients/${encodeURIComponent(clientId)}/documents`;

export const clientDocumentsQuery = (clientId: string) =>
  queryOptions({
    queryKey: documentKeys.of(clientId),
    queryFn: async ({ signal }) =>
      (await adminRequest<ClientDocumentsAnswer>('GET', documentsPath(clientId), { signal })).data,
  });

interface UploadAnswer {
  error?: string;
  fields?: Record<string, string>;
  document?: ClientDocumentLink;
}

function parseAnswer(text: string): UploadAnswer | null {
  try {
    return JSON.parse(text) as UploadAnswer;
  } catch {
    return null;
  }
}

/** Sends raw bytes (a whole small file or one part); the server checks the bytes are a PDF. */
async function sendBytes(method: 'POST' | 'PUT', path: string, body: Blob): Promise<UploadAnswer> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    cache: 'no-store',
    headers: { accept: 'application/json', 'content-type': 'application/pdf' },
    body,
  });
  const text = await response.text();
  const json = parseAnswer(text);
  if (!response.ok) throw new AdminApiError(response.status, text, json?.fields ?? {}, json?.error ?? null, json, null);
  return json ?? {};
}

/** Where an upload in parts has got to: part `sent` of `parts` is on its way. */
export interface UploadProgress {
  sent: number;
  parts: number;
}

/**
 * Uploads a PDF: a file of at most DOCUMENT_PART_BYTES in one request, its title in the query; a
 * larger one in parts, one after another, then `complete` (a request body on Netlify is at most
 * 6 MB: docs/client-space.md, "Documents").
 */
export async function uploadDocument(
  clientId: string,
  title: string,
  file: Blob,
  onProgress: (progress: UploadProgress) => void = () => undefined,
): Promise<ClientDocumentLink> {
  if (file.size <= DOCUMENT_PART_BYTES) {
    const answer = await sendBytes('POST', `${documentsPath(clientId)}?${new URLSearchParams({ title })}`, file);
    if (!answer.document) throw new AdminApiError(500, '', {}, null, answer, null);
    return answer.document;
  }
  const started = await adminRequest<DocumentUploadStarted>('POST', `${documentsPath(clientId)}/uploads`, {
    body: { title, size: file.size },
  });
  const { uploadId, partBytes } = started.data;
  const uploadPath = `${documentsPath(clientId)}/uploads/${encodeURIComponent(uploadId)}`;
  const parts = Math.ceil(file.size / partBytes);
  for (let n = 0; n < parts; n += 1) {
    onProgress({ sent: n + 1, parts });
    await sendBytes('PUT', `${uploadPath}/parts/${n}`, file.slice(n * partBytes, (n + 1) * partBytes));
  }
  const completed = await adminRequest<{ document: ClientDocumentLink }>('POST', `${uploadPath}/complete`);
  return completed.data.document;
}

export async function deleteDocument(clientId: string, docId: string): Promise<void> {
  await adminRequest<unknown>('DELETE', `${documentsPath(clientId)}/${encodeURIComponent(docId)}`);
}
