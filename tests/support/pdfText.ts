import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, one line per text item, as a reader's copy would get it. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfTextItems(bytes)).map((item) => item.text).join('\n');
}

export interface PdfTextItem {
  page: number;
  text: string;
  /** Where the item starts on its page, in points from the bottom left, and how wide it is. */
  x: number;
  y: number;
  width: number;
  pageWidth: number;
  pageHeight: number;
}

/** Every non-blank text item of every page, with where it is drawn. */
export async function pdfTextItems(bytes: Uint8Array): Promise<PdfTextItem[]> {
  const task = getDocument({ data: new Uint8Array(bytes) });
  const pdf = await task.promise;
  const items: PdfTextItem[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const [, , pageWidth, pageHeight] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      items.push({
        page: number,
        text: item.str,
        x: item.transform[4] as number,
        y: item.transform[5] as number,
        width: item.width,
        pageWidth,
        pageHeight,
      });
    }
  }
  await task.destroy();
  return items;
}

/** The names of the fonts a PDF embeds (subset prefixes and suffixes included). */
export async function pdfFontNames(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const names: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor')) {
      names.push(object.get(PDFName.of('FontName'))!.toString().replace(/^\//, ''));
    }
  }
  return names.sort();
}

/**
 * The glyph ids every page draws with a composite (Type0) font: each `<hex> Tj` of its content
 * streams, four hex digits a glyph. Glyph 0 is .notdef, the empty box a missing character gets.
 */
export async function pdfGlyphIds(bytes: Uint8Array): Promise<number[]> {
  const pdf = await PDFDocument.load(bytes);
  const ids: number[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
      for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        for (let at = 0; at < hex!.length; at += 4) ids.push(Number.parseInt(hex!.slice(at, at + 4), 16));
      }
    }
  }
  return ids;
}
