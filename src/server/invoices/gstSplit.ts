import type { IndianState } from '../../lib/indianStates';

/** Coaching and career counselling (SAC 9992xx) is taxed at 18%: 9% CGST + 9% SGST, or 18% IGST. */
export const GST_RATE_PERCENT = 18;

export type TaxKind = 'intra-state' | 'inter-state';

/** The parts of a GST-inclusive price, in paise: taxable + taxes is always exactly the total. */
export interface GstSplit {
  totalPaise: number;
  taxablePaise: number;
  /** Same state as the supplier: CGST + SGST; another state: IGST (IGST Act s. 12(2), the recipient's place). */
  kind: TaxKind;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** `numerator * total / 118`, rounded to the nearest paise, halves up; in BigInt so no product loses digits. */
function shareOfInclusive(totalPaise: number, numerator: number): number {
  const scaled = BigInt(totalPaise) * BigInt(numerator) * 2n + BigInt(100 + GST_RATE_PERCENT);
  return Number(scaled / (BigInt(100 + GST_RATE_PERCENT) * 2n));
}

/**
 * Splits what the client paid (prices are GST-inclusive: docs/decisions/0036-client-space-refunds-gst-invoices.md)
 * into taxable value and tax.
 *
 * Rounding: each tax is its exact share of the total rounded to the nearest paise, halves up:
 * IGST = total x 18/118; CGST = SGST = total x 9/118, so the two halves are always equal, as
 * their equal rates make an accountant expect. The taxable value is what is left (total minus
 * the taxes), so the invoice adds up exactly to the money received; it is at most one paise
 * from total x 100/118.
 */
export function splitGstInclusive(
  totalPaise: number,
  supplierState: IndianState,
  recipientState: IndianState,
): GstSplit {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0)
    throw new RangeError(`A total in paise is a whole number from 0, not ${totalPaise}`);
  if (supplierState === recipientState) {
    const half = shareOfInclusive(totalPaise, GST_RATE_PERCENT / 2);
    return {
      totalPaise,
      taxablePaise: totalPaise - 2 * half,
      kind: 'intra-state',
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
    };
  }
  const igst = shareOfInclusive(totalPaise, GST_RATE_PERCENT);
  return {
    totalPaise,
    taxablePaise: totalPaise - igst,
    kind: 'inter-state',
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: igst,
  };
}
