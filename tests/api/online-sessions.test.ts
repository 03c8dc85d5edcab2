import ical, { type VEvent } from 'node-ical';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import adminAppointmentsFn from '../../netlify/functions/admin-appointments.mts';
import appointmentsFn from '../../netlify/functions/appointments.mts';
import calendarFeedFn from '../../netlify/functions/calendar-feed.mts';
import joinFn from '../../netlify/functions/join.mts';
import clientSpaceFn from '../../netlify/functions/client-space.mts';
import peopleFn from '../../netlify/functions/admin-people.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import { business } from '../../src/lib/business';
import { istDateOf } from '../../src/lib/schedule/istClock';
import type { AdminAppointmentsAnswer, Slot, SlotsAnswer } from '../../src/lib/schemas/appointment';
import type { ClientSpaceAnswer, SessionAnswer } from '../../src/lib/schemas/client';
import type { PersonThread } from '../../src/lib/schemas/people';
import { JOIN_LABEL, moneyBackRule, sessionChangeRule } from '../../src/lib/sessionRules';
import { sendDueReminders } from '../../src/server/appointments/reminders';
import { readAppointment, readAppointmentForUpdate, replaceAppointment } from '../../src/server/booking/store';
import { adminCookie } from './support/admin';
import { openAllDay } from './support/availability';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { useFakeWhatsApp } from './support/fake-whatsapp';
import type { ReceivedMail } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { useFakeGateway } from './support/payments';
import { type PaidClient, payAsClient } from './support/paidClient';

// Paid sessions held online (docs/scheduling.md, "The meeting link"; decision 43): the link is
// SESSION_MEETING_URL for every session, or the appointment's own (a Google Meet link stored on it),
// and shows in the client space, the invite, the mails and the WhatsApp reminder. Discovery calls stay
// phone calls. Real handlers, a real Blobs server, the fake Razorpay and WhatsApp, a real SMTP server.

const gateway = useFakeGateway();
const mail = useMailReceivers();
const whatsapp = useFakeWhatsApp();
let cookie: string;

const ZOOM = 'https://us02web.zoom.us/j/81234567890?pwd=AbCdEf123';
const MEET = 'https://meet.google.com/abc-defg-hij';
const HOUR = 3_600_000;

beforeAll(async () => {
  cookie = await adminCookie();
  await openAllDay(cookie);
});
afterEach(() => {
  delete process.env.SESSION_MEETING_URL;
});

/** Pays ascend through Checkout; the client link from the receipt mail. */
const pay = () =>
  payAsClient(gateway(), mail, {
    packageId: 'ascend',
    name: 'Meera Iyer',
    state: 'Karnataka',
    tag: 'online',
    phoneStart: '98450 6',
  });

const spaceOf = async (client: PaidClient) => {
  const response = await call(clientSpaceFn, `/api/client-space/${client.id}?token=${client.token}`, {
    params: { id: client.id },
  });
  expect(response.status).toBe(200);
  return jsonOf<ClientSpaceAnswer>(response);
};

const used = new Set<string>();
/** A free 90-minute start more than `hours` ahead, never handed out twice here. */
async function sessionStart(hours: number): Promise<string> {
  const response = await call(slotsFn, '/api/slots?days=7&kind=session&minutes=90');
  const slots = (await jsonOf<SlotsAnswer>(response)).slots;
  const slot = slots.find(
    (candidate: Slot) =>
      Date.parse(candidate.start) - Date.now() > hours * HOUR &&
      [...used].every((start) => Math.abs(Date.parse(start) - Date.parse(candidate.start)) >= 2 * HOUR),
  );
  if (!slot) throw new Error('no free session start');
  used.add(slot.start);
  return slot.start;
}

async function bookSession(client: PaidClient, start: string) {
  const response = await call(clientSpaceFn, `/api/client-space/${client.id}/sessions?token=${client.token}`, {
    body: { start },
    params: { id: client.id },
  });
  expect(response.status).toBe(201);
  await settleAfterResponse();
  return (await jsonOf<SessionAnswer>(response)).session;
}

