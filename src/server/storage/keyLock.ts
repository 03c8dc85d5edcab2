// Writers in this process take turns per key. Across processes (Netlify's many
// instances) onlyIfNew / onlyIfMatch are what keep writes safe; the local Blobs
// server checks its condition and writes in separate steps, so this closes that
// gap for local runs and tests.
const keyLocks = new Map<string, Promise<unknown>>();

export async function withKeyLock<T>(lockKey: string, run: () => Promise<T>): Promise<T> {
  const previous = keyLocks.get(lockKey) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(run);
  keyLocks.set(lockKey, current);
  try {
    return await current;
  } finally {
    if (keyLocks.get(lockKey) === current) keyLocks.delete(lockKey);
  }
}
