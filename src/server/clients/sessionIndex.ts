import { blobCall, collectionStore } from '../storage/blobs';
import { recordIdPattern } from '../storage/keys';

// Every session a client ever booked, one empty marker per session under the client's id
// (`{clientId}/{sessionId}` in the 'client-sessions' store). Kept outside the client's
// record so the list never has to be cut: the record is rewritten on every seat taken, and a
// list inside it would grow with every booking and cancel (docs/payments.md, "Sessions").
// A listing by prefix reads it whole, however long it gets.

export const CLIENT_SESSIONS_STORE = 'client-sessions';
const store = () => collectionStore(CLIENT_SESSIONS_STORE);
const markerKey = (clientId: string, sessionId: string) => `${clientId}/${sessionId}`;

/** Notes that the client booked this session; written before its record, so every session record is findable. */
export async function noteClientSession(clientId: string, sessionId: string): Promise<void> {
  await blobCall(() => store().set(markerKey(clientId, sessionId), '', { onlyIfNew: true }));
}

/** Forgets a session that never became one (its time was taken first). */
export async function forgetClientSession(clientId: string, sessionId: string): Promise<void> {
  await blobCall(() => store().delete(markerKey(clientId, sessionId)));
}

/** The ids of every session the client booked, oldest first. */
export async function clientSessionIds(clientId: string): Promise<string[]> {
  const { blobs } = await blobCall(() => store().list({ prefix: `${clientId}/` }));
  return blobs
    .map((blob) => blob.key.slice(clientId.length + 1))
    .filter((id) => recordIdPattern.test(id))
    .sort()
    .reverse();
}
