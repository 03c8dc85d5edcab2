import { financialYearPattern } from './financialYear';

/** CGST Rule 46(b): an invoice's serial is at most 16 characters (Rule 53 says the same of a credit note). */
export const MAX_SERIAL_LENGTH = 16;
/** Numbers are padded to four digits: a coaching practice issues far fewer than 10,000 a year. */
const NUMBER_DIGITS = 4;
export const DEFAULT_INVOICE_PREFIX = 'CCC';
/**
 * Credit notes have their own series. `CCC/CN/26-27/0001` would be 17 characters, so the series
 * is `CN/26-27/0001` (13): it cannot be mistaken for an invoice, because no invoice prefix may be `CN`.
 */
export const CREDIT_NOTE_PREFIX = 'CN';

export type SerialSeries = 'invoice' | 'credit-note';

export class SerialFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SerialFormatError';
  }
}

/** `CCC` + `/26-27/` + four digits: a prefix of up to 5 leaves room within 16 characters. */
export const MAX_PREFIX_LENGTH = MAX_SERIAL_LENGTH - '/26-27/'.length - NUMBER_DIGITS;

/**
 * Why a configured invoice prefix cannot be used, or null. Rule 46 allows letters, digits, `-`
 * and `/` in a serial; the prefix keeps to capitals and digits so the `/` separators stay unambiguous.
 */
export function invoicePrefixProblem(prefix: string): string | null {
  if (!/^[A-Z0-9]+$/.test(prefix)) return 'may hold capital letters and digits only';
  if (prefix.length > MAX_PREFIX_LENGTH)
    return `is at most ${MAX_PREFIX_LENGTH} characters, so a serial like ${prefix}/26-27/0001 stays within ${MAX_SERIAL_LENGTH}`;
  if (prefix === CREDIT_NOTE_PREFIX) return `cannot be ${CREDIT_NOTE_PREFIX}, the credit notes' series`;
  return null;
}

/**
 * `CCC/26-27/0001` for an invoice, `CN/26-27/0001` for a credit note. Throws when the serial
 * would not fit 16 characters (a five-digit number after a five-letter prefix): the allocator
 * checks before it takes the number, so an overflow never leaves a gap in the series.
 */
export function formatSerial(
  series: SerialSeries,
  invoicePrefix: string,
  financialYear: string,
  sequence: number,
): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1)
    throw new SerialFormatError(`A serial's number is a whole number from 1, not ${sequence}`);
  if (!financialYearPattern.test(financialYear))
    throw new SerialFormatError(`Not a financial year label: ${financialYear}`);
  const prefix = series === 'credit-note' ? CREDIT_NOTE_PREFIX : invoicePrefix;
  if (series === 'invoice') {
    const problem = invoicePrefixProblem(prefix);
    if (problem) throw new SerialFormatError(`The invoice prefix ${problem}`);
  }
  const serial = `${prefix}/${financialYear}/${String(sequence).padStart(NUMBER_DIGITS, '0')}`;
  if (serial.length > MAX_SERIAL_LENGTH)
    throw new SerialFormatError(`Serial ${serial} is longer than ${MAX_SERIAL_LENGTH} characters`);
  return serial;
}
