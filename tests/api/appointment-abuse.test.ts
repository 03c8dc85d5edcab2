import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import adminAppointments from '../../netlify/functions/admin-appointments.mts';
import appointmentsFn from '../../netlify/functions/appointments.mts';
import bookCall from '../../netlify/functions/book-call.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import { describeSlotIst } from '../../src/lib/schedule/slotDays';
import type { Appointment, PublicAppointment, Slot, SlotsAnswer } from '../../src/lib/schemas/appointment';
import { PERSON_NAME_MESSAGE } from '../../src/lib/schemas/fields';
import {
  claimSlot,
  readAppointment,
  readAppointmentForUpdate,
  replaceAppointment,
  slotHolder,
  slotKey,
  writeNewAppointment,
} from '../../src/server/booking/store';
import { bookings } from '../../src/server/leads/bookings';
import { newestFirstKey } from '../../src/server/storage/keys';
import { adminCookie } from './support/admin';
import { blobsContext } from './support/blobs-server';
import { openAllDay } from './support/availability';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { bundleFunction, callInParallelProcesses } from './support/function-process';
import { OWNER_ADDRESS, type ReceivedMail } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';

// The calendar's limits (docs/scheduling.md): no slot squatting (one upcoming call per phone and per
// mailbox, race-safe across instances; three new calls per address an hour; the owner
// cancels every call of one number), invites that carry no typed text but a plain name,
// and an admin range that cannot run away. Real handlers, a real Blobs server, a real
// SMTP server.

const mail = useMailReceivers();
let cookie: string;

beforeAll(async () => {
  cookie = await adminCookie();
  await openAllDay(cookie);
});
beforeEach(() => {
  mail.smtp.mails.length = 0;
});

async function freeSlots(): Promise<Slot[]> {
  return (await jsonOf<SlotsAnswer>(await call(slotsFn, '/api/slots?days=7'))).slots;
}

const used = new Set<string>();
/** A free slot more than 30 hours ahead (so a visitor may still change it), never handed out twice. */
async function slotAhead(): Promise<Slot> {
  const slot = (await freeSlots()).find(
    (candidate) => Date.parse(candidate.start) - Date.now() > 30 * 3_600_000 && !used.has(candidate.start),
  );
  if (!slot) throw new Error('no free slot');
  used.add(slot.start);
  return slot;
}

let addresses = 0;
/** A client address no other request of this file used. */
const freshIp = () => {
  addresses += 1;
  return `10.27.${Math.floor(addresses / 200)}.${(addresses % 200) + 1}`;
};

interface Booker {
  name?: string;
  phone: string;
  email?: string;
  ip?: string;
}
function book(start: string, { name = 'Asha Rao', phone, email, ip = freshIp() }: Booker) {
  return call(appointmentsFn, '/api/appointments', { body: { start, name, phone, ...(email ? { email } : {}) }, ip });
}

const params = (url: string) => {
  const parsed = new URL(url);
  return { id: parsed.pathname.split('/').pop()!, token: parsed.searchParams.get('token')! };
};

async function booked(booker: Booker): Promise<PublicAppointment & { token: string }> {
  const response = await book((await slotAhead()).start, booker);
  expect(response.status).toBe(201);
  const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(response);
  return { ...appointment, token: params(appointment.manageUrl).token };
}

