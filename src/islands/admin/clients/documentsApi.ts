import { queryOptions } from '@tanstack/react-query';
import type { ClientDocumentLink, ClientDocumentsAnswer } from '../../../lib/schemas/clientDocument';
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

/** Sends the file itself as the body, its title in the query; the server checks the bytes are a PDF. */
export async function uploadDocument(clientId: string, title: string, file: Blob): Promise<ClientDocumentLink> {
  const response = await fetch(`${documentsPath(clientId)}?${new URLSearchParams({ title })}`, {
    method: 'POST',
    credentials: 'include',
    cache: 'no-store',
    headers: { accept: 'application/json', 'content-type': 'application/pdf' },
    body: file,
  });
  const text = await response.text();
  const json = parseAnswer(text);
  if (!response.ok || !json?.document)
    throw new AdminApiError(response.status, text, json?.fields ?? {}, json?.error ?? null, json, null);
  return json.document;
}

export async function deleteDocument(clientId: string, docId: string): Promise<void> {
  await adminRequest<unknown>('DELETE', `${documentsPath(clientId)}/${encodeURIComponent(docId)}`);
}
