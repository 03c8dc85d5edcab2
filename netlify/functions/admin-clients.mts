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
import { z } from '../../src/lib/schemas/zod';
import { requireAdmin } from '../../src/server/auth';
import { setSessionOutcome } from '../../src/server/appointments';
import { bookSession, cancelSession, clients, adminClientRow, moveSession } from '../../src/server/clients';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { pageQuerySchema, readJson, readParams, readQuery } from '../../src/server/http/validate';

// The owner's clients (docs/payments.md): every paying client, newest first, with sessions used and
// left and the next one; a session's outcome (held or no-show) with a private note; the owner's booking,
// cancel and move of a session.

const paramsSchema = z.object({ id: appointmentIdSchema });
const pathOf = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '');

export default route({
  async GET(req, context) {
    await requireAdmin(req, context);
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
});

export const config: Config = {
  path: [
    '/api/admin/clients',
    '/api/admin/sessions/:id/outcome',
    '/api/admin/sessions/:id/cancel',
    '/api/admin/sessions/:id/move',
    '/api/admin/clients/:id/sessions',
  ],
};