describe('one upcoming call per phone number and per mailbox', () => {
  test("a second booking with the same phone (written another way) or the same mailbox gets 409 with the call's time and how to change it, never its manage link, and stores nothing", async () => {
    const first = await booked({ phone: '98450 70001', email: 'victim@gmail.com' });
    const stored = await bookings.count();

    const samePhone = await book((await slotAhead()).start, {
      phone: '+91 98450-70001',
      email: 'someone.else@example.com',
    });
    expect(samePhone.status).toBe(409);
    const text = await samePhone.text();
    const { error } = JSON.parse(text) as { error: string };
    expect(error).toContain(describeSlotIst(first.start));
    expect(error).toMatch(/Move or cancel link in its confirmation e-mail/);
    // Anyone can type another person's phone: the answer gives no way into their call.
    expect(text).not.toContain(first.token);
    expect(text).not.toContain(first.id);
    expect(text).not.toMatch(/\/appointments\/|token=/);

    for (const email of ['Victim+calls@Gmail.com', 'v.i.c.t.i.m@googlemail.com']) {
      const sameMailbox = await book((await slotAhead()).start, { phone: '98450 70002', email });
      expect(sameMailbox.status, email).toBe(409);
      expect((await jsonOf<{ error: string }>(sameMailbox)).error).toMatch(
        /^This e-mail address already has a call booked for /,
      );
    }
    // Refused before anything is made: no booking for the owner to chase.
    await settleAfterResponse();
    expect(await bookings.count()).toBe(stored);

    // The call modal's booking for the same phone is refused the same way.
    const made = await call(bookCall, '/api/book-call', {
      body: { name: 'Asha Rao', phone: '9845070001', background: 'college-graduate' },
      ip: freshIp(),
    });
    const { booking } = await jsonOf<{ booking: { id: string } }>(made);
    const viaModal = await call(appointmentsFn, '/api/appointments', {
      body: { start: (await slotAhead()).start, bookingId: booking.id },
      ip: freshIp(),
    });
    expect(viaModal.status).toBe(409);
    expect((await jsonOf<{ error: string }>(viaModal)).error).toMatch(
      /^This phone number already has a call booked for /,
    );
  });

  test('three processes book different times with one phone at the same moment: one 201, two 409, one call holds a slot', async () => {
    const bundle = await bundleFunction('netlify/functions/appointments.mts');
    const slots = [await slotAhead(), await slotAhead(), await slotAhead()];
    const phones = ['98450 71111', '+91 9845071111', '098450-71111'];
    const answers = await callInParallelProcesses(
      bundle,
      slots.map((slot, index) => ({
        url: `${SITE}/api/appointments`,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE },
        body: JSON.stringify({ start: slot.start, name: `Racer ${'I'.repeat(index + 1)}`, phone: phones[index] }),
        ip: `10.71.0.${index + 1}`,
      })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const holders = await Promise.all(slots.map((slot) => slotHolder(slotKey(Date.parse(slot.start)))));
    expect(holders.filter((holder) => holder !== null)).toHaveLength(1);
    const winner = answers.find((answer) => answer.status === 201)!.body as { appointment: PublicAppointment };
    expect(holders).toContain(winner.appointment.id);
  });

  test('the visitor moves their call through the manage link; a cancel frees the phone and e-mail; so does a call that is over', async () => {
    const visitor = { phone: '98450 72222', email: 'mover@example.com' };
    const call1 = await booked(visitor);
    const { id, token } = { id: call1.id, token: call1.token };
    const next = await slotAhead();
    const moved = await call(appointmentsFn, `/api/appointments/${id}/reschedule?token=${token}`, {
      params: { id },
      body: { start: next.start },
      ip: freshIp(),
    });
    expect(moved.status).toBe(200);
    expect((await jsonOf<{ appointment: PublicAppointment }>(moved)).appointment.start).toBe(next.start);
    const again = await book((await slotAhead()).start, visitor);
    expect(again.status).toBe(409);
    expect((await jsonOf<{ error: string }>(again)).error).toContain(describeSlotIst(next.start));

    expect(
      (await call(appointmentsFn, `/api/appointments/${id}/cancel?token=${token}`, { params: { id }, method: 'POST' }))
        .status,
    ).toBe(200);
    const call2 = await booked(visitor);

    // Over: its end has passed (its record rewritten into the past, as time would).
    const found = (await readAppointmentForUpdate(call2.id))!;
    const past = Date.now() - 2 * 3_600_000;
    expect(
      await replaceAppointment(
        { ...found.appointment, start: new Date(past).toISOString(), end: new Date(past + 30 * 60_000).toISOString() },
        found.etag,
      ),
    ).toBe(true);
    await booked(visitor);
  });
});

describe('new calls per client address', () => {
  test(
    'at most 3 an hour per address, an IPv6 /64 counted as one: the 4th gets 429 with Retry-After and stores nothing; moving is not counted; another address books',
    { timeout: 60_000 },
    async () => {
      // The count is per clock hour: start well inside one, so all four fall in the same.
      const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
      if (toNextHour < 20_000) await new Promise((resolveWait) => setTimeout(resolveWait, toNextHour + 100));
      const inOne64 = ['2001:db8:27:1::1', '2001:db8:27:1::abcd', '2001:db8:27:1:ffff:1:2:3'];
      const calls: Array<PublicAppointment & { token: string }> = [];
      for (const [index, ip] of inOne64.entries()) calls.push(await booked({ phone: `98450 7300${index}`, ip }));
      await settleAfterResponse();
      const stored = await bookings.count();
      const fourth = await book((await slotAhead()).start, { phone: '98450 73009', ip: '2001:db8:27:1:9::77' });
      expect(fourth.status).toBe(429);
      const wait = Number(fourth.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(3600);
      expect((await jsonOf<{ error: string }>(fourth)).error).toMatch(/Too many calls booked from this connection/);
      await settleAfterResponse();
      expect(await bookings.count()).toBe(stored);

      const { id, token } = calls[0]!;
      const moved = await call(appointmentsFn, `/api/appointments/${id}/reschedule?token=${token}`, {
        params: { id },
        body: { start: (await slotAhead()).start },
        ip: inOne64[0],
      });
      expect(moved.status).toBe(200);
      expect((await book((await slotAhead()).start, { phone: '98450 73010', ip: '2001:db8:27:2::1' })).status).toBe(
        201,
      );
    },
  );
});

describe("the owner's cancel of every call of one number", () => {
  /** A call stored as the code allowed before one upcoming call per phone: many for one phone, no claims. */
  async function legacyCall(phone: string): Promise<Appointment> {
    const slot = await slotAhead();
    const id = newestFirstKey();
    const at = new Date().toISOString();
    const appointment: Appointment = {
      id,
      bookingId: newestFirstKey(),
      start: slot.start,
      end: slot.end,
      status: 'confirmed',
      sequence: 0,
      version: id,
      name: 'Slot Squatter',
      phone,
      email: null,
      createdAt: at,
      updatedAt: at,
      cancelledBy: null,
    };
    await writeNewAppointment(appointment);
    expect(await claimSlot(Date.parse(slot.start), id)).toBe(true);
    return appointment;
  }

  test('POST /api/admin/appointments/cancel-by-phone cancels every upcoming call of the number, sends the cancel notices, frees the slots and the phone', async () => {
    const squatter = '98450 74444';
    const booked1 = await booked({ phone: squatter, email: 'squatter@example.com' });
    const legacy = [await legacyCall('+91 98450 74444'), await legacyCall('09845074444')];
    const bystander = await booked({ phone: '98450 75555' });
    await settleAfterResponse();
    mail.smtp.mails.length = 0;

    const path = '/api/admin/appointments/cancel-by-phone';
    expect((await call(adminAppointments, path, { body: { phone: squatter } })).status).toBe(401);
    const bad = await call(adminAppointments, path, { cookie, body: { phone: '12' } });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).fields).toHaveProperty('phone');

    const answer = await call(adminAppointments, path, { cookie, body: { phone: '+91-98450-74444' } });
    expect(answer.status).toBe(200);
    expect(await jsonOf(answer)).toEqual({ cancelled: 3, failed: 0 });

    const ids = [booked1.id, ...legacy.map((item) => item.id)];
    for (const id of ids) expect((await readAppointment(id))?.status).toBe('cancelled');
    expect((await readAppointment(bystander.id))?.status).toBe('confirmed');
    const free = (await freeSlots()).map((slot) => slot.start);
    for (const start of [booked1.start, ...legacy.map((item) => item.start)]) expect(free).toContain(start);
    expect(free).not.toContain(bystander.start);

    await settleAfterResponse();
    const cancelled = mail.smtp.mails.filter(
      (item: ReceivedMail) => item.to.includes(OWNER_ADDRESS) && item.subject.startsWith('Call cancelled: '),
    );
    expect(cancelled).toHaveLength(3);
    const visitorMail = mail.smtp.mails.find((item) => item.to.includes('squatter@example.com'));
    expect(visitorMail?.attachments.find((part) => part.method)?.method).toBe('CANCEL');

    // The number may book one call again.
    await booked({ phone: squatter });
    expect(await jsonOf(await call(adminAppointments, path, { cookie, body: { phone: '98450 76666' } }))).toEqual({
      cancelled: 0,
      failed: 0,
    });
  });
});

