import type { AdminAppointment, Appointment } from '../../lib/schemas/appointment';
import { whatsappConfig, messagesOfAppointments } from '../whatsapp';

/**
 * The owner's calls with each WhatsApp message's last status (who read the
 * confirmation or a reminder, which failed with Meta's code). Read only while WhatsApp is on:
 * without its variables nothing was sent, and the list costs no extra reads. One listing
 * serves all the calls (messagesOfAppointments).
 */
export async function withWhatsAppStatuses(calls: Appointment[]): Promise<AdminAppointment[]> {
  if (!whatsappConfig().enabled) return calls;
  const byCall = await messagesOfAppointments(calls.map((call) => call.id));
  return calls.map((call) => {
    const messages = byCall.get(call.id);
    if (!messages) return call;
    return {
      ...call,
      whatsappMessages: messages.map((message) => ({
        purpose: message.purpose,
        status: message.status,
        at: message.statusAt,
        errorCode: message.errorCode,
      })),
    };
  });
}
