import { clientSessionIds, forgetClientSession } from './sessionIndex';
import { clients } from './store';

// Erasing a client (docs/privacy.md, "Erasure"): the record and its session list. Their
// sessions' appointment records go with the person's other appointments; the payment, its
// invoice and credit notes stay for the tax law.

/** Removes the client and its session markers. Returns the blobs removed per store. */
export async function eraseClient(clientId: string): Promise<{ clients: number; 'client-sessions': number }> {
  const sessions = await clientSessionIds(clientId);
  await Promise.all(sessions.map((sessionId) => forgetClientSession(clientId, sessionId)));
  const removed = await clients.remove(clientId);
  return { clients: removed ? 1 : 0, 'client-sessions': sessions.length };
}
