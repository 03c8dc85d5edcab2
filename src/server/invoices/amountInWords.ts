const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(value: number): string {
  if (value < 20) return ONES[value]!;
  const tens = TENS[Math.floor(value / 10)]!;
  return value % 10 === 0 ? tens : `${tens}-${ONES[value % 10]}`;
}

function belowThousand(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const parts = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * A whole number in words in the Indian system (thousand, lakh = 1,00,000, crore = 1,00,00,000):
 * 10599 -> "Ten Thousand Five Hundred Ninety-Nine". Above 99 crore the crores are counted in
 * words themselves ("One Thousand Two Hundred Crore"), as Indian invoices write them.
 */
export function wholeNumberInWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a whole number from 0: ${value}`);
  if (value === 0) return 'Zero';
  const crore = Math.floor(value / 10_000_000);
  const lakh = Math.floor((value % 10_000_000) / 100_000);
  const thousand = Math.floor((value % 100_000) / 1000);
  const rest = value % 1000;
  const parts = [];
  if (crore > 0) parts.push(`${wholeNumberInWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * An invoice's total in words (CGST Rule 46 asks for the amount in words as well as figures):
 * 1059900 paise -> "Rupees Ten Thousand Five Hundred Ninety-Nine Only",
 * 1059950 -> "Rupees Ten Thousand Five Hundred Ninety-Nine and Fifty Paise Only",
 * 1 -> "One Paisa Only".
 */
export function amountInWords(totalPaise: number): string {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0)
    throw new RangeError(`A total in paise is a whole number from 0, not ${totalPaise}`);
  const rupees = Math.floor(totalPaise / 100);
  const paise = totalPaise % 100;
  const paiseWords = paise === 1 ? 'One Paisa' : `${belowHundred(paise)} Paise`;
  if (paise === 0) return `Rupees ${wholeNumberInWords(rupees)} Only`;
  if (rupees === 0) return `${paiseWords} Only`;
  return `Rupees ${wholeNumberInWords(rupees)} and ${paiseWords} Only`;
}
