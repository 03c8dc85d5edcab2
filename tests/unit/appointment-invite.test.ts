import ical, { type VEvent } from 'node-ical';
import { describe, expect, test } from 'vitest';
import { business } from '../../src/lib/business';
import type { Appointment } from '../../src/lib/schemas/appointment';
import { appointmentInvite, appointmentUid, calendarFeed } from '../../src/server/appointments/invite';
import { ownerCallMail, visitorCallMail } from '../../src/server/messages';
import { slotKey, startOfSlotKey } from '../../src/server/booking/store';

const call: Appointment = {
  id: '8204405233833-6915a55493',
  bookingId: '8204405233900-0000000001',
  start: '2026-11-26T10:30:00+05:30',
  end: '2026-11-26T11:00:00+05:30',
  status: 'confirmed',
  sequence: 0,
  version: '8204405233833-6915a55493',
  name: 'Asha Rao',
  phone: '98450 12345',
  email: 'asha@example.com',
  createdAt: '2026-11-25T08:00:00.000Z',
  updatedAt: '2026-11-25T08:00:00.000Z',
  cancelledBy: null,
};

const eventOf = (content: string) =>
  Object.values(ical.sync.parseICS(content)).find((entry): entry is VEvent => entry?.type === 'VEVENT')!;

describe('invites', () => {
  test('a booked call is METHOD:REQUEST with its UID, times, organiser and "Phone call"', () => {
    const invite = appointmentInvite(call, { forOwner: true });
    expect(invite.method).toBe('REQUEST');
    expect(invite.content).toContain('METHOD:REQUEST');
    const event = eventOf(invite.content);
    expect(event.uid).toBe(appointmentUid(call));
    expect(new Date(event.start).toISOString()).toBe('2026-11-26T05:00:00.000Z');
    expect(new Date(event.end!).toISOString()).toBe('2026-11-26T05:30:00.000Z');
    expect(event.location).toBe('Phone call');
    expect(invite.content).toContain(`mailto:${business.contact.email}`);
    expect(event.summary).toContain('Asha Rao');
  });

  test('a moved call raises SEQUENCE; a cancelled one is METHOD:CANCEL and STATUS:CANCELLED with the same UID', () => {
    const moved = appointmentInvite(
      { ...call, sequence: 1, start: '2026-11-27T10:30:00+05:30', end: '2026-11-27T11:00:00+05:30' },
      { forOwner: false, manageUrl: 'https://example.test/m' },
    );
    expect(moved.content).toMatch(/SEQUENCE:1\r\n/);
    const cancelled = appointmentInvite({ ...call, sequence: 2, status: 'cancelled' }, { forOwner: false });
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.content).toContain('METHOD:CANCEL');
    expect(cancelled.content).toContain('STATUS:CANCELLED');
    expect(eventOf(cancelled.content).uid).toBe(appointmentUid(call));
  });

  test('the feed has one event per call and no METHOD (a subscription, not an invitation)', () => {
    const feed = calendarFeed([call, { ...call, id: '8204405233000-aaaaaaaaaa' }]);
    expect(feed).not.toContain('METHOD:');
    expect(Object.values(ical.sync.parseICS(feed)).filter((entry) => entry?.type === 'VEVENT')).toHaveLength(2);
  });
});

describe('messages', () => {
  test('the visitor mail greets a plain name only and links the manage page; the owner mail names the phone', () => {
    const visitor = visitorCallMail(
      { change: 'booked', by: 'visitor', appointment: call, previousStart: null },
      'https://example.test/appointments/x?token=t',
    );
    expect(visitor.text).toContain('Dear Asha Rao,');
    expect(visitor.text).toContain('https://example.test/appointments/x?token=t');
    expect(visitor.subject).toContain('26 November');
    const odd = visitorCallMail(
      {
        change: 'booked',
        by: 'visitor',
        appointment: { ...call, name: 'visit evil.example now' },
        previousStart: null,
      },
      'u',
    );
    expect(odd.text).toContain('Hello,');
    expect(odd.text).not.toContain('evil.example');
    const owner = ownerCallMail(
      { change: 'moved', by: 'visitor', appointment: call, previousStart: '2026-11-25T15:00:00+05:30' },
      'https://example.test/admin',
    );
    expect(owner.subject).toMatch(/^Call moved: Asha Rao/);
    expect(owner.text).toContain('tel:+919845012345');
  });
});

describe('slot keys', () => {
  test('a start is keyed by its IST day and time, and read back from the key', () => {
    const start = Date.parse('2026-11-26T10:30:00+05:30');
    expect(slotKey(start)).toBe('slots/2026-11-26/1030');
    expect(startOfSlotKey('slots/2026-11-26/1030')).toBe(start);
    // 23:30 UTC is the next day in India.
    expect(slotKey(Date.parse('2026-11-26T23:30:00Z'))).toBe('slots/2026-11-27/0500');
    expect(startOfSlotKey('slots/2026-11-26/x')).toBeNull();
  });
});
