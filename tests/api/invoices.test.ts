import Papa from 'papaparse';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import createOrderFn from '../../netlify/functions/create-razorpay-order.mts';
import invoicesFn from '../../netlify/functions/admin-invoices.mts';
import verifyFn from '../../netlify/functions/verify-payment.mts';
import type { InvoiceListAnswer } from '../../src/lib/schemas/invoice';
import { documentsOfPayment, ensureCreditNote, ensureInvoice } from '../../src/server/invoices/documents';
import { gstinCheckCharacter } from '../../src/server/invoices/gstin';
import { paymentForOrder } from '../../src/server/payments/orders';
import { pdfText } from '../support/pdfText';
import { adminCookie } from './support/admin';
import { call, jsonOf, settleAfterResponse } from './support/call';
import type { ReceivedMail } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { buyerPays, useFakeGateway } from './support/payments';

// A captured payment through the real handlers (create order, the fake Razorpay, verify), its
// follow-up issuing the invoice and mailing the receipt to a real SMTP server with the PDF;
// the PDF's text read back with pdfjs; the admin's routes and the accountant's CSV.
const gateway = useFakeGateway();
const receivers = useMailReceivers();

const GSTIN = `29ABCDE1234F1Z${gstinCheckCharacter('29ABCDE1234F1Z')}`;
const SUPPLIER = {
  GST_GSTIN: GSTIN,
  GST_LEGAL_NAME: 'CCC Edu Careers LLP',
  GST_ADDRESS: '12 MG Road, Bengaluru 560001',
  GST_STATE: 'Karnataka',
};
const gstOn = () => Object.assign(process.env, SUPPLIER);
const gstOff = () => {
  for (const name of Object.keys(SUPPLIER)) delete process.env[name];
};
beforeEach(gstOn);
afterAll(gstOff);

const unique = () => Math.random().toString(36).slice(2, 8);

/** Checkout's path: order with the buyer's state, pay at the fake Razorpay, verify; the follow-up done. */
async function pay(customerState: string, name = 'Priya Raman') {
  const email = `buyer.${unique()}@example.com`;
  const ordered = await call(createOrderFn, '/api/create-razorpay-order', {
    body: {
      packageId: 'ascend-plus',
      customerName: name,
      customerEmail: email,
      customerPhone: '98450 12345',
      customerState,
    },
  });
  expect(ordered.status).toBe(201);
  const order = await jsonOf<{ orderId: string }>(ordered);
  const verified = await call(verifyFn, '/api/verify-payment', { body: buyerPays(gateway(), order.orderId) });
  expect(verified.status).toBe(200);
  await settleAfterResponse();
  const payment = await paymentForOrder(order.orderId);
  expect(payment).toMatchObject({ status: 'captured', customerState });
  return { payment: payment!, email };
}

