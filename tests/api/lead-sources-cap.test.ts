import { describe, expect, test } from 'vitest';
import {
  LEAD_SOURCES_STORE,
  MAX_SOURCES_PER_DAY,
  MAX_SOURCE_LENGTH,
  OTHER_SOURCE,
  countLeadSource,
  foldLeadSources,
  readLeadsBySource,
} from '../../src/server/sources/leadSources';
import { collectionStore } from '../../src/server/storage/blobs';

// Visitor-chosen utm sources must not grow a day's counts without bound.
describe("a day's leads by source", () => {
  test(`keeps ${MAX_SOURCES_PER_DAY} sources cut to ${MAX_SOURCE_LENGTH} characters; 400 more unique ones count as ${OTHER_SOURCE} and the day stays small`, async () => {
    // A day of its own, so other tests' leads do not mix in.
    const day = new Date('2031-03-04T10:00:00Z');
    const long = 'x'.repeat(200);
    await Promise.all(
      Array.from({ length: 450 }, (_, n) =>
        countLeadSource(`cap-${n}`, 'newsletter', { source: `site-${n}-${long}`, medium: long }, day),
      ),
    );
    await foldLeadSources();
    const { rows } = await readLeadsBySource(1, day);
    expect(rows).toHaveLength(MAX_SOURCES_PER_DAY + 1);
    expect(rows.reduce((sum, row) => sum + row.leads, 0)).toBe(450);
    expect(rows.find((row) => row.source === OTHER_SOURCE)?.leads).toBe(400);
    for (const row of rows) {
      expect(row.source.length).toBeLessThanOrEqual(MAX_SOURCE_LENGTH);
      expect((row.medium ?? '').length).toBeLessThanOrEqual(MAX_SOURCE_LENGTH);
    }
    const stored = await collectionStore(LEAD_SOURCES_STORE).get('buckets/days/2031-03-04', { type: 'text' });
    expect(stored).not.toBeNull();
    expect(Buffer.byteLength(stored!)).toBeLessThan(16_000);
  });
});
