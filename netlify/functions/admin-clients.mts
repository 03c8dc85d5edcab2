import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { appointmentIdSchema } from '../../src/lib/schemas/appointment';
import {
  type AdminClientsAnswer,
  type SessionMoveAnswer,
  type SessionOutcomeAnswer,
  sessionOutcomeSchema,
  sessionStartSchema,
} from '../../src/lib/schemas/client';
import {
  type ClientDocumentLink,
  type ClientDocument,
  type ClientDocumentsAnswer,
  DOCUMENT_PART_BYTES,
  type DocumentUploadStarted,
  documentDownloadName,
  documentIdSchema,
  documentUploadQuerySchema,
  documentUploadStartSchema,
  partNumberSchema,
  uploadIdSchema,
} from '../../src/lib/schemas/clientDocument';
import { z } from '../../src/lib/schemas/zod';
import { requireAdmin } from '../../src/server/auth';
import { setSessionOutcome } from '../../src/server/appointments';
import {
  addDocument,
  adminClientRow,
  bookSession,
  cancelSession,
  clients,
  completeUpload,
  documentsOf,
  moveSession,
  putUploadPart,
  readDocumentFile,
  removeDocument,
  startUpload,
} from '../../src/server/clients';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { pageQuerySchema, readBytesLimited, readJson, readParams, readQuery } from '../../src/server/http/validate';

// The owner's clients (docs/payments.md): every paying client, newest first, with sessions used and
// left and the next one; a session's outcome (held or no-show) with a private note; the owner's booking,
// cancel and move of a session; the PDFs the owner shares with a client (docs/client-space.md):
//   GET    /api/admin/clients/{id}/documents
//   POST   /api/admin/clients/{id}/documents?title=   the body is the PDF itself, at most one part (any content type: its bytes are checked)
//   POST   /api/admin/clients/{id}/documents/uploads  { title, size }: a larger PDF, sent in parts
//   PUT    /api/admin/clients/{id}/documents/uploads/{uploadId}/parts/{n}   the body is part n of the PDF
//   POST   /api/admin/clients/{id}/documents/uploads/{uploadId}/complete
//   GET    /api/admin/clients/{id}/documents/{docId}  the PDF
//   DELETE /api/admin/clients/{id}/documents/{docId}

const paramsSchema = z.object({ id: appointmentIdSchema });
const documentParamsSchema = z.object({ id: appointmentIdSchema, docId: documentIdSchema });
const uploadParamsSchema = z.object({ id: appointmentIdSchema, uploadId: uploadIdSchema });
const partParamsSchema = uploadParamsSchema.extend({ n: partNumberSchema });
const pathOf = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '');
const documentsPath = (id: string) => `/api/admin/clients/${id}/documents`;
const uploadsPath = (id: string) => `${documentsPath(id)}/uploads`;
const MIB = 1024 * 1024;
const withUrl = (id: string, document: ClientDocument): ClientDocumentLink => ({
  ...document,
  url: `${documentsPath(id)}/${document.id}`,
});
const noStore = { 'cache-control': 'no-store' };

async function existingClient(id: string) {
  const client = await clients.get(id);
  if (!client) throw notFound('No such client.');
  return client;
}

async function documentList(id: string): Promise<ClientDocumentsAnswer> {
  const documents = await documentsOf(id);
  return { items: documents.map((document) => withUrl(id, document)) };
}

