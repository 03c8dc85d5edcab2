import type { Availability } from '../../src/lib/schemas/appointment';

// Open every day, round the clock, no notice: there are slots within the hour and beyond
// a day whenever the tests run (API tests save it through the admin route; the e2e seed of
// started calls writes it before its server starts).
export const allDay: Availability = {
  weekly: Array.from({ length: 7 }, () => ({ open: '00:00', close: '23:30' })),
  bufferMinutes: 0,
  noticeHours: 0,
  horizonDays: 7,
  blockedDates: [],
};
