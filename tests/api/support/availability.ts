import { expect } from 'vitest';
import adminAppointments from '../../../netlify/functions/admin-appointments.mts';
import type { Availability } from '../../../src/lib/schemas/appointment';
import { call } from './call';

// Open every day, round the clock, no notice: there are slots within the hour and beyond
// a day whenever the tests run.
export const allDay: Availability = {
  weekly: Array.from({ length: 7 }, () => ({ open: '00:00', close: '23:30' })),
  bufferMinutes: 0,
  noticeHours: 0,
  horizonDays: 7,
  blockedDates: [],
};

/** Saves `allDay` as the owner's availability through the real admin route. */
export async function openAllDay(cookie: string): Promise<void> {
  expect((await call(adminAppointments, '/api/admin/availability', { method: 'PUT', cookie, body: allDay })).status).toBe(200);
}
