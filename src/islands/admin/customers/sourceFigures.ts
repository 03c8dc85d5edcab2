import { formatPaise } from '../../../lib/format';

// How 'Leads by source' writes its figures, once for the totals, the table and the cards.

/** Revenue is net of refunds, which may carry paise. */
export const money = (rupees: number) => formatPaise(Math.round(rupees * 100));

/** A rate (conversion; no-shows per 100 calls marked held or no-show; WhatsApp reminders read per 100 sent); a dash before there is any. */
export const percent = (rate: number | null) => (rate === null ? '–' : `${rate.toLocaleString('en-IN')}%`);

/** A row's key: source and medium, joined by a character no form can send. */
export const rowKey = (row: { source: string; medium: string | null }) => `${row.source}\u001f${row.medium ?? ''}`;