export default route({
  async GET(req, context) {
    await requireAdmin(req, context);
    if (context.params?.docId) {
      const { id, docId } = readParams(context.params, documentParamsSchema);
      const found = await readDocumentFile(id, docId);
      if (!found) throw notFound('No such document.');
      return new Response(found.body, {
        headers: {
          ...noStore,
          'x-content-type-options': 'nosniff',
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${documentDownloadName(found.document.title)}"`,
        },
      });
    }
    if (context.params?.id) {
      const { id } = readParams(context.params, paramsSchema);
      if (pathOf(req) !== documentsPath(id)) throw notFound();
      await existingClient(id);
      return json(await documentList(id), { headers: noStore });
    }
    if (pathOf(req) !== '/api/admin/clients') throw notFound();
    const { cursor, limit } = readQuery(req, pageQuerySchema);
    const page = await clients.list({ cursor: cursor ?? null, limit });
    const now = new Date();
    const answer: AdminClientsAnswer = {
      items: await Promise.all(page.items.map((client) => adminClientRow(client, now))),
      nextCursor: page.nextCursor,
      total: page.total,
    };
    return json(answer, { headers: { 'cache-control': 'no-store' } });
  },
  async POST(req, context) {
    await requireAdmin(req, context);
    const { id } = readParams(context.params ?? {}, paramsSchema);
    if (pathOf(req) === documentsPath(id)) {
      // The title first, then the client, then the bytes: a bad request is refused before any upload is read.
      const { title } = readQuery(req, documentUploadQuerySchema);
      const client = await existingClient(id);
      const bytes = await readBytesLimited(
        req,
        DOCUMENT_PART_BYTES,
        'file',
        `A file over ${DOCUMENT_PART_BYTES / MIB} MB is sent in parts: POST ${uploadsPath(id)} first.`,
      );
      const document = await addDocument(client, title, bytes);
      return json({ document: withUrl(id, document) }, { status: 201 });
    }
    if (pathOf(req) === uploadsPath(id)) {
      const { title, size } = await readJson(req, documentUploadStartSchema);
      const client = await existingClient(id);
      const answer: DocumentUploadStarted = await startUpload(client, title, size);
      return json(answer, { status: 201 });
    }
    if (context.params?.uploadId) {
      const { uploadId } = readParams(context.params, uploadParamsSchema);
      if (pathOf(req) !== `${uploadsPath(id)}/${uploadId}/complete`) throw notFound();
      const client = await existingClient(id);
      const document = await completeUpload(client, uploadId);
      return json({ document: withUrl(id, document) }, { status: 201 });
    }
    if (pathOf(req) === `/api/admin/clients/${id}/sessions`) {
      // The owner books one of the client's sessions, at a time agreed with them: the client's own booking.
      const { start } = await readJson(req, sessionStartSchema);
      const client = await clients.get(id);
      if (!client) throw notFound('No such client.');
      const booked = await bookSession(client, start, new Date(), 'owner');
      const answer: SessionMoveAnswer = { session: { id: booked.id, start: booked.start, end: booked.end } };
      return json(answer, { status: 201 });
    }
    if (pathOf(req).endsWith('/cancel')) {
      // The owner cancels at any time (the client is told, the seat comes back); the 24-hour rule is the client's.
      const cancelled = await cancelSession(null, id, 'owner');
      return json({ session: { id: cancelled.id, status: cancelled.status } });
    }
    if (pathOf(req).endsWith('/move')) {
      const { start } = await readJson(req, sessionStartSchema);
      // The client's own move, by the owner: no 24-hour rule, the same free-time check and slot keys.
      const moved = await moveSession(null, id, start, 'owner');
      const answer: SessionMoveAnswer = { session: { id: moved.id, start: moved.start, end: moved.end } };
      return json(answer);
    }
    if (!pathOf(req).endsWith('/outcome')) throw notFound();
    const body = await readJson(req, sessionOutcomeSchema);
    // A no-show gets its one re-book message, as a call's does (named by the session's version, so once).
    const marked = await setSessionOutcome(id, body);
    const answer: SessionOutcomeAnswer = {
      session: { id: marked.id, outcome: body.outcome, note: marked.session?.note ?? null },
    };
    return json(answer);
  },
  async PUT(req, context) {
    await requireAdmin(req, context);
    const { id, uploadId, n } = readParams(context.params ?? {}, partParamsSchema);
    if (pathOf(req) !== `${uploadsPath(id)}/${uploadId}/parts/${n}`) throw notFound();
    // Refused by its Content-Length before the upload is read, else by the bytes counted.
    const bytes = await readBytesLimited(req, DOCUMENT_PART_BYTES, 'file');
    await putUploadPart(id, uploadId, n, bytes);
    return new Response(null, { status: 204 });
  },
  async DELETE(req, context) {
    await requireAdmin(req, context);
    const { id, docId } = readParams(context.params ?? {}, documentParamsSchema);
    if (!(await removeDocument(id, docId))) throw notFound('No such document.');
    return new Response(null, { status: 204 });
  },
});

export const config: Config = {
  path: [
    '/api/admin/clients',
    '/api/admin/sessions/:id/outcome',
    '/api/admin/sessions/:id/cancel',
    '/api/admin/sessions/:id/move',
    '/api/admin/clients/:id/sessions',
    '/api/admin/clients/:id/documents',
    '/api/admin/clients/:id/documents/:docId',
    '/api/admin/clients/:id/documents/uploads',
    '/api/admin/clients/:id/documents/uploads/:uploadId/parts/:n',
    '/api/admin/clients/:id/documents/uploads/:uploadId/complete',
  ],
};
