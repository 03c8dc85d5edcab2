import { describe, expect, test } from 'vitest';
import type { InvoiceDocument } from '../../src/lib/schemas/invoice';
import { MARGIN, PAGE, amountRows, formatPaise, renderDocumentPdf } from '../../src/server/invoices/pdf';
import { pdfFontNames, pdfGlyphIds, pdfText, pdfTextItems } from '../support/pdfText';

const invoice: InvoiceDocument = {
  id: 'inv_8204406267999-abcdef0123',
  kind: 'tax-invoice',
  serial: 'CCC/26-27/0007',
  sequence: 7,
  financialYear: '26-27',
  issuedAt: '2026-11-25T10:00:00.000Z',
  month: '2026-11',
  paymentId: '8204406267999-abcdef0123',
  refundId: null,
  supplier: {
    gstin: '29ABCDE1234F1Z5',
    legalName: 'CCC Edu Careers LLP',
    address: '12 MG Road, Bengaluru 560001',
    state: 'Karnataka',
    stateCode: '29',
  },
  recipient: { name: 'Priya Raman', state: 'Tamil Nadu', stateCode: '33' },
  description: 'Ascend Plus',
  sac: '999293',
  amounts: {
    totalPaise: 1059900,
    taxablePaise: 898220,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 161680,
    taxKind: 'inter-state',
  },
  amountInWords: 'Rupees Ten Thousand Five Hundred Ninety-Nine Only',
  original: null,
  reason: null,
};

describe('invoice PDF', () => {
  test('figures in Indian grouping with the rupee sign', () => {
    expect(formatPaise(1059900)).toBe('₹10,599.00');
    expect(formatPaise(35000050)).toBe('₹3,50,000.50');
  });

  test('the amounts table: IGST for another state, CGST + SGST within, one line for a receipt', () => {
    expect(amountRows(invoice)).toEqual([
      { label: 'Taxable value', value: '₹8,982.20' },
      { label: 'IGST @ 18%', value: '₹1,616.80' },
      { label: 'Total', value: '₹10,599.00' },
    ]);
    const within = {
      ...invoice,
      amounts: {
        totalPaise: 1059900,
        taxablePaise: 898220,
        cgstPaise: 80840,
        sgstPaise: 80840,
        igstPaise: 0,
        taxKind: 'intra-state' as const,
      },
    };
    expect(amountRows(within).map((row) => row.label)).toEqual(['Taxable value', 'CGST @ 9%', 'SGST @ 9%', 'Total']);
    const receipt = {
      ...invoice,
      kind: 'receipt' as const,
      amounts: { ...invoice.amounts, taxablePaise: 1059900, igstPaise: 0, taxKind: null },
    };
    expect(amountRows(receipt)).toEqual([{ label: 'Amount paid', value: '₹10,599.00' }]);
  });

  test('the PDF carries its text (with ₹) and is the same every time it is drawn', async () => {
    const bytes = await renderDocumentPdf(invoice);
    expect(bytes.byteLength).toBeLessThan(120_000);
    const text = await pdfText(bytes);
    for (const expected of [
      'Tax invoice',
      'CCC/26-27/0007',
      'GSTIN: 29ABCDE1234F1Z5',
      'Place of supply: Tamil Nadu',
      '₹10,599.00',
      'IGST @ 18%',
      'Rupees Ten Thousand Five Hundred Ninety-Nine Only',
    ]) {
      expect(text).toContain(expected);
    }
    expect(Buffer.from(await renderDocumentPdf(invoice)).equals(Buffer.from(bytes))).toBe(true);
  });
});

/** What CGST Rule 46 asks of this invoice, as the PDF must show it, and the total in figures and words. */
const rule46 = [
  'CCC Edu Careers LLP',
  '12 MG Road, Bengaluru 560001',
  'GSTIN: 29ABCDE1234F1Z5',
  'Tax invoice no.: CCC/26-27/0007',
  'Date: 25 November 2026',
  'Reverse charge: No',
  'Billed to',
  'Place of supply: Tamil Nadu',
  'State code: 33',
  'SAC',
  '999293',
  'Taxable value',
  '₹8,982.20',
  'IGST @ 18%',
  '₹1,616.80',
  'Total',
  '₹10,599.00',
  'In words: Rupees Ten Thousand Five Hundred Ninety-Nine Only',
  'For CCC Edu Careers LLP',
];

const named = (name: string): InvoiceDocument => ({ ...invoice, recipient: { ...invoice.recipient, name } });
const codePoints = (text: string) => Array.from(text.replace(/\s/g, '')).sort();

