import { describe, expect, it } from 'vitest';
import { splitGstInclusive } from '../../src/server/invoices/gstSplit';

const addsUp = (split: ReturnType<typeof splitGstInclusive>) =>
  split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise;

describe('splitGstInclusive (prices include 18% GST)', () => {
  it("splits Ascend Plus (₹10,599) into CGST + SGST in the supplier's state", () => {
    const split = splitGstInclusive(1_059_900, 'Karnataka', 'Karnataka');
    expect(split).toEqual({
      totalPaise: 1_059_900,
      taxablePaise: 898_220,
      kind: 'intra-state',
      cgstPaise: 80_840,
      sgstPaise: 80_840,
      igstPaise: 0,
    });
  });

  it('charges IGST to another state', () => {
    const split = splitGstInclusive(1_059_900, 'Karnataka', 'Maharashtra');
    expect(split).toEqual({
      totalPaise: 1_059_900,
      taxablePaise: 898_220,
      kind: 'inter-state',
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 161_680,
    });
  });

  it('keeps an exact price exact: ₹118 is ₹100 + ₹18', () => {
    expect(splitGstInclusive(11_800, 'Delhi', 'Delhi')).toMatchObject({
      taxablePaise: 10_000,
      cgstPaise: 900,
      sgstPaise: 900,
    });
    expect(splitGstInclusive(11_800, 'Delhi', 'Punjab')).toMatchObject({ taxablePaise: 10_000, igstPaise: 1_800 });
  });

  it('handles 0 and 1 paise', () => {
    expect(splitGstInclusive(0, 'Goa', 'Goa')).toMatchObject({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 });
    expect(splitGstInclusive(1, 'Goa', 'Goa')).toMatchObject({ taxablePaise: 1, cgstPaise: 0, sgstPaise: 0 });
    expect(splitGstInclusive(1, 'Goa', 'Kerala')).toMatchObject({ taxablePaise: 1, igstPaise: 0 });
  });

  it('rounds each tax to the nearest paise (halves up), keeps CGST = SGST, and the taxable value takes the rest', () => {
    // 59 x 18/118 = 9 exactly; 59 x 9/118 = 4.5 -> 5 each, so the taxable value is 49 (exact 50).
    expect(splitGstInclusive(59, 'Goa', 'Goa')).toMatchObject({ taxablePaise: 49, cgstPaise: 5, sgstPaise: 5 });
    expect(splitGstInclusive(59, 'Goa', 'Kerala')).toMatchObject({ taxablePaise: 50, igstPaise: 9 });
    // 7 x 18/118 = 1.07 -> 1; 7 x 9/118 = 0.53 -> 1 each.
    expect(splitGstInclusive(7, 'Goa', 'Kerala')).toMatchObject({ taxablePaise: 6, igstPaise: 1 });
    expect(splitGstInclusive(7, 'Goa', 'Goa')).toMatchObject({ taxablePaise: 5, cgstPaise: 1, sgstPaise: 1 });
  });

  it('always adds up exactly, stays within a paise of total x 100/118, and each tax within half a paise of its share', () => {
    for (let total = 0; total <= 12_000; total += 1) {
      for (const recipient of ['Goa', 'Kerala'] as const) {
        const split = splitGstInclusive(total, 'Goa', recipient);
        expect(addsUp(split)).toBe(total);
        expect(Math.abs(split.taxablePaise - (total * 100) / 118)).toBeLessThanOrEqual(1);
        if (recipient === 'Goa') {
          expect(split.cgstPaise).toBe(split.sgstPaise);
          expect(Math.abs(split.cgstPaise - (total * 9) / 118)).toBeLessThanOrEqual(0.5);
        } else {
          expect(Math.abs(split.igstPaise - (total * 18) / 118)).toBeLessThanOrEqual(0.5);
        }
      }
    }
  });

  it('is exact for large amounts too (BigInt inside)', () => {
    const total = 9_007_199_254_740_991; // the largest safe integer: ~₹90 lakh crore
    const split = splitGstInclusive(total, 'Goa', 'Kerala');
    expect(BigInt(split.taxablePaise) + BigInt(split.igstPaise)).toBe(BigInt(total));
    expect(split.igstPaise).toBe(Number((BigInt(total) * 18n * 2n + 118n) / 236n));
    const crore = splitGstInclusive(50_000_000_00, 'Goa', 'Goa'); // ₹5 crore
    expect(addsUp(crore)).toBe(50_000_000_00);
    expect(crore.cgstPaise).toBe(381_355_932); // 5e9 x 9/118 = 381,355,932.2
  });

  it('refuses what is not a whole number of paise from 0', () => {
    for (const total of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])
      expect(() => splitGstInclusive(total, 'Goa', 'Goa')).toThrow(RangeError);
  });
});
