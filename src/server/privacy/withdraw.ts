import type { ConsentPurpose } from '../../lib/privacy/consent';
import type { Appointment } from '../../lib/schemas/appointment';
import { readAppointmentForUpdate, replaceAppointment } from '../booking';
import { type Identity, changeLeadRecord, unsubscribe } from '../leads';
import { findPersonData } from './find';

// Withdrawing a consent (docs/privacy.md, "Rights"), as easily as it was given: one tap on the
// my-data page, or STOP in WhatsApp. WhatsApp updates: the consent leaves every record and
// call of the person, so no message is queued for them again. The newsletter: the
// subscription ends. Answering their requests: that is erasure (erase.ts).

/** A record's consent without one purpose (pure); a consent left with no purpose goes. */
export function withoutPurpose(record: Record<string, unknown>, purpose: ConsentPurpose): Record<string, unknown> {
  const next = { ...record };
  if (purpose === 'whatsapp-updates') delete next.whatsappConsent;
  const consent = next.consent as { purposes: ConsentPurpose[] } | undefined;
  if (consent) {
    const purposes = consent.purposes.filter((each) => each !== purpose);
    if (purposes.length > 0) next.consent = { ...consent, purposes };
    else delete next.consent;
  }
  return next;
}

async function dropCallConsent(appointment: Appointment): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const found = await readAppointmentForUpdate(appointment.id);
    if (!found?.appointment.whatsappConsent) return;
    const { whatsappConsent: _dropped, ...rest } = found.appointment;
    if (await replaceAppointment(rest, found.etag)) return;
  }
}

/** Withdraws WhatsApp consent everywhere the person gave it. Returns how many records changed. */
export async function withdrawWhatsApp(identity: Identity): Promise<number> {
  const data = await findPersonData(identity);
  const leads = data.leads.filter(
    ({ record }) =>
      record.whatsappConsent !== undefined ||
      (record.consent as { purposes?: string[] } | undefined)?.purposes?.includes('whatsapp-updates'),
  );
  await Promise.all(
    leads.map((lead) => changeLeadRecord(lead.kind, lead.id, (record) => withoutPurpose(record, 'whatsapp-updates'))),
  );
  const calls = data.appointments.filter((appointment) => appointment.whatsappConsent);
  await Promise.all(calls.map(dropCallConsent));
  return leads.length + calls.length;
}

/** Ends the person's newsletter subscriptions. Returns how many ended. */
export async function withdrawNewsletter(identity: Identity): Promise<number> {
  const data = await findPersonData(identity);
  const mailboxes = new Set(
    data.leads.filter((lead) => lead.kind === 'subscriber').map((lead) => String(lead.record.email)),
  );
  const ended = await Promise.all([...mailboxes].map((email) => unsubscribe(email)));
  return ended.filter((count) => count > 0).length;
}
