// fontkit's subsetter (the one pdf-lib embeds fonts with) writes the subset's `loca` table in
// the short format whenever its glyph data is under 64 KB, and the short format stores each
// offset halved. A glyph whose data has an odd length then shifts every glyph after it and
// viewers draw nothing. Noto Sans stores its glyphs unpadded (with long offsets), so its
// subsets came out blank but for a letter or two; the Indic Noto fonts are padded already.
// Padding every glyph to an even length, once when the file is read, makes any subset of the
// font safe. See docs/payments.md (invoice PDFs).

interface TableRecord {
  tag: string;
  offset: number;
  length: number;
}

/** The font with every glyph's data padded to an even length (the same bytes if it already is). */
export function withEvenGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = readTables(view);
  const find = (tag: string) => {
    const table = tables.find((record) => record.tag === tag);
    if (!table) throw new Error(`The font has no ${tag} table`);
    return table;
  };
  const [head, maxp, loca, glyf] = [find('head'), find('maxp'), find('loca'), find('glyf')];
  const longOffsets = view.getInt16(head.offset + 50) === 1;
  const glyphCount = view.getUint16(maxp.offset + 4);
  const offsets = Array.from({ length: glyphCount + 1 }, (_, index) =>
    longOffsets ? view.getUint32(loca.offset + index * 4) : view.getUint16(loca.offset + index * 2) * 2,
  );
  if (offsets.every((offset) => offset % 2 === 0)) return font;

  const glyphs: Uint8Array[] = [];
  const newOffsets: number[] = [0];
  for (let index = 0; index < glyphCount; index += 1) {
    const data = font.subarray(glyf.offset + offsets[index]!, glyf.offset + offsets[index + 1]!);
    const padded = new Uint8Array(data.length + (data.length % 2));
    padded.set(data);
    glyphs.push(padded);
    newOffsets.push(newOffsets.at(-1)! + padded.length);
  }
  const newGlyf = concat(glyphs);
  const newLoca = new Uint8Array(newOffsets.length * 4);
  const locaView = new DataView(newLoca.buffer);
  newOffsets.forEach((offset, index) => locaView.setUint32(index * 4, offset));
  const newHead = font.slice(head.offset, head.offset + head.length);
  const headView = new DataView(newHead.buffer);
  headView.setInt16(50, 1);
  headView.setUint32(8, 0);

  const replaced: Record<string, Uint8Array> = { glyf: newGlyf, loca: newLoca, head: newHead };
  const bodies = tables.map(
    (record) => replaced[record.tag] ?? font.subarray(record.offset, record.offset + record.length),
  );
  return assemble(font.subarray(0, 12), tables, bodies);
}

function readTables(view: DataView): TableRecord[] {
  const count = view.getUint16(4);
  return Array.from({ length: count }, (_, index) => {
    const at = 12 + index * 16;
    const tag = String.fromCharCode(
      view.getUint8(at),
      view.getUint8(at + 1),
      view.getUint8(at + 2),
      view.getUint8(at + 3),
    );
    return { tag, offset: view.getUint32(at + 8), length: view.getUint32(at + 12) };
  });
}

/** Writes the font again: the same header and table order, each table 4-byte aligned with its checksum. */
function assemble(header: Uint8Array, tables: TableRecord[], bodies: Uint8Array[]): Uint8Array {
  const directorySize = 12 + tables.length * 16;
  const padded = (length: number) => (length + 3) & ~3;
  const size = bodies.reduce((total, body) => total + padded(body.length), directorySize);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(header);
  let offset = directorySize;
  let headOffset = -1;
  tables.forEach((record, index) => {
    const body = bodies[index]!;
    out.set(body, offset);
    const at = 12 + index * 16;
    for (let char = 0; char < 4; char += 1) view.setUint8(at + char, record.tag.charCodeAt(char));
    view.setUint32(at + 4, checksum(out, offset, body.length));
    view.setUint32(at + 8, offset);
    view.setUint32(at + 12, body.length);
    if (record.tag === 'head') headOffset = offset;
    offset += padded(body.length);
  });
  // The whole font sums to this magic number once head.checkSumAdjustment is set (OpenType "head").
  view.setUint32(headOffset + 8, (0xb1b0afba - checksum(out, 0, out.length)) >>> 0);
  return out;
}

function checksum(bytes: Uint8Array, offset: number, length: number): number {
  let sum = 0;
  for (let at = offset; at < offset + length; at += 4) {
    const word =
      ((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    sum = (sum + (word >>> 0)) >>> 0;
  }
  return sum;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
