import type { AdminAppointment, Appointment } from '../../lib/schemas/appointment';
import { whatsappConfig } from '../whatsapp/config';
import { lastStatusOf } from '../whatsapp/messages';

/**
 * The owner's calls with each WhatsApp message's last status (issue 30 item 6: who read the
 * confirmation or a reminder, which failed with Meta's code). Read only while WhatsApp is on:
 * without its variables nothing was sent, and the list costs no extra reads.
 */
export async function withWhatsAppStatuses(calls: Appointment[]): Promise<AdminAppointment[]> {
  if (!whatsappConfig().enabled) return calls;
  return Promise.all(
    calls.map(async (call) => {
      const messages = await lastStatusOf({ appointmentId: call.id });
      if (messages.length === 0) return call;
      return { ...call, whatsappMessages: messages.map((message) => ({ purpose: message.purpose, status: message.status, at: message.statusAt, errorCode: message.errorCode })) };
    }),
  );
}
