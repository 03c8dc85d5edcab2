import { afterEach, describe, expect, it, vi } from 'vitest';
import { gstStateCode, indianStateSchema, indianStates, stateOfGstCode } from '../../src/lib/indianStates';
import { InvoiceConfigError, invoiceConfig } from '../../src/server/invoices/config';
import { gstinCheckCharacter, gstinProblem } from '../../src/server/invoices/gstin';

/** A well-formed GSTIN for a state code: a made-up PAN with its real check character. */
const gstinFor = (code: string, pan = 'ABCDE1234F') => `${code}${pan}1Z${gstinCheckCharacter(`${code}${pan}1Z`)}`;

describe('indianStates (GST state codes)', () => {
  it('lists the 28 states and 8 union territories once each, with their current codes', () => {
    expect(indianStates).toHaveLength(36);
    expect(new Set(indianStates.map((state) => state.name)).size).toBe(36);
    expect(new Set(indianStates.map((state) => state.code)).size).toBe(36);
    for (const state of indianStates) expect(state.code).toMatch(/^\d{2}$/);
    expect(gstStateCode('Karnataka')).toBe('29');
    expect(gstStateCode('Maharashtra')).toBe('27');
    expect(gstStateCode('Delhi')).toBe('07');
    expect(gstStateCode('Jammu and Kashmir')).toBe('01');
    expect(gstStateCode('Telangana')).toBe('36');
    expect(gstStateCode('Andhra Pradesh')).toBe('37');
    expect(gstStateCode('Ladakh')).toBe('38');
    expect(gstStateCode('Dadra and Nagar Haveli and Daman and Diu')).toBe('26');
  });

  it('finds a state by its code; retired codes (25, 28) and others name none', () => {
    expect(stateOfGstCode('33')).toBe('Tamil Nadu');
    for (const code of ['00', '25', '28', '39', '97', '1']) expect(stateOfGstCode(code)).toBeUndefined();
  });

  it("is a zod enum of the names for a customer's place of supply", () => {
    expect(indianStateSchema.parse('Kerala')).toBe('Kerala');
    const wrong = indianStateSchema.safeParse('Kerela');
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('Choose a state or union territory of India');
    expect(indianStateSchema.safeParse('29').success).toBe(false);
  });
});

describe('gstinProblem', () => {
  it('accepts a real GSTIN (the check character agrees)', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem(gstinFor('29'))).toBeNull();
  });

  it('names what is wrong', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/state code, a PAN/);
    expect(gstinProblem('27AAPFU0939F1XV')).toMatch(/state code, a PAN/);
    expect(gstinProblem('27AAPF00939F1ZV')).toMatch(/state code, a PAN/);
    expect(gstinProblem(gstinFor('28'))).toMatch(/starts with 28/);
    expect(gstinProblem(gstinFor('99'))).toMatch(/starts with 99/);
  });
});

describe('invoiceConfig (GST_* from the environment)', () => {
  afterEach(() => vi.unstubAllEnvs());
  const registered = () => {
    vi.stubEnv('GST_GSTIN', gstinFor('29'));
    vi.stubEnv('GST_LEGAL_NAME', 'CCC Edu Career Services LLP');
    vi.stubEnv('GST_ADDRESS', '12 MG Road, Bengaluru 560001');
    vi.stubEnv('GST_STATE', 'Karnataka');
  };
  const clear = () => {
    for (const name of ['GST_GSTIN', 'GST_LEGAL_NAME', 'GST_ADDRESS', 'GST_STATE', 'GST_SAC', 'INVOICE_SERIAL_PREFIX'])
      vi.stubEnv(name, '');
  };

  it('without a GSTIN: plain receipts, serial prefix CCC', () => {
    clear();
    expect(invoiceConfig()).toEqual({ mode: 'plain-receipt', serialPrefix: 'CCC' });
  });

  it('with every value: tax invoices with the supplier, SAC 999293 by default', () => {
    clear();
    registered();
    expect(invoiceConfig()).toEqual({
      mode: 'tax-invoice',
      serialPrefix: 'CCC',
      supplier: {
        gstin: gstinFor('29'),
        legalName: 'CCC Edu Career Services LLP',
        address: '12 MG Road, Bengaluru 560001',
        state: 'Karnataka',
        sac: '999293',
      },
    });
  });

  it('takes GST_STATE as a code or in any case, the GSTIN in lower case, its own SAC and prefix', () => {
    clear();
    registered();
    vi.stubEnv('GST_STATE', '29');
    vi.stubEnv('GST_GSTIN', gstinFor('29').toLowerCase());
    vi.stubEnv('GST_SAC', '999291');
    vi.stubEnv('INVOICE_SERIAL_PREFIX', 'CCE');
    expect(invoiceConfig()).toMatchObject({
      serialPrefix: 'CCE',
      supplier: { state: 'Karnataka', sac: '999291', gstin: gstinFor('29') },
    });
    vi.stubEnv('GST_STATE', 'karnataka');
    expect(invoiceConfig()).toMatchObject({ supplier: { state: 'Karnataka' } });
  });

  it('a GSTIN without the rest: an error naming each missing variable', () => {
    clear();
    vi.stubEnv('GST_GSTIN', gstinFor('29'));
    vi.stubEnv('GST_ADDRESS', '12 MG Road');
    expect(() => invoiceConfig()).toThrow(InvoiceConfigError);
    expect(() => invoiceConfig()).toThrow('GST_GSTIN is set, so tax invoices also need GST_LEGAL_NAME, GST_STATE.');
  });

  it('a value that would print a wrong invoice: an error naming the variable', () => {
    clear();
    registered();
    vi.stubEnv('GST_GSTIN', '29ABCDE1234F1Z0');
    expect(() => invoiceConfig()).toThrow(/^GST_GSTIN has a wrong check character/);
    registered();
    vi.stubEnv('GST_STATE', 'Maharashtra');
    expect(() => invoiceConfig()).toThrow(/GST_STATE is Maharashtra, but GST_GSTIN starts with 29 \(Karnataka\)/);
    vi.stubEnv('GST_STATE', 'Atlantis');
    expect(() => invoiceConfig()).toThrow(/GST_STATE "Atlantis" is not a state/);
    registered();
    vi.stubEnv('GST_SAC', '9992');
    expect(() => invoiceConfig()).toThrow(/GST_SAC "9992"/);
    clear();
    vi.stubEnv('INVOICE_SERIAL_PREFIX', 'CAREER');
    expect(() => invoiceConfig()).toThrow(/INVOICE_SERIAL_PREFIX is at most 5 characters/);
  });
});
