import { describe, expect, test } from 'vitest';
import {
  conversionField,
  conversionRate,
  dayConversionsOf,
  noShowRate,
  reminderReadRate,
  withConversions,
} from '../../src/server/sources/conversionMath';
import { sourceKey } from '../../src/server/sources/leadSources';

describe('what converts (pure)', () => {
  const google = sourceKey({ source: 'google', medium: 'cpc' });
  const direct = sourceKey(null);
  const noCalls = { callsBooked: 0, callsHeld: 0, callsNoShow: 0, remindersSent: 0, remindersRead: 0 };
  const paid = (clients: number, revenue: number, refundedPaise = 0) => ({
    clients,
    revenue,
    refundedPaise,
    ...noCalls,
  });

  test('a day bucket yields paying clients and revenue per source; lead fields are left to the leads table', () => {
    const day = dayConversionsOf({
      [conversionField(google, 'clients')]: 2,
      [conversionField(google, 'revenue')]: 27000,
      [`${google}\u001fdiscovery-call`]: 5,
      [conversionField(direct, 'revenue')]: 0,
    });
    expect(day).toEqual({ [google]: paid(2, 27000) });
  });

  test('the rate is paying clients per 100 leads, one decimal, none without leads', () => {
    expect(conversionRate(3, 2)).toBe(66.7);
    expect(conversionRate(4, 0)).toBe(0);
    expect(conversionRate(0, 1)).toBeNull();
  });

  test('no rate passes 100%: clients whose leads came before the window count, the rate stops at 100', () => {
    expect(conversionRate(36, 45)).toBe(100);
    expect(conversionRate(2, 2)).toBe(100);
    expect(conversionRate(1, 3)).toBe(100);
    const [row] = withConversions(
      [{ source: 'google', medium: 'cpc', leads: 1, byKind: { contact: 1 } }],
      [{ [google]: paid(3, 30000) }],
    );
    // The counts stay as they are; only the rate is held at 100.
    expect(row).toMatchObject({ leads: 1, payingClients: 3, revenue: 30000, conversionRate: 100 });
  });

  test('rows gain their figures over the days; a source with payments but no leads in the window gets a row', () => {
    const rows = withConversions(
      [{ source: 'google', medium: 'cpc', leads: 4, byKind: { 'discovery-call': 4 } }],
      [{ [google]: paid(1, 10000) }, { [google]: paid(1, 5000), [direct]: paid(1, 9000) }],
    );
    expect(rows).toEqual([
      {
        source: 'google',
        medium: 'cpc',
        leads: 4,
        byKind: { 'discovery-call': 4 },
        payingClients: 2,
        revenue: 15000,
        refunded: 0,
        conversionRate: 50,
        ...noCalls,
        noShowRate: null,
        reminderReadRate: null,
      },
      {
        source: '(direct)',
        medium: null,
        leads: 0,
        byKind: {},
        payingClients: 1,
        revenue: 9000,
        refunded: 0,
        conversionRate: null,
        ...noCalls,
        noShowRate: null,
        reminderReadRate: null,
      },
    ]);
  });

  test('processed refunds (in paise) come off the revenue, to the paise, and are shown beside it', () => {
    const day = dayConversionsOf({
      [conversionField(google, 'revenue')]: 10599,
      [conversionField(google, 'refundedPaise')]: 529950,
    });
    expect(day).toEqual({ [google]: paid(0, 10599, 529950) });
    const [row] = withConversions(
      [{ source: 'google', medium: 'cpc', leads: 1, byKind: { 'discovery-call': 1 } }],
      [day],
    );
    expect(row).toMatchObject({ revenue: 5299.5, refunded: 5299.5 });
  });

  test('discovery calls per source: booked, held, no-show, and the no-show rate of the calls marked', () => {
    const day = dayConversionsOf({
      [conversionField(google, 'callsBooked')]: 5,
      [conversionField(google, 'callsHeld')]: 3,
      [conversionField(google, 'callsNoShow')]: 1,
    });
    const [row] = withConversions(
      [{ source: 'google', medium: 'cpc', leads: 5, byKind: { 'discovery-call': 5 } }],
      [day],
    );
    expect(row).toMatchObject({ callsBooked: 5, callsHeld: 3, callsNoShow: 1, noShowRate: 25 });
    expect(noShowRate(2, 1)).toBe(33.3);
    expect(reminderReadRate(4, 3)).toBe(75);
    expect(reminderReadRate(0, 0)).toBeNull();
    expect(noShowRate(0, 0)).toBeNull();
  });
});
