import ical, { type VEvent } from 'node-ical';
import { describe, expect, test } from 'vitest';
import { business } from '../../src/lib/business';
import type { Appointment } from '../../src/lib/schemas/appointment';
import { SESSION_TITLE, appointmentInvite } from '../../src/server/appointments/invite';
import { ownerCallMail, reminderMail, visitorCallMail } from '../../src/server/messages';

// A client's paid session goes through the calls' messages in its own words.

const session: Appointment = {
  id: '8204405233833-6915a55493',
  bookingId: '8204405233900-0000000001',
  start: '2026-11-26T10:30:00+05:30',
  end: '2026-11-26T12:00:00+05:30',
  status: 'confirmed',
  sequence: 0,
  version: '8204405233833-6915a55493',
  name: 'Meera Iyer',
  phone: '98450 12345',
  email: 'meera@example.com',
  createdAt: '2026-11-25T08:00:00.000Z',
  updatedAt: '2026-11-25T08:00:00.000Z',
  cancelledBy: null,
  session: {
    clientId: '8204405233900-0000000001',
    packageName: 'Ascend Plus',
    minutes: 90,
    slotKeys: ['slots/2026-11-26/1030'],
    outcome: null,
    note: null,
  },
};
const link = 'https://example.test/client/8204405233900-0000000001?token=t';
const eventOf = (content: string) =>
  Object.values(ical.sync.parseICS(content)).find((entry): entry is VEvent => entry?.type === 'VEVENT')!;

describe('session messages', () => {
  test("the client's confirmation names the session and links their client space, never the call's manage page", () => {
    const mail = visitorCallMail({ change: 'booked', by: 'visitor', appointment: session, previousStart: null }, link);
    expect(mail.subject).toMatch(/^Your session is booked: /);
    expect(mail.text).toContain('Your 90-minute coaching session (Ascend Plus) is booked for');
    expect(mail.text).toContain(`Your sessions: book, move or cancel: ${link}`);
    expect(mail.text).not.toContain('discovery call');
    const cancelled = visitorCallMail(
      { change: 'cancelled', by: 'owner', appointment: { ...session, status: 'cancelled' }, previousStart: null },
      link,
    );
    expect(cancelled.subject).toBe(`Your session is cancelled: ${business.brand}`);
    expect(cancelled.text).toContain(link);
  });

  test("a move says who moved it: the client's own, or the coach's from the admin", () => {
    const previousStart = '2026-11-25T10:30:00+05:30';
    const own = visitorCallMail({ change: 'moved', by: 'visitor', appointment: session, previousStart }, link);
    expect(own.subject).toMatch(/^Your session has moved: /);
    expect(own.text).not.toContain('your coach');
    const coach = visitorCallMail({ change: 'moved', by: 'owner', appointment: session, previousStart }, link);
    expect(coach.subject).toMatch(/^Your coach moved your session: /);
    expect(coach.text).toContain(`${business.founder.name}, your coach, has moved your 90-minute coaching session`);
    expect(coach.text).toContain(link);
  });

  test("the owner's notice and the reminder", () => {
    const owner = ownerCallMail(
      { change: 'moved', by: 'visitor', appointment: session, previousStart: '2026-11-25T10:30:00+05:30' },
      'https://example.test/admin/bookings#clients',
    );
    expect(owner.subject).toMatch(/^Session moved: Meera Iyer, now /);
    expect(owner.text).toContain('moved by the client');
    expect(reminderMail(session, 'day', link).subject).toBe(`Reminder: your session with ${business.brand} tomorrow`);
  });

  test('the invite: the session title for the client, "Session" and the package for the owner, 90 minutes long', () => {
    const client = eventOf(appointmentInvite(session, { forOwner: false, manageUrl: link }).content);
    expect(client.summary).toBe(SESSION_TITLE);
    expect(client.description).toContain('Your 90-minute coaching session (Ascend Plus)');
    expect(new Date(client.end!).getTime() - new Date(client.start).getTime()).toBe(90 * 60_000);
    const owner = eventOf(appointmentInvite(session, { forOwner: true }).content);
    expect(owner.summary).toBe('Session: Meera Iyer');
    expect(owner.description).toContain('Ascend Plus session.');
  });
});
