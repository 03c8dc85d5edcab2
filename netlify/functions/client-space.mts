import type { Config, Context } from '@netlify/functions';
import '../../src/server/app';
import { invoiceDocumentId } from '../../src/lib/schemas/invoice';
import { questionsFor } from '../../src/lib/briefQuestions';
import { type BriefAnswer, briefRequestSchema, filledAnswers } from '../../src/lib/schemas/brief';
import {
  type ClientDocumentsAnswer,
  clientDocumentUrl,
  documentDownloadName,
  documentIdSchema,
} from '../../src/lib/schemas/clientDocument';
import {
  type SessionAnswer,
  clientParamsSchema,
  clientSessionParamsSchema,
  clientTokenQuerySchema,
  sessionStartSchema,
} from '../../src/lib/schemas/client';
import { assertSameOrigin } from '../../src/server/auth';
import {
  briefOf,
  clientInvoicePdf,
  clientOfLink,
  documentsOf,
  readDocumentFile,
  saveBrief,
  bookSession,
  cancelSession,
  moveSession,
  type Client,
  clientSession,
  clientSpaceView,
} from '../../src/server/clients';
import { notFound } from '../../src/server/http/errors';
import { statementOfPayment } from '../../src/server/refunds';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson, readParams, readQuery } from '../../src/server/http/validate';
import { z } from '../../src/lib/schemas/zod';

// The client space (docs/payments.md), opened by the client's signed link: what they bought, their
// sessions, their invoices, what they paid and got back; booking, moving and cancelling a session.
//   GET  /api/client-space/{id}?token=
//   POST /api/client-space/{id}/sessions?token=            { start }
//   POST /api/client-space/{id}/sessions/{session}/move?token=   { start }
//   POST /api/client-space/{id}/sessions/{session}/cancel?token=
//   GET  /api/client-space/{id}/invoices/{documentId}.pdf?token=
//   GET  /api/client-space/{id}/brief?token=                 -> { questions, answers, updatedAt }
//   PUT  /api/client-space/{id}/brief?token=                 { answers: { [questionId]: string } }
//   GET  /api/client-space/{id}/documents?token=             -> { items }
//   GET  /api/client-space/{id}/documents/{docId}?token=     the PDF, as an attachment
// (docs/client-space.md for the brief and the documents)

const privateHeaders = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

/** The client a link names; 404 for a wrong token exactly as for an unknown id. */
async function linkedClient(req: Request, context: Context): Promise<Client> {
  const { id } = readParams({ id: context.params?.id }, clientParamsSchema);
  const { token } = readQuery(req, clientTokenQuerySchema);
  const client = await clientOfLink(id, token);
  if (!client) throw notFound('No such client.');
  return client;
}

const pathOf = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '');

/** The client's documents, each with the link that downloads it through the client's own token. */
async function documentsAnswer(client: Client, token: string): Promise<ClientDocumentsAnswer> {
  const documents = await documentsOf(client.id);
  return {
    items: documents.map((document) => ({
      ...document,
      url: clientDocumentUrl(client.id, document.id, token),
    })),
  };
}

async function documentDownload(client: Client, context: Context): Promise<Response> {
  const { docId } = readParams({ docId: context.params?.docId }, z.object({ docId: documentIdSchema }));
  const found = await readDocumentFile(client.id, docId);
  if (!found) throw notFound('No such document.');
  return new Response(found.body, {
    headers: {
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
      'x-content-type-options': 'nosniff',
      'content-type': 'application/pdf',
      'content-length': String(found.document.bytes),
      'content-disposition': `attachment; filename="${documentDownloadName(found.document.title)}"`,
    },
  });
}

export default route({
  async GET(req, context) {
    const client = await linkedClient(req, context);
    const path = pathOf(req);
    if (path === `/api/client-space/${client.id}/brief`)
      return json((await briefOf(client)) satisfies BriefAnswer, { headers: privateHeaders });
    if (path === `/api/client-space/${client.id}/documents`)
      return json(await documentsAnswer(client, readQuery(req, clientTokenQuerySchema).token), {
        headers: privateHeaders,
      });
    if (path.startsWith(`/api/client-space/${client.id}/documents/`)) return documentDownload(client, context);
    const file = /^(.+)\.pdf$/.exec(context.params?.document ?? '');
    if (file) {
      const { document } = readParams({ document: file[1] }, z.object({ document: invoiceDocumentId }));
      const pdf = await clientInvoicePdf(client, document);
      if (!pdf) throw notFound('No such invoice.');
      return new Response(new Uint8Array(pdf.bytes), {
        headers: {
          ...privateHeaders,
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${pdf.fileName}"`,
        },
      });
    }
    if (path !== `/api/client-space/${client.id}`) throw notFound();
    return json(await clientSpaceView(client, await statementOfPayment(client.paymentId)), {
      headers: privateHeaders,
    });
  },
  async PUT(req, context) {
    assertSameOrigin(req);
    const client = await linkedClient(req, context);
    if (pathOf(req) !== `/api/client-space/${client.id}/brief`) throw notFound();
    // Checked against the questions of the client's own package: an id they were not asked is refused by name.
    const { answers } = await readJson(req, briefRequestSchema(questionsFor(client.packageId)));
    return json((await saveBrief(client, filledAnswers(answers))) satisfies BriefAnswer, { headers: privateHeaders });
  },
  async POST(req, context) {
    assertSameOrigin(req);
    const client = await linkedClient(req, context);
    const path = pathOf(req);
    const now = new Date();
    if (path === `/api/client-space/${client.id}/sessions`) {
      const { start } = await readJson(req, sessionStartSchema);
      const answer: SessionAnswer = { session: clientSession(await bookSession(client, start, now), now) };
      return json(answer, { status: 201, headers: privateHeaders });
    }
    const { session } = readParams(
      { id: context.params?.id, session: context.params?.session },
      clientSessionParamsSchema,
    );
    if (path.endsWith('/cancel'))
      return json(
        {
          session: clientSession(await cancelSession(client.id, session, 'visitor', now), now),
        } satisfies SessionAnswer,
        { headers: privateHeaders },
      );
    if (!path.endsWith('/move')) throw notFound();
    const { start } = await readJson(req, sessionStartSchema);
    return json(
      {
        session: clientSession(await moveSession(client.id, session, start, 'visitor', now), now),
      } satisfies SessionAnswer,
      { headers: privateHeaders },
    );
  },
});

// Literal on purpose: Netlify reads this config statically (docs/decisions/0009-honeypot-and-rate-limits.md).
export const config: Config = {
  path: [
    '/api/client-space/:id',
    '/api/client-space/:id/sessions',
    '/api/client-space/:id/sessions/:session/move',
    '/api/client-space/:id/sessions/:session/cancel',
    '/api/client-space/:id/invoices/:document',
    '/api/client-space/:id/brief',
    '/api/client-space/:id/documents',
    '/api/client-space/:id/documents/:docId',
  ],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