/** Every text item lies inside the page's margins: nothing cut at an edge, nothing under the bottom margin. */
async function expectWithinMargins(bytes: Uint8Array): Promise<void> {
  const items = await pdfTextItems(bytes);
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    expect({ text: item.text, page: [item.pageWidth, item.pageHeight] }).toEqual({
      text: item.text,
      page: [PAGE.width, PAGE.height],
    });
    expect({ text: item.text, x: item.x }).toEqual({
      text: item.text,
      x: expect.toSatisfy((x: number) => x >= MARGIN - 0.01),
    });
    expect({ text: item.text, right: item.x + item.width }).toEqual({
      text: item.text,
      right: expect.toSatisfy((right: number) => right <= PAGE.width - MARGIN + 0.01),
    });
    expect({ text: item.text, y: item.y }).toEqual({
      text: item.text,
      y: expect.toSatisfy((y: number) => y >= MARGIN && y <= PAGE.height - MARGIN),
    });
  }
}

describe('invoice PDF: names in Indian scripts', () => {
  test.each([
    ['Devanagari', 'आशा राव', 'NotoSansDevanagari'],
    ['Tamil', 'ஆஷா ராவ்', 'NotoSansTamil'],
    ['Bengali', 'আশা রাও', 'NotoSansBengali'],
  ])('a name in %s prints in its script’s font, beside every Rule 46 field', async (_, name, font) => {
    const bytes = await renderDocumentPdf(named(name));
    const text = await pdfText(bytes);
    for (const expected of [...rule46, name]) expect(text.split('\n')).toContain(expected);
    const fonts = await pdfFontNames(bytes);
    expect(fonts.filter((embedded) => embedded.includes(`${font}-`)).length).toBeGreaterThan(0);
    expect(await pdfGlyphIds(bytes)).not.toContain(0);
    await expectWithinMargins(bytes);
  });

  test('conjuncts and vowel signs drawn before their consonant come back as the same letters', async () => {
    // A reader's copy gives shaped text in the order it is drawn (ि before प्र), so the letters are compared, not their order.
    const name = 'प्रिया शर्मा क्षितिज';
    const text = await pdfText(await renderDocumentPdf(named(name)));
    const line = text.split('\n').find((candidate) => /\p{Script=Devanagari}/u.test(candidate));
    expect(codePoints(line ?? '')).toEqual(codePoints(name));
  });

  test('a document embeds only the scripts it uses', async () => {
    const plain = await pdfFontNames(await renderDocumentPdf(invoice));
    expect(
      plain.every((font) => /^[A-Z]{6}\+NotoSans-(Regular|Bold)-/.test(font) || /^NotoSans-(Regular|Bold)-/.test(font)),
    ).toBe(true);
    const tamil = await pdfFontNames(await renderDocumentPdf(named('ஆஷா ராவ்')));
    expect(tamil.filter((font) => font.includes('NotoSansTamil-'))).toHaveLength(2);
    expect(tamil.some((font) => font.includes('Devanagari') || font.includes('Bengali'))).toBe(false);
  });

  test('every Indian script the site prints has its font: no missing-glyph boxes', async () => {
    const name = 'ਗੁਰਪ੍ਰੀਤ శ్రీనివాస్ ಕೃಷ್ಣ മലയാളം ગુજરાતી ଆଶା ରାଓ';
    const bytes = await renderDocumentPdf(named(name));
    expect(await pdfGlyphIds(bytes)).not.toContain(0);
    const fonts = await pdfFontNames(bytes);
    for (const family of ['Gurmukhi', 'Telugu', 'Kannada', 'Malayalam', 'Gujarati', 'Oriya'])
      expect(fonts.some((font) => font.includes(`NotoSans${family}-`))).toBe(true);
    const text = await pdfText(bytes);
    expect(
      codePoints(
        text
          .split('\n')
          .filter((line) => /[\u0a00-\u0d7f]/u.test(line))
          .join(''),
      ),
    ).toEqual(codePoints(name));
  });

  test('an Indic document is the same every time it is drawn', async () => {
    const bytes = await renderDocumentPdf(named('आशा राव'));
    expect(Buffer.from(await renderDocumentPdf(named('आशा राव'))).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('invoice PDF: text that cannot forge a line or run off the page', () => {
  test('a name with line breaks and zero-width spaces prints on its own line, with nothing hidden in it', async () => {
    const forged = `Asha Rao${'\n\u200b'.repeat(44)}\nTotal paid: ₹550.00`;
    const bytes = await renderDocumentPdf(named(forged));
    const lines = (await pdfText(bytes)).split('\n');
    expect(lines).toContain('Asha Rao Total paid: ₹550.00');
    expect(lines.join('\n')).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u);
    expect(lines.filter((line) => line.startsWith('Total'))).toEqual(['Total']);
    await expectWithinMargins(bytes);
  });

  test('bidi controls, zero-width characters and emoji are not drawn; no glyph is a missing-glyph box', async () => {
    const bytes = await renderDocumentPdf(named('Asha 😀 \u202eoaR\u202c 🇮🇳 👍🏽 Rao\u200d'));
    const text = await pdfText(bytes);
    expect(text.split('\n')).toContain('Asha oaR Rao');
    expect(await pdfGlyphIds(bytes)).not.toContain(0);
  });

  test('a 120-character word is wrapped inside the page, none of it cut', async () => {
    const word = `${'Asha'.repeat(10)}${'w'.repeat(80)}`;
    expect(word).toHaveLength(120);
    const bytes = await renderDocumentPdf({ ...named(word), description: word });
    const items = await pdfTextItems(bytes);
    const pieces = items.filter((item) => /^(Asha|w)+$/.test(item.text));
    expect(pieces.length).toBeGreaterThan(2);
    // The name's column, then the description's: each wrapped piece in order gives the word back twice.
    expect(pieces.map((item) => item.text).join('')).toBe(word + word);
    await expectWithinMargins(bytes);
    const text = await pdfText(bytes);
    for (const expected of rule46.filter((field) => field !== '999293' && field !== 'SAC'))
      expect(text.split('\n')).toContain(expected);
  });

  test('a 2,000-character description carries on over a second page, the totals after it', async () => {
    const words = 'Career coaching sessions with a written plan, mock interviews and follow-up reviews'.split(' ');
    const description = Array.from({ length: 300 }, (_, index) => words[index % words.length])
      .join(' ')
      .slice(0, 2000)
      .trim();
    expect(description.length).toBeGreaterThan(1990);
    const bytes = await renderDocumentPdf({ ...invoice, description });
    const items = await pdfTextItems(bytes);
    expect(Math.max(...items.map((item) => item.page))).toBe(2);
    await expectWithinMargins(bytes);
    const lines = items.map((item) => item.text);
    for (const expected of rule46) expect(lines).toContain(expected);
    // Every word of the description is printed, in order, across both pages.
    const printed = items
      .filter((item) => item.x === MARGIN && words.some((word) => item.text.startsWith(word)))
      .map((item) => item.text);
    expect(printed.join(' ')).toBe(description);
    // The totals follow the last of the description, on the second page.
    const lastDescription = items.findLast((item) => item.text === printed.at(-1))!;
    const total = items.find((item) => item.text === '₹10,599.00')!;
    const inWords = items.find((item) => item.text.startsWith('In words:'))!;
    expect([lastDescription.page, total.page, inWords.page]).toEqual([2, 2, 2]);
    expect(total.y).toBeLessThan(lastDescription.y);
    expect(inWords.y).toBeLessThan(total.y);
    // The second page says which document it carries on, and each page its number.
    expect(lines).toContain('Tax invoice CCC/26-27/0007 (continued)');
    expect(lines).toEqual(expect.arrayContaining(['Page 1 of 2', 'Page 2 of 2']));
  });

  test('a credit note and a receipt keep their own fields through a long description', async () => {
    const description = 'Refund for the unused sessions of the package '.repeat(50).trim();
    const credit = await renderDocumentPdf({
      ...named('ஆஷா ராவ்'),
      kind: 'credit-note',
      id: 'cn_rfnd_abc123',
      refundId: 'rfnd_abc123',
      description,
      reason: 'Client moved abroad',
      original: {
        documentId: 'inv_8204406267999-abcdef0123',
        serial: 'CCC/26-27/0007',
        issuedAt: '2026-11-25T10:00:00.000Z',
      },
    });
    const creditLines = (await pdfText(credit)).split('\n');
    for (const expected of [
      'Credit note no.: CCC/26-27/0007',
      'Against invoice no.: CCC/26-27/0007',
      'Issued to',
      'ஆஷா ராவ்',
      'Total credited',
      '₹10,599.00',
      'Reason: Client moved abroad',
    ]) {
      expect(creditLines).toContain(expected);
    }
    await expectWithinMargins(credit);
    const receipt = await renderDocumentPdf({
      ...named('আশা রাও'),
      kind: 'receipt',
      sac: null,
      description,
      supplier: { ...invoice.supplier, gstin: null, state: null, stateCode: null },
      amounts: { ...invoice.amounts, taxablePaise: 1059900, igstPaise: 0, taxKind: null },
    });
    const receiptLines = (await pdfText(receipt)).split('\n');
    for (const expected of [
      'Receipt no.: CCC/26-27/0007',
      'আশা রাও',
      'Amount paid',
      '₹10,599.00',
      'Not a tax invoice: no GST is charged on this payment.',
    ]) {
      expect(receiptLines).toContain(expected);
    }
    await expectWithinMargins(receipt);
  });
});
