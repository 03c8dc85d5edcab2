import { type Appointment } from '../../lib/schemas/appointment';
import { readAppointmentForUpdate, replaceAppointment } from '../booking';
import { clients } from '../clients';
import { type Correction, correctLeadRecord } from '../leads';
import { findPersonData } from './find';
import type { Identity } from '../leads';

// Correcting a person's name, e-mail or phone (docs/privacy.md, "Rights"): on every record of
// theirs that is not kept as issued for the tax law (payments, paid payment requests, invoices
// and credit notes are records of what happened, and stay as they were made), and on their
// calls and sessions still ahead. Each record is rewritten over its ETag with its own
// bookkeeping (the person index follows).

async function correctCall(appointment: Appointment, change: Correction): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const found = await readAppointmentForUpdate(appointment.id);
    if (!found) return;
    const next = {
      ...found.appointment,
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.phone !== undefined ? { phone: change.phone } : {}),
      ...(change.email !== undefined ? { email: change.email } : {}),
    };
    if (await replaceAppointment(next, found.etag)) return;
  }
}

/** Returns how many records were corrected. */
export async function correctPerson(identity: Identity, change: Correction, now: Date): Promise<number> {
  const data = await findPersonData(identity);
  const leads = data.leads.filter((lead) => lead.kind !== 'payment' && lead.kind !== 'subscriber');
  await Promise.all(leads.map((lead) => correctLeadRecord(lead.kind, lead.id, change)));
  await Promise.all(
    data.clients.map((client) =>
      clients.update(client.id, (current) => ({
        ...current,
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.phone !== undefined ? { phone: change.phone } : {}),
        ...(change.email !== undefined ? { email: change.email } : {}),
      })),
    ),
  );
  const ahead = data.appointments.filter(
    (appointment) => appointment.status === 'confirmed' && Date.parse(appointment.start) > now.getTime(),
  );
  await Promise.all(ahead.map((appointment) => correctCall(appointment, change)));
  return leads.length + data.clients.length + ahead.length;
}
