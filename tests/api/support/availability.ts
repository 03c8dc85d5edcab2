import { expect } from 'vitest';
import adminAppointments from '../../../netlify/functions/admin-appointments.mts';
import { allDay } from '../../support/allDayAvailability';
import { call } from './call';

export { allDay };

/** Saves `allDay` as the owner's availability through the real admin route. */
export async function openAllDay(cookie: string): Promise<void> {
  expect(
    (await call(adminAppointments, '/api/admin/availability', { method: 'PUT', cookie, body: allDay })).status,
  ).toBe(200);
}
