import { getStore } from '@netlify/blobs';
import { describe, expect, test } from 'vitest';
import { SERIALS_STORE, allocateSerial, findIssuedSerial } from '../../src/server/invoices/serialAllocator';
import { SerialFormatError } from '../../src/server/invoices/serialFormat';
import { bundleFunction, callInParallelProcesses } from './support/function-process';

// The serial allocator against a real local Blobs server, in this process and from separate
// processes at once (Netlify's instances): consecutive, never repeated, never skipped.
const unique = () => Math.random().toString(36).slice(2, 10);
const paymentId = () => `8204406267999-${unique().padEnd(10, '0').slice(0, 10)}`;
const store = () => getStore({ name: SERIALS_STORE, consistency: 'strong' });

interface Issued {
  serial: string;
  sequence: number;
  financialYear: string;
  documentKey: string;
}

describe('invoice serials', () => {
  test('20 captures at once in 20 processes get serials 1-20: no gap, no repeat, each on record', async () => {
    const bundle = await bundleFunction('tests/api/support/allocate-serial-entry.ts');
    const keys = Array.from({ length: 20 }, paymentId);
    const answers = await callInParallelProcesses(
      bundle,
      keys.map((documentKey) => ({
        url: 'http://localhost/allocate-serial',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ series: 'invoice', documentKey, at: '2026-11-25T10:00:00.000Z', invoicePrefix: 'CCC' }),
      })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const issued = answers.map((answer) => answer.body as Issued);
    expect(issued.map((entry) => entry.documentKey)).toEqual(keys);
    expect(issued.map((entry) => entry.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(new Set(issued.map((entry) => entry.serial)).size).toBe(20);
    for (const entry of issued) {
      expect(entry.serial).toBe(`CCC/26-27/${String(entry.sequence).padStart(4, '0')}`);
      expect(await findIssuedSerial('invoice', entry.documentKey)).toMatchObject({
        serial: entry.serial,
        sequence: entry.sequence,
      });
    }
    // The next payment continues the series.
    expect(
      (
        await allocateSerial({
          series: 'invoice',
          documentKey: paymentId(),
          at: new Date('2027-01-10T10:00:00Z'),
          invoicePrefix: 'CCC',
        })
      ).serial,
    ).toBe('CCC/26-27/0021');
  }, 120_000);

  test('the same payment asked twice (in turn, and in 5 processes at once) keeps one serial and takes one number', async () => {
    const at = '2027-06-01T10:00:00.000Z'; // a year of its own: 27-28
    const first = await allocateSerial({
      series: 'invoice',
      documentKey: 'pay-twice-1',
      at: new Date(at),
      invoicePrefix: 'CCC',
    });
    expect(first).toMatchObject({ serial: 'CCC/27-28/0001', sequence: 1, financialYear: '27-28', issuedAt: at });
    expect(
      await allocateSerial({ series: 'invoice', documentKey: 'pay-twice-1', at: new Date(at), invoicePrefix: 'CCC' }),
    ).toEqual(first);

    const bundle = await bundleFunction('tests/api/support/allocate-serial-entry.ts');
    const request = {
      url: 'http://localhost/allocate-serial',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ series: 'invoice', documentKey: 'pay-twice-2', at, invoicePrefix: 'CCC' }),
    };
    const answers = await callInParallelProcesses(bundle, Array(5).fill(request));
    expect(answers.map((answer) => (answer.body as Issued).serial)).toEqual(Array(5).fill('CCC/27-28/0002'));
    expect(
      (await allocateSerial({ series: 'invoice', documentKey: 'pay-twice-3', at: new Date(at), invoicePrefix: 'CCC' }))
        .serial,
    ).toBe('CCC/27-28/0003');
  }, 60_000);

  test('credit notes have their own series, and each financial year starts again at 0001', async () => {
    const at = new Date('2028-05-01T10:00:00Z');
    expect(
      (await allocateSerial({ series: 'invoice', documentKey: 'pay-cn-1', at, invoicePrefix: 'CCC' })).serial,
    ).toBe('CCC/28-29/0001');
    expect(
      (await allocateSerial({ series: 'credit-note', documentKey: 'rfnd_A1', at, invoicePrefix: 'CCC' })).serial,
    ).toBe('CN/28-29/0001');
    expect(
      (await allocateSerial({ series: 'credit-note', documentKey: 'rfnd_A2', at, invoicePrefix: 'CCC' })).serial,
    ).toBe('CN/28-29/0002');
    expect(
      (await allocateSerial({ series: 'invoice', documentKey: 'pay-cn-2', at, invoicePrefix: 'CCC' })).serial,
    ).toBe('CCC/28-29/0002');
    // 1 April 2029 in India (31 March, 18:30 UTC) is the next year.
    expect(
      (
        await allocateSerial({
          series: 'invoice',
          documentKey: 'pay-cn-3',
          at: new Date('2029-03-31T18:30:00Z'),
          invoicePrefix: 'CCC',
        })
      ).serial,
    ).toBe('CCC/29-30/0001');
  });

  test('a taker that died after counting, before putting its serial on record, leaves no gap: the next one records it', async () => {
    // What a crashed instance leaves: the counter moved to 0001 for pay-dead, no issued record.
    const lost = {
      series: 'invoice',
      documentKey: 'pay-dead',
      serial: 'CCC/30-31/0001',
      sequence: 1,
      financialYear: '30-31',
      issuedAt: '2030-05-01T10:00:00.000Z',
    };
    await store().setJSON('counter/invoice/30-31', { last: lost });
    expect(await findIssuedSerial('invoice', 'pay-dead')).toBeNull();

    const next = await allocateSerial({
      series: 'invoice',
      documentKey: 'pay-alive',
      at: new Date('2030-05-02T10:00:00Z'),
      invoicePrefix: 'CCC',
    });
    expect(next.serial).toBe('CCC/30-31/0002');
    expect(await findIssuedSerial('invoice', 'pay-dead')).toEqual(lost);
    // The dead one's retry finds its number instead of taking a third.
    expect(
      (
        await allocateSerial({
          series: 'invoice',
          documentKey: 'pay-dead',
          at: new Date(lost.issuedAt),
          invoicePrefix: 'CCC',
        })
      ).serial,
    ).toBe('CCC/30-31/0001');
    // And a retry while it is still the counter's last number finds it there.
    await store().setJSON('counter/invoice/31-32', {
      last: { ...lost, documentKey: 'pay-dead-2', serial: 'CCC/31-32/0001', financialYear: '31-32' },
    });
    expect(
      (
        await allocateSerial({
          series: 'invoice',
          documentKey: 'pay-dead-2',
          at: new Date('2031-05-01T10:00:00Z'),
          invoicePrefix: 'CCC',
        })
      ).serial,
    ).toBe('CCC/31-32/0001');
    expect(await findIssuedSerial('invoice', 'pay-dead-2')).toMatchObject({ serial: 'CCC/31-32/0001' });
  });

  test('a serial that would pass 16 characters is refused without taking the number', async () => {
    const full = {
      series: 'invoice',
      documentKey: 'pay-9999',
      serial: 'ABCDE/32-33/9999',
      sequence: 9999,
      financialYear: '32-33',
      issuedAt: '2032-05-01T10:00:00.000Z',
    };
    await store().setJSON('counter/invoice/32-33', { last: full });
    await expect(
      allocateSerial({
        series: 'invoice',
        documentKey: 'pay-10000',
        at: new Date('2032-05-02T10:00:00Z'),
        invoicePrefix: 'ABCDE',
      }),
    ).rejects.toThrow(SerialFormatError);
    expect(await store().get('counter/invoice/32-33', { type: 'json' })).toEqual({ last: full });
    expect(await findIssuedSerial('invoice', 'pay-10000')).toBeNull();
    // A shorter prefix has room for the five-digit number.
    expect(
      (
        await allocateSerial({
          series: 'invoice',
          documentKey: 'pay-10000',
          at: new Date('2032-05-02T10:00:00Z'),
          invoicePrefix: 'CCC',
        })
      ).serial,
    ).toBe('CCC/32-33/10000');
  });

  test('refuses a document key that is not one', async () => {
    await expect(
      allocateSerial({ series: 'invoice', documentKey: '../counter', at: new Date(), invoicePrefix: 'CCC' }),
    ).rejects.toThrow(RangeError);
  });
});
