import { istDateOf } from '../../lib/schedule/istClock';

/**
 * India's financial year runs from 1 April to 31 March. A tax invoice's serial is unique and
 * consecutive within one (CGST Rule 46(b)), and which one a payment falls in is decided by the
 * date in India, not UTC: a payment at 02:00 IST on 1 April belongs to the new year.
 * Answers the short label the serial carries: 2026-11-25 -> `26-27`, 2027-02-01 -> `26-27`.
 */
export function financialYearOf(at: Date): string {
  const ms = at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('financialYearOf needs a valid date');
  const [year, month] = istDateOf(ms).split('-').map(Number) as [number, number];
  const startYear = month >= 4 ? year : year - 1;
  const twoDigits = (value: number) => String(value % 100).padStart(2, '0');
  return `${twoDigits(startYear)}-${twoDigits(startYear + 1)}`;
}

export const financialYearPattern = /^\d{2}-\d{2}$/;
