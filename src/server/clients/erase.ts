import { eraseBrief } from './brief';
import { eraseDocuments } from './documents';
import { clientSessionIds, forgetClientSession } from './sessionIndex';
import { clients } from './store';

// Erasing a client (docs/privacy.md, "Erasure"): the record, its session list, its brief and
// the documents shared with it. Their sessions' appointment records go with the person's
// other appointments; the payment, its invoice and credit notes stay for the tax law.

export interface ClientErasure {
  clients: number;
  'client-sessions': number;
  'client-briefs': number;
  'client-documents': number;
}

/** Removes the client and everything kept under its id. Returns the records removed per store. */
export async function eraseClient(clientId: string): Promise<ClientErasure> {
  const sessions = await clientSessionIds(clientId);
  await Promise.all(sessions.map((sessionId) => forgetClientSession(clientId, sessionId)));
  const [briefs, documents] = await Promise.all([eraseBrief(clientId), eraseDocuments(clientId)]);
  const removed = await clients.remove(clientId);
  return {
    clients: removed ? 1 : 0,
    'client-sessions': sessions.length,
    'client-briefs': briefs,
    'client-documents': documents,
  };
}
