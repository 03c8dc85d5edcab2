// Reads what a server stored, straight from its Blobs folder through a Blobs server of
// our own (a second reader of the same folder), so "stored" means on disk, not "answered 201".
import { randomBytes } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

/** The site id netlify/local/server.mjs files its stores under. */
const SITE_ID = 'local-site';

export async function withStoreReader<T>(
  blobsDir: string,
  read: (store: (name: string) => ReturnType<typeof getStore>) => Promise<T>,
): Promise<T> {
  const token = randomBytes(8).toString('hex');
  const server = new BlobsServer({ directory: blobsDir, token });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  try {
    return await read((name) =>
      getStore({ name, siteID: SITE_ID, token, edgeURL: url, uncachedEdgeURL: url, consistency: 'strong' }),
    );
  } finally {
    await server.stop();
  }
}

export async function storedKeys(blobsDir: string, storeName: string): Promise<string[]> {
  return withStoreReader(blobsDir, async (store) => (await store(storeName).list()).blobs.map((blob) => blob.key));
}

export async function storedRecords(blobsDir: string, storeName: string): Promise<unknown[]> {
  return withStoreReader(blobsDir, async (store) => {
    const s = store(storeName);
    const { blobs } = await s.list();
    return Promise.all(blobs.map((blob) => s.get(blob.key, { type: 'json' })));
  });
}
