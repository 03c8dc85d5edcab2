import { env } from '../env';
import { type LeadRecord, leadRecordsBefore } from '../leads';
import { blobCall, collectionStore } from '../storage/blobs';
import { erasePerson } from './erase';
import { findPersonData, identityOf, type PersonData, readShared } from './find';
import { REQUESTS_STORE } from './requests';

// Retention (docs/privacy.md, "Retention"): a lead who never became a client is erased
// LEAD_RETENTION_MONTHS (24 by default) after our last contact with them, by the minute job
// within its budget. The last contact is the newest of their records and calls. A person who
// paid is a client (their records follow the client's rules and the tax law), and one with a
// newer contact waits until that contact is as old: each such record is marked with when to look
// again, so the job never reads it twice in between. It runs with the hourly housekeeping:
// a retention of months needs no minute's precision, and the old slices are read once an hour.

export const DEFAULT_RETENTION_MONTHS = 24;
const KEPT_PREFIX = 'retention-kept/';
const BATCH = 20;

/** LEAD_RETENTION_MONTHS: a whole number of months, 1 to 120; anything else is refused loudly. */
export function retentionMonths(): number {
  const raw = env('LEAD_RETENTION_MONTHS');
  if (raw === undefined) return DEFAULT_RETENTION_MONTHS;
  const months = Number(raw);
  if (!Number.isInteger(months) || months < 1 || months > 120)
    throw new Error(`LEAD_RETENTION_MONTHS must be a whole number of months from 1 to 120 (it is "${raw}")`);
  return months;
}

export const monthsBefore = (at: Date, months: number): Date => {
  const date = new Date(at);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
};

/** The last contact with a person (ms), or null when they are a client (they paid). */
export function lastContact(data: PersonData): number | null {
  if (
    data.clients.length > 0 ||
    data.leads.some((lead) => lead.kind === 'payment' && lead.record.status === 'captured')
  )
    return null;
  const times = [
    ...data.leads.map((lead) => Date.parse(String(lead.record.updatedAt ?? lead.createdAt))),
    ...data.appointments.map((appointment) =>
      Math.max(Date.parse(appointment.start), Date.parse(appointment.updatedAt)),
    ),
    ...data.paymentRequests.map((request) => Date.parse(request.createdAt)),
  ];
  return Math.max(...times.filter(Number.isFinite), 0);
}

const identityOfLead = (lead: LeadRecord) =>
  identityOf({ phone: lead.person.phone ?? null, email: lead.person.email ?? null });

/** Each marked record's time to look again, from one listing (`retention-kept/{id}/{ms}`: nothing to read). */
async function keptUntil(): Promise<Map<string, { at: number; keys: string[] }>> {
  const store = collectionStore(REQUESTS_STORE);
  const { blobs } = await blobCall(() => store.list({ prefix: KEPT_PREFIX }));
  const marks = new Map<string, { at: number; keys: string[] }>();
  for (const { key } of blobs) {
    const [id, at] = key.slice(KEPT_PREFIX.length).split('/');
    if (!id || !at) continue;
    const mark = marks.get(id) ?? { at: 0, keys: [] };
    marks.set(id, { at: Math.max(mark.at, Number(at) || 0), keys: [...mark.keys, key] });
  }
  return marks;
}

export interface RetentionReport {
  erased: number;
  kept: number;
}

/** Erases the people whose last contact passed the retention, until the deadline. */
export async function applyRetention(now: Date, deadline: number): Promise<RetentionReport> {
  const months = retentionMonths();
  const cutoff = monthsBefore(now, months);
  const report: RetentionReport = { erased: 0, kept: 0 };
  const marks = await keptUntil();
  // Marked records are skipped in the scan itself, so a year of kept clients never fills the batch.
  const candidates = await leadRecordsBefore(
    cutoff,
    BATCH,
    new Date(0),
    (id) => (marks.get(id)?.at ?? 0) > now.getTime(),
  );
  const shared = candidates.length > 0 ? await readShared() : null;
  const store = collectionStore(REQUESTS_STORE);
  for (const lead of candidates) {
    if (Date.now() >= deadline) break;
    const data = await findPersonData(identityOfLead(lead), shared ?? undefined);
    const last = lastContact(data);
    if (last !== null && last < cutoff.getTime()) {
      await erasePerson(data.identity, 'retention', null, now);
      report.erased += 1;
      continue;
    }
    // A client (looked at again in a year) or a newer contact (looked at once that is as old).
    const recheckAt =
      last === null ? now.getTime() + 365 * 24 * 3_600_000 : monthsBefore(new Date(last), -months).getTime();
    await blobCall(() => store.set(`${KEPT_PREFIX}${lead.id}/${recheckAt}`, ''));
    await Promise.all((marks.get(lead.id)?.keys ?? []).map((key) => blobCall(() => store.delete(key))));
    report.kept += 1;
  }
  return report;
}

/** How long the admin's figure may read: the Privacy panel answers within a request's time, however many leads there are. */
export const FORECAST_BUDGET_MS = 3_000;
const FORECAST_READS_AT_ONCE = 8;

/**
 * How many people's retention ends within the next month, those due now included (the admin's
 * figure). People are looked at a few at a time until the budget runs out: `complete` false
 * means "at least `leaving`" (the hourly run erases on its own budget regardless).
 */
export async function leavingNextMonth(
  now: Date,
  budgetMs: number = FORECAST_BUDGET_MS,
): Promise<{ leaving: number; complete: boolean }> {
  const deadline = Date.now() + budgetMs;
  const months = retentionMonths();
  const nextCutoff = monthsBefore(monthsBefore(now, -1), months);
  const leads = await leadRecordsBefore(nextCutoff, 1000, new Date(0));
  const shared = leads.length > 0 ? await readShared() : undefined;
  const people = new Map<string, LeadRecord>();
  for (const lead of leads) people.set(`${lead.person.phone ?? ''}|${lead.person.email ?? ''}`, lead);
  const queue = [...people.values()];
  let leaving = 0;
  for (let start = 0; start < queue.length; start += FORECAST_READS_AT_ONCE) {
    if (Date.now() >= deadline) return { leaving, complete: false };
    const lasts = await Promise.all(
      queue
        .slice(start, start + FORECAST_READS_AT_ONCE)
        .map(async (lead) => lastContact(await findPersonData(identityOfLead(lead), shared))),
    );
    leaving += lasts.filter((last) => last !== null && last < nextCutoff.getTime()).length;
  }
  return { leaving, complete: leads.length < 1000 };
}
