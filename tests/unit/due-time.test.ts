import { describe, expect, it } from 'vitest';
import { business } from '../../src/lib/business';
import { dueAfter, isOverdue } from '../../src/lib/dueTime';

// 2026-11-27 is a Friday. IST is UTC+05:30, so 17:00 IST is 11:30Z.
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
const call = business.promises.callbackAfterCallHours;
const reply = business.promises.responseHours;

describe('due times in business hours (Mon-Fri 09:00-18:00 IST)', () => {
  it('reads the hours from business.ts', () => {
    expect(call).toBe(4);
    expect(reply).toBe(24);
    expect(business.contact.businessHours).toMatchObject({ timeZone: 'Asia/Kolkata', open: '09:00', close: '18:00' });
  });

  it('a call requested Friday 17:00 IST is due Monday 12:00 IST', () => {
    expect(dueAfter(ist('2026-11-27', '17:00'), call).toISOString()).toBe(ist('2026-11-30', '12:00').toISOString());
  });

  it('inside one working day it simply adds the hours', () => {
    expect(dueAfter(ist('2026-11-25', '10:15'), call)).toEqual(ist('2026-11-25', '14:15'));
  });

  it('ending exactly at closing time stays on that day', () => {
    expect(dueAfter(ist('2026-11-25', '14:00'), call)).toEqual(ist('2026-11-25', '18:00'));
  });

  it('a lead arriving exactly at closing starts the clock at the next opening', () => {
    expect(dueAfter(ist('2026-11-25', '18:00'), call)).toEqual(ist('2026-11-26', '13:00'));
    expect(dueAfter(ist('2026-11-27', '18:00'), call)).toEqual(ist('2026-11-30', '13:00'));
  });

  it('before opening the clock starts at 09:00 the same day', () => {
    expect(dueAfter(ist('2026-11-25', '06:30'), call)).toEqual(ist('2026-11-25', '13:00'));
    // 00:10 IST is still the previous UTC day: the IST date decides.
    expect(dueAfter(ist('2026-11-26', '00:10'), call)).toEqual(ist('2026-11-26', '13:00'));
  });

  it('after closing the clock starts at the next working day', () => {
    expect(dueAfter(ist('2026-11-25', '21:45'), call)).toEqual(ist('2026-11-26', '13:00'));
  });

  it('weekends are skipped whole', () => {
    expect(dueAfter(ist('2026-11-28', '11:00'), call)).toEqual(ist('2026-11-30', '13:00'));
    expect(dueAfter(ist('2026-11-29', '23:59'), call)).toEqual(ist('2026-11-30', '13:00'));
  });

  it('24 business hours span almost three working days and cross the weekend', () => {
    // Wednesday 10:00: 8 h Wed, 9 h Thu, 7 h Fri -> Friday 16:00.
    expect(dueAfter(ist('2026-11-25', '10:00'), reply)).toEqual(ist('2026-11-27', '16:00'));
    // Friday 17:00: 1 h Fri, 9 h Mon, 9 h Tue, 5 h Wed -> Wednesday 14:00.
    expect(dueAfter(ist('2026-11-27', '17:00'), reply)).toEqual(ist('2026-12-02', '14:00'));
  });

  it('works for other zones and hours given as data', () => {
    const london = { timeZone: 'Europe/London', weekdays: [1, 2, 3, 4, 5], open: '09:00', close: '17:00' };
    // Friday 2026-03-27 16:00 GMT; clocks go forward on Sunday 29 March: Monday 11:00 is BST (10:00Z).
    expect(dueAfter(new Date('2026-03-27T16:00:00Z'), 3, london).toISOString()).toBe('2026-03-30T10:00:00.000Z');
  });

  it('refuses hours that never open', () => {
    expect(() =>
      dueAfter(new Date(), 1, { timeZone: 'Asia/Kolkata', weekdays: [], open: '09:00', close: '18:00' }),
    ).toThrow(/No business hours/);
    expect(() =>
      dueAfter(new Date(), 1, { timeZone: 'Asia/Kolkata', weekdays: [1], open: '18:00', close: '09:00' }),
    ).toThrow(/close after/);
    expect(() => dueAfter(new Date(), -1)).toThrow(/zero or more/);
  });

  it('is overdue only after the due time', () => {
    const due = ist('2026-11-30', '12:00');
    expect(isOverdue(due, ist('2026-11-30', '12:00'))).toBe(false);
    expect(isOverdue(due, new Date(due.getTime() + 1))).toBe(true);
  });
});
