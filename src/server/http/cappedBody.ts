/**
 * Reads a stream whole while it stays within `limit` bytes: past it, the stream is cancelled at
 * once (never buffered further) and `tooLarge()` is thrown. One reader for every body the server
 * takes or fetches with a cap: a request's JSON, an uploaded file, an outside calendar's feed.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
