import { createHash } from 'node:crypto';
import { webhookClaims } from '../queue/webhookClaims';

// Meta's deliveries, claimed item by item through the one webhook-claim protocol
// (src/server/queue/webhookClaims.ts): each status and each inbound message by its own key,
//   status/{sha256 of wamid|status}   one message's one status
//   message/{sha256 of the message id} one message a visitor sent us

export const WEBHOOK_CLAIM_STORE = 'whatsapp-webhook';
export const whatsappClaims = webhookClaims(WEBHOOK_CLAIM_STORE);

export type ClaimKind = 'status' | 'message';

export function claimKey(kind: ClaimKind, itemId: string): string {
  return `${kind}/${createHash('sha256').update(itemId).digest('hex')}`;
}
