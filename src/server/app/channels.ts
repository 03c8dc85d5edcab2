import { countReminderSent } from '../appointments';
import { renderDocumentPdf, documentFileName, readDocument } from '../invoices';
import type { OutboxChannels } from '../notifications';
import { sendWhatsAppEntry } from '../whatsapp';

// The channels the outbox sends on that belong to features above it (docs/architecture.md,
// "Composition root"): WhatsApp, with What converts' count of reminders sent, and the
// invoice PDFs a receipt mail attaches.

export const outboxChannels: OutboxChannels = {
  async whatsapp(entry, admit, now) {
    const { wamid, recorded } = await sendWhatsAppEntry(entry, admit, now);
    // A reminder counts as sent once its message is recorded (its read status is matched to
    // that record). Sent is sent: a failed count is logged, never retried (a retry would send twice).
    if (!recorded) return;
    await countReminderSent({ wamid, kind: entry.kind, appointmentId: entry.appointmentId }).catch((error: unknown) =>
      console.error(`[whatsapp] ${entry.id} was sent as ${wamid} but could not be recorded`, error),
    );
  },
  async attachment(ref) {
    const document = await readDocument(ref.documentId);
    if (!document) throw new Error(`The attachment ${ref.documentId} is not issued yet`);
    return {
      filename: documentFileName(document),
      content: await renderDocumentPdf(document),
      contentType: 'application/pdf',
    };
  },
};