const mailsTo = (address: string) => mail.smtp.mails.filter((item) => item.to.includes(address));
const inviteOf = (item: ReceivedMail) => {
  const part = item.attachments.find((attachment) => attachment.mimeType === 'text/calendar' && attachment.method);
  if (!part) throw new Error(`no calendar part in "${item.subject}"`);
  const events = Object.values(ical.sync.parseICS(part.content)).filter(
    (entry): entry is VEvent => entry?.type === 'VEVENT',
  );
  return { raw: part.content, event: events[0]! };
};
/** The text of an iCalendar property, unfolded (RFC 5545 folds lines at 75 octets). */
const property = (raw: string, name: string) =>
  new RegExp(`^${name}(?:;[^:\r\n]*)?:(.*?)\r?$`, 'm').exec(raw.replace(/\r\n[ \t]/g, ''))?.[1] ?? null;

describe('sessions held online', () => {
  test('SESSION_MEETING_URL: the client space, the confirmation and its invite, and the reminder carry the link; the rules are stated', async () => {
    process.env.SESSION_MEETING_URL = ZOOM;
    const client = await pay();
    const start = await sessionStart(30);
    const session = await bookSession(client, start);
    expect(session.meetingUrl).toBe(ZOOM);

    const space = await spaceOf(client);
    expect(space.sessionsOnline).toBe(true);
    expect(space.sessions.find((item) => item.id === session.id)?.meetingUrl).toBe(ZOOM);
    expect(space.rules).toEqual([sessionChangeRule, moneyBackRule]);
    expect(space.rules.join(' ')).toContain(`until ${business.promises.rescheduleNoticeHours} hours before`);
    expect(space.rules.join(' ')).toContain(business.promises.moneyBack);

    const confirmation = mailsTo(client.email).find((item) => item.subject.startsWith('Your session is booked'));
    expect(confirmation, 'the session confirmation').toBeDefined();
    expect(confirmation!.text).toContain(`${JOIN_LABEL}: ${ZOOM}`);
    expect(confirmation!.text).toContain(sessionChangeRule);
    expect(confirmation!.text).toContain(moneyBackRule);
    expect(confirmation!.text).not.toContain('We will call you');
    expect(confirmation!.html).toContain(`href="${ZOOM}"`);
    const invite = inviteOf(confirmation!);
    expect(property(invite.raw, 'LOCATION')).toBe(ZOOM);
    expect(property(invite.raw, 'URL')).toBe(ZOOM);
    expect(invite.event.location).toBe(ZOOM);
    // The owner's notice and invite carry it too.
    const owner = mail.smtp.mails.find(
      (item) => item.subject.startsWith('Session booked') && item.text.includes(client.email),
    );
    expect(owner?.text).toContain(`Join online: ${ZOOM}`);
    expect(property(inviteOf(owner!).raw, 'LOCATION')).toBe(ZOOM);

    // The reminder a day before.
    await sendDueReminders(new Date(Date.parse(start) - 24 * HOUR + 60_000));
    const reminder = mailsTo(client.email).find((item) => item.subject.startsWith('Reminder'));
    expect(reminder?.text).toContain(`${JOIN_LABEL}: ${ZOOM}`);
    expect(reminder?.text).toContain('It is held online');
  });

  test('a Meet link stored on the appointment, as Google writes it: the client space, the admin, the reminder mail and the WhatsApp reminder carry it', async () => {
    const client = await pay();
    const start = await sessionStart(30);
    const session = await bookSession(client, start);
    // Without SESSION_MEETING_URL and before Google: no link, by phone.
    expect(session.meetingUrl).toBeNull();
    const before = await spaceOf(client);
    expect(before.sessionsOnline).toBe(false);
    expect(before.sessions[0]?.meetingUrl).toBeNull();

    const found = await readAppointmentForUpdate(session.id);
    const stored = {
      ...found!.appointment,
      meetingUrl: MEET,
      whatsappConsent: { at: new Date().toISOString(), words: 'Send me updates on WhatsApp' },
    };
    expect(await replaceAppointment(stored, found!.etag)).toBe(true);
    expect((await readAppointment(session.id))?.meetingUrl).toBe(MEET);

    expect((await spaceOf(client)).sessions.find((item) => item.id === session.id)?.meetingUrl).toBe(MEET);
    const date = istDateOf(Date.parse(start));
    const listed = await call(adminAppointmentsFn, `/api/admin/appointments?from=${date}&to=${date}`, { cookie });
    const items = (await jsonOf<AdminAppointmentsAnswer>(listed)).items;
    expect(items.find((item) => item.id === session.id)?.meetingUrl).toBe(MEET);
    // The owner's calendar feed: the Meet link as the event's LOCATION and URL.
    const { url } = await jsonOf<{ url: string }>(
      await call(adminAppointmentsFn, '/api/admin/calendar-feed', { cookie }),
    );
    const file = url.split('/').pop()!;
    const feed = await (await call(calendarFeedFn, `/api/calendar/${file}`, { params: { file } })).text();
    const event = Object.values(ical.sync.parseICS(feed)).find(
      (entry): entry is VEvent => entry?.type === 'VEVENT' && entry.uid === `appointment-${session.id}@ccc-edu`,
    );
    expect(event?.location).toBe(MEET);
    // node-ical gives a URL with its VALUE=URI parameter as { params, val }.
    const eventUrl: unknown = event?.url;
    expect(typeof eventUrl === 'string' ? eventUrl : (eventUrl as { val?: string } | undefined)?.val).toBe(MEET);
    // The person's page.
    const thread = await call(peopleFn, `/api/admin/people/thread?q=${encodeURIComponent(client.email)}`, { cookie });
    expect(thread.status).toBe(200);
    expect((await jsonOf<PersonThread>(thread)).calls.find((item) => item.id === session.id)?.meetingUrl).toBe(MEET);

    whatsapp().messages.length = 0;
    await sendDueReminders(new Date(Date.parse(start) - 24 * HOUR + 60_000));
    const reminder = mailsTo(client.email).find((item) => item.subject.startsWith('Reminder'));
    expect(reminder?.text).toContain(`${JOIN_LABEL}: ${MEET}`);
    const [message] = whatsapp().messages.filter((item) => item.to === `91${stored.phone.replace(/\D/g, '')}`);
    expect(message?.template?.name).toBe('ccc_session_reminder_day_online');
    expect(message?.bodyTexts).toEqual([
      'Meera Iyer',
      '90-minute coaching session',
      expect.stringContaining('IST'),
      MEET,
    ]);
    expect(message?.quickReplies).toEqual([`confirm:${session.id}`, `reschedule:${session.id}`]);
    // Its Join button: the site's join link, which leads to the room the session is held at.
    const [suffix] = message?.urlSuffixes ?? [];
    expect(suffix).toMatch(new RegExp(`^api/join/${session.id}\\?token=[\\w-]+$`));
    const joinUrl = new URL(suffix!, `${SITE}/`);
    const join = (token: string | null, id = session.id) =>
      call(joinFn, `/api/join/${id}${token === null ? '' : `?token=${token}`}`, { params: { id } });
    const opened = await join(joinUrl.searchParams.get('token'));
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(MEET);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    // Another session's token, a wrong one, or none: no room.
    expect((await join(joinUrl.searchParams.get('token'), '1700000000000-abcdefabcd')).status).toBe(404);
    expect((await join('x'.repeat(43))).status).toBe(404);
    expect((await join(null)).status).toBe(400);
  });

  test('a discovery call stays a phone call: no link in its invite, whatever SESSION_MEETING_URL says', async () => {
    process.env.SESSION_MEETING_URL = ZOOM;
    const slots = (await jsonOf<SlotsAnswer>(await call(slotsFn, '/api/slots?days=7'))).slots;
    const slot = slots.find(
      (candidate) =>
        Date.parse(candidate.start) - Date.now() > 30 * HOUR &&
        [...used].every((start) => Math.abs(Date.parse(start) - Date.parse(candidate.start)) >= 2 * HOUR),
    )!;
    const email = `caller.${Date.now()}@example.com`;
    const response = await call(appointmentsFn, '/api/appointments', {
      body: { start: slot.start, name: 'Asha Rao', phone: '98450 61999', email },
      ip: '10.61.0.1',
    });
    expect(response.status).toBe(201);
    await settleAfterResponse();
    const confirmation = mailsTo(email).find((item) => item.subject.startsWith('Your call is booked'));
    const invite = inviteOf(confirmation!);
    expect(property(invite.raw, 'LOCATION')).toBe('Phone call');
    expect(property(invite.raw, 'URL')).toMatch(new RegExp(`^${SITE}/appointments/`));
    expect(confirmation!.text).toContain('We will call you on the number you gave us.');
    expect(confirmation!.text).not.toContain(ZOOM);
  });
});
