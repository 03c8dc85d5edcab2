import type { Config } from '@netlify/functions';
import {
  googleCalendarChoiceSchema,
  googleCallbackQuerySchema,
  googleCalendarStatusQuerySchema,
} from '../../src/lib/schemas/googleCalendar';
import { requireAdmin } from '../../src/server/auth';
import {
  CALLBACK_PATH,
  calendarStatus,
  COMPLETE_PATH,
  callbackPage,
  checkState,
  checkStateFresh,
  chooseCalendars,
  completeConnection,
  connectUrl,
  disconnect,
  settingsHref,
} from '../../src/server/googleCalendar';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson, readQuery } from '../../src/server/http/validate';
import { siteAddress } from '../../src/server/notifications';

// The owner's Google Calendar (docs/scheduling.md, docs/api.md): connect, Google's callback and
// its completion, the connection's state, the choice of busy calendars, disconnect. Session +
// Origin as every admin route, but the callback, which Google's redirect reaches without the cookie.

const pathOf = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '');
const redirectUri = () => `${siteAddress()}${CALLBACK_PATH}`;
const redirect = (location: string) =>
  new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });

export default route({
  async GET(req, context) {
    const path = pathOf(req);
    if (path === CALLBACK_PATH) {
      // Google's redirect carries no SameSite=Strict cookie: a page moves on to `complete` (callbackPage.ts).
      const answer = readQuery(req, googleCallbackQuerySchema);
      checkStateFresh(answer.state);
      return new Response(callbackPage(answer), {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          // The code is in the address: it goes to no one, not even as a referrer.
          'referrer-policy': 'no-referrer',
        },
      });
    }
    const session = await requireAdmin(req, context);
    // A plain link from Settings, so it works before the admin's code arrives.
    if (path === '/api/admin/calendar/connect') return redirect(connectUrl(session.sessionId, redirectUri()));
    if (path === COMPLETE_PATH) {
      const { state, code, error } = readQuery(req, googleCallbackQuerySchema);
      checkState(state, session.sessionId);
      // The owner said no at Google (or Google refused): back to Settings, nothing stored.
      if (error || !code) return redirect(settingsHref('declined'));
      await completeConnection(code, redirectUri());
      return redirect(settingsHref('connected'));
    }
    if (path !== '/api/admin/calendar') throw notFound();
    const { refresh } = readQuery(req, googleCalendarStatusQuerySchema);
    return json(await calendarStatus({ refresh: refresh === '1' }), { headers: { 'cache-control': 'no-store' } });
  },
  async PUT(req, context) {
    await requireAdmin(req, context);
    if (pathOf(req) !== '/api/admin/calendar') throw notFound();
    return json(await chooseCalendars(await readJson(req, googleCalendarChoiceSchema)));
  },
  async POST(req, context) {
    await requireAdmin(req, context);
    if (pathOf(req) !== '/api/admin/calendar/disconnect') throw notFound();
    return json(await disconnect());
  },
});

export const config: Config = {
  path: [
    '/api/admin/calendar',
    '/api/admin/calendar/connect',
    '/api/admin/calendar/callback',
    '/api/admin/calendar/complete',
    '/api/admin/calendar/disconnect',
  ],
};
