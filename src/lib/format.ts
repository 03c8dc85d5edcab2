// Money and dates the way an Indian reader expects them: lakh grouping (₹3,50,000), day-month-year.

const groupedIN = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const longDateIN = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** 3725 → "3,725"; 350000 → "3,50,000". */
export function formatCount(value: number): string {
  return groupedIN.format(value);
}

/** Whole rupees with Indian grouping: 10599 → "₹10,599". */
export function formatRupees(amount: number): string {
  return `₹${groupedIN.format(Math.round(amount))}`;
}

const paiseIN = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in paise: whole rupees as formatRupees, otherwise to the paise: 529950 → "₹5,299.50". */
export function formatPaise(paise: number): string {
  return paise % 100 === 0 ? formatRupees(paise / 100) : `₹${paiseIN.format(paise / 100)}`;
}

/**
 * A catalogue price: 0 means the fee is agreed after a free consultation
 * (docs/decisions/0003-package-catalogue-as-content.md).
 */
export function formatPackagePrice(price: number): string {
  return price > 0 ? formatRupees(price) : 'Price on consultation';
}

/** "21 November 2026"; null for a missing or unparseable date, so callers choose their own fallback. */
export function formatDateLongIN(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : longDateIN.format(date);
}
