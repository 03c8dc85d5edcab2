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
  type ClientDocumentsAnswer,
  MAX_DOCUMENT_BYTES,
  documentDownloadName,
  documentIdSchema,
  documentUploadQuerySchema,
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
  documentsOf,
  moveSession,
  queueDocumentNotice,
  readDocumentFile,
  removeDocument,
} from '../../src/server/clients';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { pageQuerySchema, readBytesLimited, readJson, readParams, readQuery } from '../../src/server/http/validate';

// The owner's clients (docs/payments.md): every paying client, newest first, with sessions used and
// left and the next one; a session's outcome (held or no-show) with a private note; the owner's booking,
// cancel and move of a session; the PDFs the owner shares with a client (docs/client-space.md):
//   GET    /api/admin/clients/{id}/documents
//   POST   /api/admin/clients/{id}/documents?title=   the body is the PDF itself (any content type: its bytes are checked)
//   GET    /api/admin/clients/{id}/documents/{docId}  the PDF
//   DELETE /api/admin/clients/{id}/documents/{docId}

const paramsSchema = z.object({ id: appointmentIdSchema });
const documentParamsSchema = z.object({ id: appointmentIdSchema, docId: documentIdSchema });
const pathOf = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '');
const documentsPath = (id: string) => `/api/admin/clients/${id}/documents`;
const noStore = { 'cache-control': 'no-store' };

async function existingClient(id: string) {
  const client = await clients.get(id);
  if (!client) throw notFound('No such client.');
  return client;
}

async function documentList(id: string): Promise<ClientDocumentsAnswer> {
  const documents = await documentsOf(id);
  return { items: documents.map((document) => ({ ...document, url: `${documentsPath(id)}/${document.id}` })) };
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
      const bytes = await readBytesLimited(req, MAX_DOCUMENT_BYTES, 'file');
      const document = await addDocument(client, title, bytes);
      await queueDocumentNotice(client, document);
      return json({ document: { ...document, url: `${documentsPath(id)}/${document.id}` } }, { status: 201 });
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
  ],
};
