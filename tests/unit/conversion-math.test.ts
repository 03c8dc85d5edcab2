import { describe, expect, test } from 'vitest';
import { conversionField, conversionRate, dayConversionsOf, withConversions } from '../../src/server/notifications/conversionMath';
import { sourceKey } from '../../src/server/notifications/leadSources';

describe('what converts (pure)', () => {
  const google = sourceKey({ source: 'google', medium: 'cpc' });
  const direct = sourceKey(null);

  test('a day bucket yields paying clients and revenue per source; lead fields are left to the leads table', () => {
    const day = dayConversionsOf({
      [conversionField(google, 'clients')]: 2,
      [conversionField(google, 'revenue')]: 27000,
      [`${google}\u001fdiscovery-call`]: 5,
      [conversionField(direct, 'revenue')]: 0,
    });
    expect(day).toEqual({ [google]: { clients: 2, revenue: 27000, refundedPaise: 0 } });
  });

  test('the rate is paying clients per 100 leads, one decimal, none without leads', () => {
    expect(conversionRate(3, 2)).toBe(66.7);
    expect(conversionRate(4, 0)).toBe(0);
    expect(conversionRate(0, 1)).toBeNull();
  });

  test('rows gain their figures over the days; a source with payments but no leads in the window gets a row', () => {
    const rows = withConversions(
      [{ source: 'google', medium: 'cpc', leads: 4, byKind: { 'discovery-call': 4 } }],
      [{ [google]: { clients: 1, revenue: 10000, refundedPaise: 0 } }, { [google]: { clients: 1, revenue: 5000, refundedPaise: 0 }, [direct]: { clients: 1, revenue: 9000, refundedPaise: 0 } }],
    );
    expect(rows).toEqual([
      { source: 'google', medium: 'cpc', leads: 4, byKind: { 'discovery-call': 4 }, payingClients: 2, revenue: 15000, refunded: 0, conversionRate: 50 },
      { source: '(direct)', medium: null, leads: 0, byKind: {}, payingClients: 1, revenue: 9000, refunded: 0, conversionRate: null },
    ]);
  });

  test('processed refunds (in paise) come off the revenue, to the paise, and are shown beside it', () => {
    const day = dayConversionsOf({ [conversionField(google, 'revenue')]: 10599, [conversionField(google, 'refundedPaise')]: 529950 });
    expect(day).toEqual({ [google]: { clients: 0, revenue: 10599, refundedPaise: 529950 } });
    const [row] = withConversions([{ source: 'google', medium: 'cpc', leads: 1, byKind: { 'discovery-call': 1 } }], [day]);
    expect(row).toMatchObject({ revenue: 5299.5, refunded: 5299.5 });
  });
});