function receiptTo(email: string): ReceivedMail {
  const mails = receivers.smtp.mails.filter((mail) => mail.to.includes(email));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

async function attachedPdf(mail: ReceivedMail) {
  const pdfs = mail.attachments.filter((part) => part.mimeType === 'application/pdf');
  expect(pdfs).toHaveLength(1);
  return { filename: pdfs[0]!.filename, text: await pdfText(pdfs[0]!.bytes) };
}

describe('GST invoices', () => {
  test('same state: the capture issues a tax invoice with CGST + SGST, mailed with the receipt, every Rule 46 field in the PDF', async () => {
    const { payment, email } = await pay('Karnataka');
    const [invoice, ...rest] = await documentsOfPayment(payment.id);
    expect(rest).toHaveLength(0);
    expect(invoice).toMatchObject({
      kind: 'tax-invoice',
      paymentId: payment.id,
      issuedAt: payment.paidAt,
      recipient: { name: 'Priya Raman', state: 'Karnataka', stateCode: '29' },
      // ₹10,599 including 18%: 9/118 of it is 808.40 each, the rest is the taxable value.
      amounts: {
        totalPaise: 1059900,
        taxablePaise: 898220,
        cgstPaise: 80840,
        sgstPaise: 80840,
        igstPaise: 0,
        taxKind: 'intra-state',
      },
    });
    expect(invoice!.serial).toMatch(/^CCC\/26-27\/\d{4}$/);
    // Asked again (the receipt's extra and the invoice effect both ask): the same document.
    expect(await ensureInvoice(payment.id)).toEqual(invoice);

    const mail = receiptTo(email);
    expect(mail.subject).toBe('Payment received: Ascend Plus');
    expect(mail.text).toContain(`Your tax invoice ${invoice!.serial} is attached to this e-mail as a PDF.`);
    const { filename, text } = await attachedPdf(mail);
    expect(filename).toBe(`${invoice!.serial.replaceAll('/', '-')}.pdf`);
    for (const field of [
      'Tax invoice',
      'CCC Edu Careers LLP',
      '12 MG Road, Bengaluru 560001',
      `GSTIN: ${GSTIN}`,
      `Tax invoice no.: ${invoice!.serial}`,
      `Date: ${new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(payment.paidAt!))}`,
      'Priya Raman',
      'Place of supply: Karnataka',
      'State code: 29',
      '999293',
      'Ascend Plus',
      'Taxable value',
      '₹8,982.20',
      'CGST @ 9%',
      'SGST @ 9%',
      '₹808.40',
      '₹10,599.00',
      'In words: Rupees Ten Thousand Five Hundred Ninety-Nine Only',
      'Reverse charge: No',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain('IGST');
  });

  test('another state: IGST 18%, no CGST or SGST', async () => {
    const { payment, email } = await pay('Tamil Nadu', 'Arjun Nair');
    const [invoice] = await documentsOfPayment(payment.id);
    expect(invoice!.amounts).toEqual({
      totalPaise: 1059900,
      taxablePaise: 898220,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 161680,
      taxKind: 'inter-state',
    });
    const { text } = await attachedPdf(receiptTo(email));
    for (const field of [
      'Place of supply: Tamil Nadu',
      'State code: 33',
      'IGST @ 18%',
      '₹1,616.80',
      '₹8,982.20',
      '₹10,599.00',
    ])
      expect(text).toContain(field);
    expect(text).not.toMatch(/CGST|SGST/);
  });

  test('without a GSTIN: a plain receipt, no tax lines', async () => {
    gstOff();
    const { payment, email } = await pay('Kerala', 'Meera Iyer');
    const [receipt] = await documentsOfPayment(payment.id);
    expect(receipt).toMatchObject({
      kind: 'receipt',
      sac: null,
      supplier: { gstin: null },
      amounts: { totalPaise: 1059900, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxKind: null },
    });
    const mail = receiptTo(email);
    expect(mail.text).toContain(`Your receipt ${receipt!.serial} is attached`);
    const { text } = await attachedPdf(mail);
    for (const field of [
      'Receipt',
      `Receipt no.: ${receipt!.serial}`,
      'Meera Iyer',
      'Amount paid',
      '₹10,599.00',
      'Rupees Ten Thousand Five Hundred Ninety-Nine Only',
    ])
      expect(text).toContain(field);
    expect(text).not.toMatch(/GSTIN|CGST|SGST|IGST|Taxable value|Tax invoice/);
  });

  test('a refund gets a credit note of its own series naming the invoice, split as the invoice was; once', async () => {
    const { payment } = await pay('Tamil Nadu', 'Kiran Shah');
    const [invoice] = await documentsOfPayment(payment.id);
    const refund = {
      refundId: `rfnd_${unique()}Test`,
      paymentId: payment.id,
      amountPaise: 500000,
      processedAt: new Date().toISOString(),
      reason: 'Money-back guarantee',
    };
    const note = await ensureCreditNote(refund);
    expect(note).toMatchObject({
      kind: 'credit-note',
      original: { documentId: invoice!.id, serial: invoice!.serial, issuedAt: invoice!.issuedAt },
      // 18/118 of ₹5,000 is 762.71 (762.711...), the rest taxable.
      amounts: {
        totalPaise: 500000,
        igstPaise: 76271,
        taxablePaise: 423729,
        cgstPaise: 0,
        sgstPaise: 0,
        taxKind: 'inter-state',
      },
    });
    expect(note.serial).toMatch(/^CN\/26-27\/\d{4}$/);
    expect(await ensureCreditNote(refund)).toEqual(note);
    expect((await documentsOfPayment(payment.id)).map((document) => document.id)).toEqual([invoice!.id, note.id]);
    const pdf = await call(invoicesFn, `/api/admin/invoices/${note.id}.pdf`, {
      cookie: await adminCookie(),
      params: { file: `${note.id}.pdf` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const field of [
      'Credit note',
      `Credit note no.: ${note.serial}`,
      `Against invoice no.: ${invoice!.serial}`,
      'IGST @ 18%',
      '₹762.71',
      '₹4,237.29',
      '₹5,000.00',
      'Rupees Five Thousand Only',
      'Reason: Money-back guarantee',
    ]) {
      expect(text).toContain(field);
    }
    // More than was paid is no credit note.
    await expect(
      ensureCreditNote({ ...refund, refundId: `rfnd_${unique()}Over`, amountPaise: 1059901 }),
    ).rejects.toThrow(/does not fit/);
  });

  test('admin: the month list by serial, the PDFs and a summary CSV that adds up; a session is needed; a bad month is a 400 naming it', async () => {
    const cookie = await adminCookie();
    const { payment } = await pay('Maharashtra', 'Dev Patel');
    const [invoice] = await documentsOfPayment(payment.id);
    const month = invoice!.month;

    const listed = await call(invoicesFn, `/api/admin/invoices?month=${month}`, { cookie });
    expect(listed.status).toBe(200);
    const { documents } = await jsonOf<InvoiceListAnswer>(listed);
    expect(documents.map((item) => item.id)).toContain(invoice!.id);
    const invoices = documents.filter((item) => item.kind !== 'credit-note');
    const notes = documents.filter((item) => item.kind === 'credit-note');
    expect(notes.length).toBeGreaterThan(0);
    // Invoices first, by serial, then credit notes by serial.
    expect(documents).toEqual([...invoices, ...notes]);
    expect(invoices.map((item) => item.serial)).toEqual(invoices.map((item) => item.serial).sort());
    expect(documents.find((item) => item.id === invoice!.id)).toMatchObject({
      serial: invoice!.serial,
      recipientName: 'Dev Patel',
      recipientState: 'Maharashtra',
      pdfUrl: `/api/admin/invoices/${invoice!.id}.pdf`,
    });

    const pdf = await call(invoicesFn, `/api/admin/invoices/${invoice!.id}.pdf`, {
      cookie,
      params: { file: `${invoice!.id}.pdf` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(invoice!.serial);

    const csvAnswer = await call(invoicesFn, `/api/admin/invoices/summary.csv?month=${month}`, {
      cookie,
      params: { file: 'summary.csv' },
    });
    expect(csvAnswer.status).toBe(200);
    expect(csvAnswer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csvAnswer.headers.get('content-disposition')).toBe(`attachment; filename="gst-summary-${month}.csv"`);
    const parsed = Papa.parse<Record<string, string>>((await csvAnswer.text()).trim(), { header: true });
    const rows = parsed.data.filter((row) => row['Place of supply'] !== 'Total');
    const totals = parsed.data.find((row) => row['Place of supply'] === 'Total')!;
    const paise = (value: string | undefined) => Math.round(Number(value) * 100);
    const columns = {
      'Taxable value': 'taxablePaise',
      CGST: 'cgstPaise',
      SGST: 'sgstPaise',
      IGST: 'igstPaise',
      Total: 'totalPaise',
    } as const;
    for (const [column, field] of Object.entries(columns)) {
      const fromRows = rows.reduce((sum, row) => sum + paise(row[column]), 0);
      const fromDocuments = documents.reduce(
        (sum, item) => sum + (item.kind === 'credit-note' ? -1 : 1) * item[field],
        0,
      );
      expect(fromRows, column).toBe(paise(totals[column]));
      expect(fromRows, column).toBe(fromDocuments);
    }
    expect(Number(totals.Invoices)).toBe(invoices.length);
    expect(Number(totals['Credit notes'])).toBe(notes.length);
    // Same-state and other-state taxes land in their own columns.
    expect(paise(rows.find((row) => row['Place of supply'] === 'Maharashtra')!.IGST)).toBeGreaterThan(0);
    expect(paise(rows.find((row) => row['Place of supply'] === 'Maharashtra')!.CGST)).toBe(0);
    expect(paise(rows.find((row) => row['Place of supply'] === 'Karnataka')!.CGST)).toBeGreaterThan(0);

    for (const path of [
      `/api/admin/invoices?month=${month}`,
      `/api/admin/invoices/${invoice!.id}.pdf`,
      `/api/admin/invoices/summary.csv?month=${month}`,
    ]) {
      const file = path.match(/invoices\/([^?]+)/)?.[1];
      expect((await call(invoicesFn, path, file ? { params: { file } } : {})).status, path).toBe(401);
    }
    for (const bad of ['2026-13', '26-11', 'november', '']) {
      const answer = await call(invoicesFn, `/api/admin/invoices?month=${bad}`, { cookie });
      expect(answer.status).toBe(400);
      expect((await jsonOf<{ fields: Record<string, string> }>(answer)).fields).toHaveProperty('month');
    }
    expect(
      (await call(invoicesFn, '/api/admin/invoices/summary.csv', { cookie, params: { file: 'summary.csv' } })).status,
    ).toBe(400);
    expect(
      (await call(invoicesFn, '/api/admin/invoices/inv_nothing.pdf', { cookie, params: { file: 'inv_nothing.pdf' } }))
        .status,
    ).toBe(404);
    expect(
      (await call(invoicesFn, '/api/admin/invoices/..%2Fsecret.pdf', { cookie, params: { file: '../secret.pdf' } }))
        .status,
    ).toBe(404);
  });
});
