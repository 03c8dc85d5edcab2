import { describe, expect, test } from 'vitest';
import { admit, CONFIRMATIONS_PER_DAY, quotaKey } from '../../src/server/notifications/visitorQuota';

const at = (iso: string) => new Date(iso);

describe('confirmations per address per day', () => {
  test(`lets ${CONFIRMATIONS_PER_DAY} through in 24 hours, then none until the oldest is a day old`, () => {
    let sent = admit([], 'a', at('2026-11-24T10:00:00Z'))!;
    sent = admit(sent, 'b', at('2026-11-24T11:00:00Z'))!;
    sent = admit(sent, 'c', at('2026-11-24T12:00:00Z'))!;
    expect(sent.map((item) => item.entryId)).toEqual(['a', 'b', 'c']);
    expect(admit(sent, 'd', at('2026-11-25T09:59:59Z'))).toBeNull();
    expect(admit(sent, 'd', at('2026-11-25T10:00:00Z'))?.map((item) => item.entryId)).toEqual(['b', 'c', 'd']);
  });

  test('an entry let through stays let through (a retry after a failed attempt)', () => {
    const sent = [{ entryId: 'a', at: '2026-11-24T10:00:00.000Z' }, { entryId: 'b', at: '2026-11-24T10:01:00.000Z' }, { entryId: 'c', at: '2026-11-24T10:02:00.000Z' }];
    expect(admit(sent, 'b', at('2026-11-24T15:00:00Z'))).toEqual(sent);
  });

  test('one key per address, whatever its case, with no address in it', () => {
    expect(quotaKey(' Asha@Example.com ')).toBe(quotaKey('asha@example.com'));
    expect(quotaKey('asha@example.com')).not.toContain('asha');
  });
});
