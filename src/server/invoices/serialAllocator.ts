import { z } from 'zod';
import { updateJson } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';
import { StorageConflictError } from '../storage/errors';
import { financialYearOf } from './financialYear';
import { type SerialSeries, formatSerial } from './serialFormat';

// Serials of tax invoices and credit notes (docs/payments.md, "GST invoices"). Two kinds of blob:
//   counter/{series}/{financial year}  the last number taken, and whose it is
//   issued/{series}/{document key}     the serial a payment (or refund) got: asked again, the same
//
// The series never skips and never repeats, also with many instances at once:
// - the counter moves by one with a conditional write (updateJson: onlyIfNew / onlyIfMatch), so
//   two instances never take the same number;
// - the counter names who took its last number, and whoever moves it on first writes that
//   owner's issued record (onlyIfNew, from the counter's own facts). So every number below the
//   counter's is on record even when its taker died right after counting: no number is lost,
//   and a payment that asks again finds its number instead of taking another.
export const SERIALS_STORE = 'invoice-serials';

export interface IssuedSerial {
  series: SerialSeries;
  /** Our payment id for an invoice, the refund's id for a credit note. */
  documentKey: string;
  serial: string;
  sequence: number;
  financialYear: string;
  /** The document's date, as first asked for. */
  issuedAt: string;
}

const issuedSerialSchema = z.object({
  series: z.enum(['invoice', 'credit-note']),
  documentKey: z.string(),
  serial: z.string(),
  sequence: z.number().int().positive(),
  financialYear: z.string(),
  issuedAt: z.string(),
});
/** The counter holds its last number's whole record, so anyone can put it on record. */
const counterSchema = z.object({ last: issuedSerialSchema });

const documentKeyPattern = /^[A-Za-z0-9_-]{1,100}$/;
const counterKey = (series: SerialSeries, financialYear: string) => `counter/${series}/${financialYear}`;
const issuedKey = (series: SerialSeries, documentKey: string) => `issued/${series}/${documentKey}`;

// updateJson retries a lost race 8 times at once; with 20 instances on one counter a writer can
// lose more rounds than that, so it waits a random moment and tries again (about 48 rounds in all).
const CONFLICT_ROUNDS = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function findIssuedSerial(series: SerialSeries, documentKey: string): Promise<IssuedSerial | null> {
  const stored = await blobCall(() =>
    collectionStore(SERIALS_STORE).get(issuedKey(series, documentKey), { type: 'json' }),
  );
  return stored == null ? null : issuedSerialSchema.parse(stored);
}

/** Writes a serial's record unless it is there: every writer writes the same facts, so the first one stands. */
async function putOnRecord(issued: IssuedSerial): Promise<void> {
  await blobCall(() =>
    collectionStore(SERIALS_STORE).setJSON(issuedKey(issued.series, issued.documentKey), issued, { onlyIfNew: true }),
  );
}

export interface SerialRequest {
  series: SerialSeries;
  documentKey: string;
  /** The payment's (or refund's) own time: it decides the financial year, so give the same one every time. */
  at: Date;
  /** The invoice prefix (invoiceConfig().serialPrefix); credit notes have their own. */
  invoicePrefix: string;
}

/**
 * The serial of one document: the next of its series in the financial year of `at`, or the one
 * it got before. Throws (taking no number) when the serial would not fit 16 characters.
 */
export async function allocateSerial(request: SerialRequest): Promise<IssuedSerial> {
  const { series, documentKey, at, invoicePrefix } = request;
  if (!documentKeyPattern.test(documentKey)) throw new RangeError(`Not a document key: ${documentKey.slice(0, 40)}`);
  const before = await findIssuedSerial(series, documentKey);
  if (before) return before;

  const financialYear = financialYearOf(at);
  for (let round = 0; ; round += 1) {
    try {
      const issued = await takeNextNumber(series, documentKey, financialYear, at, invoicePrefix);
      await putOnRecord(issued);
      return (await findIssuedSerial(series, documentKey)) ?? issued;
    } catch (error) {
      if (!(error instanceof StorageConflictError) || round + 1 >= CONFLICT_ROUNDS) throw error;
      await sleep(20 + Math.random() * 80 * (round + 1));
    }
  }
}

async function takeNextNumber(
  series: SerialSeries,
  documentKey: string,
  financialYear: string,
  at: Date,
  invoicePrefix: string,
): Promise<IssuedSerial> {
  let found: IssuedSerial | null = null;
  let taken: IssuedSerial | null = null;
  await updateJson(SERIALS_STORE, counterKey(series, financialYear), async (current) => {
    found = null;
    taken = null;
    const counter = current === null ? null : counterSchema.parse(current);
    if (counter) {
      if (counter.last.documentKey === documentKey) {
        found = counter.last;
        return undefined;
      }
      // The number before ours goes on record first (its taker may have died after counting);
      // then ours can be looked up safely: every number below the counter's is on record.
      await putOnRecord(counter.last);
      found = await findIssuedSerial(series, documentKey);
      if (found) return undefined;
    }
    const sequence = (counter?.last.sequence ?? 0) + 1;
    taken = {
      series,
      documentKey,
      serial: formatSerial(series, invoicePrefix, financialYear, sequence),
      sequence,
      financialYear,
      issuedAt: at.toISOString(),
    };
    return { last: taken };
  });
  const result = found ?? taken;
  if (!result) throw new Error('Serial allocation ended without a number');
  return result;
}