// docs/decisions/0028-visitor-mail-carries-only-our-words.md
describe('the invite carries no typed text but a plain name', () => {
  const inviteTo = (address: string) => {
    const item = mail.smtp.mails.find(
      (received) => received.to.includes(address) && received.attachments.some((part) => part.method),
    );
    if (!item) throw new Error(`no invite mailed to ${address}`);
    return item.attachments.find((part) => part.mimeType === 'text/calendar' && part.method)!.content;
  };
  const attendeeOf = (raw: string) => {
    const event = Object.values(ical.sync.parseICS(raw)).find((entry): entry is VEvent => entry?.type === 'VEVENT')!;
    return event.attendee as unknown as { params?: { CN?: string }; val: string };
  };
  const unfolded = (raw: string) => raw.replace(/\r?\n[ \t]/g, '');

  test('a phishing name with a link is a 400 naming the name: no call is booked, no slot taken, nothing mailed', async () => {
    const slot = await slotAhead();
    const email = 'phish-link-target@example.com';
    const before = await bookings.count();
    const response = await book(slot.start, {
      name: 'Your account is locked - verify at https://evil.example',
      phone: '98450 77776',
      email,
    });
    expect(response.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toEqual({ name: PERSON_NAME_MESSAGE });
    await settleAfterResponse();
    expect(await bookings.count()).toBe(before);
    expect((await freeSlots()).map((free) => free.start)).toContain(slot.start);
    expect(mail.smtp.mails.filter((item) => item.to.includes(email))).toHaveLength(0);
  });

  test("a phishing name the name rule lets through: the .ics mailed to the address typed names nobody, and says none of it; nor does the manage link's .ics", async () => {
    // Letters, spaces, a dash and a dot only, so the form takes it: the invite must still
    // not carry it as the attendee's name.
    const phishing = 'Your account is locked - verify at evil.example';
    const email = 'phish-target@example.com';
    const { id, token } = await booked({ name: phishing, phone: '98450 77777', email });
    await settleAfterResponse();
    const raw = inviteTo(email);
    const attendee = attendeeOf(raw);
    expect(attendee.val.toLowerCase()).toBe(`mailto:${email}`);
    expect(attendee.params?.CN).toBeUndefined();
    for (const ics of [
      unfolded(raw),
      unfolded(
        await (
          await call(appointmentsFn, `/api/appointments/${id}/invite.ics?token=${token}`, { params: { id } })
        ).text(),
      ),
    ]) {
      expect(ics).not.toMatch(/^ATTENDEE[^:\r\n]*CN=/m);
      expect(ics).not.toMatch(/evil\.example|account is locked|verify at/i);
    }
  });

  test("a plain name is carried as the attendee's CN", async () => {
    const email = 'plain-name@example.com';
    await booked({ name: 'Zoë Müller-Lüdenscheidt', phone: '98450 78888', email });
    await settleAfterResponse();
    expect(attendeeOf(inviteTo(email)).params?.CN).toBe('Zoë Müller-Lüdenscheidt');
  });
});

describe('the admin range is bounded', () => {
  /**
   * One admin GET in its own process, killed if it has not answered within `ms`: a handler
   * that loops forever blocks its event loop, so only another process can time it out.
   */
  async function getInProcess(
    bundle: string,
    path: string,
    ms: number,
  ): Promise<{ status: number; body: { fields?: Record<string, string> }; elapsedMs: number } | 'no answer'> {
    const child = spawn(
      process.execPath,
      ['--max-old-space-size=256', resolve('tests/api/support/function-process-child.mjs'), bundle],
      {
        env: {
          ...process.env,
          NETLIFY_BLOBS_CONTEXT: Buffer.from(JSON.stringify(blobsContext)).toString('base64'),
          CHILD_REQUEST: JSON.stringify({ url: `${SITE}${path}`, method: 'GET', headers: { cookie } }),
        },
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    let output = '';
    let started = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!started && output.includes('ready\n')) {
        started = Date.now();
        child.stdin.end('go\n');
      }
    });
    const closed = new Promise<'closed'>((resolveClosed) => child.on('close', () => resolveClosed('closed')));
    const timer = new Promise<'timeout'>((resolveTimer) => setTimeout(() => resolveTimer('timeout'), ms));
    const outcome = await Promise.race([closed, timer]);
    if (outcome === 'timeout') {
      child.kill('SIGKILL');
      await closed;
      return 'no answer';
    }
    const line = output.split('\n').find((text) => text.startsWith('{'));
    if (!line) return 'no answer';
    return {
      ...(JSON.parse(line) as { status: number; body: { fields?: Record<string, string> } }),
      elapsedMs: Date.now() - started,
    };
  }

  test(
    'from=9999-12-31&to=9999-12-31 is a 400 naming the field, answered at once (it looped forever)',
    { timeout: 60_000 },
    async () => {
      const bundle = await bundleFunction('netlify/functions/admin-appointments.mts');
      const answer = await getInProcess(bundle, '/api/admin/appointments?from=9999-12-31&to=9999-12-31', 15_000);
      expect(answer).not.toBe('no answer');
      if (answer === 'no answer') return;
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toHaveProperty('from');
      expect(answer.elapsedMs).toBeLessThan(3_000);
    },
  );

  test('years 2000-2100 and at most 92 days: each refusal names its field', async () => {
    const get = async (query: string) => {
      const response = await call(adminAppointments, `/api/admin/appointments?${query}`, { cookie });
      return {
        status: response.status,
        fields: (await jsonOf<{ fields?: Record<string, string> }>(response)).fields ?? {},
      };
    };
    expect(await get('from=1999-12-31&to=2000-01-02')).toMatchObject({
      status: 400,
      fields: { from: expect.stringMatching(/2000-2100/) },
    });
    expect(await get('from=2100-12-01&to=2101-01-01')).toMatchObject({
      status: 400,
      fields: { to: expect.stringMatching(/2000-2100/) },
    });
    expect(await get('from=2030-01-01&to=2030-04-03')).toMatchObject({
      status: 400,
      fields: { to: 'At most 92 days at a time' },
    });
    expect((await get('from=2030-01-01&to=2030-04-02')).status).toBe(200);
    expect((await get('bookingId=nonsense')).fields).toHaveProperty('bookingId');
  });
});
