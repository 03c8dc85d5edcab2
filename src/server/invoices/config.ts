import { indianStates, stateOfGstCode, type IndianState } from '../../lib/indianStates';
import { env } from '../env';
import { gstinProblem, stateOfGstin } from './gstin';
import { DEFAULT_INVOICE_PREFIX, invoicePrefixProblem } from './serialFormat';

/** Coaching and career counselling: SAC 999293 ("commercial training and coaching services"). */
export const DEFAULT_SAC = '999293';

/** The supplier as every tax invoice names it (CGST Rule 46 (a)). */
export interface GstSupplier {
  gstin: string;
  legalName: string;
  address: string;
  state: IndianState;
  sac: string;
}

/**
 * What documents a payment gets. Without a GSTIN the business is not registered (or not yet):
 * a plain receipt with no tax lines.
 */
export type InvoiceConfig =
  | { mode: 'tax-invoice'; supplier: GstSupplier; serialPrefix: string }
  | { mode: 'plain-receipt'; serialPrefix: string };

export class InvoiceConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceConfigError';
  }
}

/** GST_STATE as a name ("Karnataka", any case) or as its GST code ("29"). */
function readState(value: string): IndianState | undefined {
  const wanted = value.trim().toLowerCase();
  return stateOfGstCode(value.trim()) ?? indianStates.find((entry) => entry.name.toLowerCase() === wanted)?.name;
}

/**
 * The invoice settings, read from the environment in this one place:
 * GST_GSTIN, GST_LEGAL_NAME, GST_ADDRESS, GST_STATE, GST_SAC (default 999293) and
 * INVOICE_SERIAL_PREFIX (default CCC). A GSTIN without the rest, or any value that would print
 * a wrong invoice, throws an error naming the variable: better no invoice than a defective one.
 */
export function invoiceConfig(): InvoiceConfig {
  const serialPrefix = env('INVOICE_SERIAL_PREFIX')?.trim() ?? DEFAULT_INVOICE_PREFIX;
  const prefixProblem = invoicePrefixProblem(serialPrefix);
  if (prefixProblem) throw new InvoiceConfigError(`INVOICE_SERIAL_PREFIX ${prefixProblem}.`);

  const gstinValue = env('GST_GSTIN')?.trim().toUpperCase();
  if (!gstinValue) return { mode: 'plain-receipt', serialPrefix };
  const problem = gstinProblem(gstinValue);
  if (problem) throw new InvoiceConfigError(`GST_GSTIN ${problem}.`);

  const missing = ['GST_LEGAL_NAME', 'GST_ADDRESS', 'GST_STATE'].filter((name) => !env(name));
  if (missing.length > 0)
    throw new InvoiceConfigError(`GST_GSTIN is set, so tax invoices also need ${missing.join(', ')}.`);

  const stateValue = env('GST_STATE')!;
  const state = readState(stateValue);
  if (!state)
    throw new InvoiceConfigError(
      `GST_STATE "${stateValue}" is not a state or union territory of India (give its name, e.g. Karnataka, or its GST code, e.g. 29).`,
    );
  if (stateOfGstin(gstinValue) !== state) {
    throw new InvoiceConfigError(
      `GST_STATE is ${state}, but GST_GSTIN starts with ${gstinValue.slice(0, 2)} (${stateOfGstin(gstinValue)}): a GSTIN is registered in one state.`,
    );
  }
  const sac = env('GST_SAC')?.trim() ?? DEFAULT_SAC;
  if (!/^99\d{4}$/.test(sac))
    throw new InvoiceConfigError(
      `GST_SAC "${sac}" is not a services accounting code (six digits starting 99, e.g. ${DEFAULT_SAC}).`,
    );

  return {
    mode: 'tax-invoice',
    serialPrefix,
    supplier: {
      gstin: gstinValue,
      legalName: env('GST_LEGAL_NAME')!.trim(),
      address: env('GST_ADDRESS')!.trim(),
      state,
      sac,
    },
  };
}
