// The owner works in India: every date the admin shows or exports is Indian Standard
// Time, whatever the time zone of the computer it runs on.

const IST = 'Asia/Kolkata';

const dateTimeIN = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: IST,
});

const dateIN = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: IST });

const numericParts = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: IST,
});

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function istParts(date: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const parts = Object.fromEntries(numericParts.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
}

/** "21 Nov 2026, 2:35 pm" in IST; null for a missing or unparseable date. */
export function formatDateTimeIST(value: string | Date | null | undefined): string | null {
  const date = toDate(value);
  return date ? dateTimeIN.format(date) : null;
}

/** "21 Nov 2026" in IST; null for a missing or unparseable date. */
export function formatDateIST(value: string | Date | null | undefined): string | null {
  const date = toDate(value);
  return date ? dateIN.format(date) : null;
}

/** The IST calendar day as YYYY-MM-DD (file names). */
export function istDateStamp(value: Date): string {
  const { year, month, day } = istParts(value);
  return `${year}-${month}-${day}`;
}

/**
 * "2026-11-21 14:35" in IST, for spreadsheets: Excel and Google Sheets read it as a
 * date-time in any locale, and it sorts as text too (a day-first date would be
 * misread as month-first by a US-locale Excel).
 */
export function istTimestamp(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day, hour, minute } = istParts(date);
  return `${year}-${month}-${day} ${hour}:${minute}`;
}
