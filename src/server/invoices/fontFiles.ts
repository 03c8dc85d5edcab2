import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withEvenGlyphs } from './evenGlyphs';
import { type FontFamily, type FontWeight, fontFilePath } from './fontFamilies';

// Each font file is read once per instance, when the first document that needs it is drawn,
// and kept: a function that only draws English invoices never reads the Indic ones.

const files = new Map<string, Promise<Uint8Array>>();

export function fontBytes(family: FontFamily, weight: FontWeight): Promise<Uint8Array> {
  const path = join(process.cwd(), ...fontFilePath(family, weight));
  let bytes = files.get(path);
  if (!bytes) {
    bytes = readFile(path).then((buffer) => withEvenGlyphs(new Uint8Array(buffer)));
    // A failed read is not kept: the next document tries again.
    bytes.catch(() => files.delete(path));
    files.set(path, bytes);
  }
  return bytes;
}
