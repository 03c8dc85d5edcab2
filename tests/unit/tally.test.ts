import { describe, expect, test } from 'vitest';
import {
  MAX_SOURCES_PER_DAY,
  MAX_SOURCE_LENGTH,
  dayCountsOf,
  placeSource,
  sourceKey,
} from '../../src/server/sources/leadSources';
import { inlineDelta, parsePendingKey } from '../../src/server/storage/tally';
import { addDeltas, unfoldedDeltas } from '../../src/server/storage/tallyMath';

describe('tally arithmetic', () => {
  test('adds deltas in order, dropping zeros, and places new fields where it is told', () => {
    expect(addDeltas({ a: 1 }, [{ a: 2, b: 0 }, { c: -1 }])).toEqual({ a: 3, c: -1 });
    const capped = addDeltas({ a: 1 }, [{ b: 1 }, { c: 1 }, { a: 1 }], (counts, field) =>
      Object.keys(counts).length >= 2 ? 'other' : field,
    );
    expect(capped).toEqual({ a: 2, b: 1, other: 1 });
  });

  test('the changes a bucket has counted already are left out', () => {
    const deltas = new Map([
      ['k1', { a: 1 }],
      ['k2', { a: 2 }],
    ]);
    expect(unfoldedDeltas([{ key: 'k1' }, { key: 'k2' }, { key: 'k3' }], new Set(['k1']), deltas)).toEqual([{ a: 2 }]);
  });

  test('a change of plain short fields goes into its key and back; anything else does not', () => {
    expect(inlineDelta({ contacts: 1, pending: -1 })).toBe('contacts.1_pending.-1');
    expect(parsePendingKey('pending/total/e1~contacts.1_pending.-1')).toEqual({
      key: 'pending/total/e1~contacts.1_pending.-1',
      bucket: 'total',
      id: 'e1',
      inline: { contacts: 1, pending: -1 },
    });
    expect(inlineDelta({ 'google\u001fcpc\u001fcontact': 1 })).toBeNull();
    expect(inlineDelta({ [`a${'b'.repeat(120)}`]: 1 })).toBeNull();
    expect(parsePendingKey('pending/days/2026-11-24/e2')).toMatchObject({
      bucket: 'days/2026-11-24',
      id: 'e2',
      inline: null,
    });
    expect(parsePendingKey('buckets/total')).toBeNull();
    expect(parsePendingKey('pending/e3')).toBeNull();
  });
});

describe('leads by source, capped', () => {
  test('source and medium are cut to their length and lower case', () => {
    const long = 'X'.repeat(200);
    const [source, medium] = sourceKey({ source: long, medium: ` ${long} ` }).split('\u001f');
    expect(source).toBe('x'.repeat(MAX_SOURCE_LENGTH));
    expect(medium).toBe('x'.repeat(MAX_SOURCE_LENGTH));
    expect(sourceKey(null)).toBe('(direct)\u001f');
  });

  test(`a day keeps ${MAX_SOURCES_PER_DAY} sources; later new ones count as (other), known ones still count as themselves`, () => {
    let day: Record<string, number> = {};
    for (let n = 0; n < MAX_SOURCES_PER_DAY + 10; n += 1)
      day = addDeltas(day, [{ [`${sourceKey({ source: `site${n}` })}\u001fcontact`]: 1 }], placeSource);
    day = addDeltas(day, [{ [`${sourceKey({ source: 'site3' })}\u001fnewsletter`]: 1 }], placeSource);
    const counted = dayCountsOf(day);
    expect(Object.keys(counted)).toHaveLength(MAX_SOURCES_PER_DAY + 1);
    expect(counted['(other)\u001f']).toEqual({ contact: 10 });
    expect(counted['site3\u001f']).toEqual({ contact: 1, newsletter: 1 });
  });
});
