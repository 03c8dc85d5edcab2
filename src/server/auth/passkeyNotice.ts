import { afterResponse } from '../http/afterResponse';
import { type PasskeyAdded, passkeyAddedMail } from '../messages';
import { deliver, enqueue, notificationSettings, ownerEntries, siteAddress } from '../notifications';
import { newestFirstKey } from '../storage/keys';

// Every passkey added tells the owner by e-mail (docs/admin.md), through the outbox
// like every other message (retries, the admin's Notifications panel). Someone who got
// hold of a session for a moment cannot quietly keep a way in. The mail's words are in
// src/server/messages (`passkeyAddedMail`): our own, never the User-Agent text itself.

/** Queues the owner's mail and sends it after the response (nothing when notifications are off). */
export async function tellOwnerPasskeyAdded(added: PasskeyAdded, now: Date = new Date()): Promise<void> {
  if (!notificationSettings().enabled) return;
  const mail = passkeyAddedMail(added, siteAddress());
  const [entry] = ownerEntries({ kind: 'passkey-added', leadId: newestFirstKey(now.getTime()), mail }, null, now);
  await enqueue([entry!]);
  await afterResponse(`passkey mail ${entry!.id}`, () => deliver(entry!.id));
}
