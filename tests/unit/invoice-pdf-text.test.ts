import { describe, expect, test } from 'vitest';
import { baseFamily, scriptFamilies } from '../../src/server/invoices/fontFamilies';
import { printableLine, printableParagraphs } from '../../src/server/invoices/printable';
import { type Face, runsOf, wrapLine } from '../../src/server/invoices/textRuns';

describe('printable text', () => {
  test('line breaks become one space, so a name cannot draw a line of its own', () => {
    expect(printableLine(`Asha Rao${'\n\u200b'.repeat(44)}\nTotal paid: ₹550.00`)).toBe('Asha Rao Total paid: ₹550.00');
    expect(printableLine('Asha\r\nRao\u2028Iyer\u2029Nair\u0085Das\tKhan')).toBe('Asha Rao Iyer Nair Das Khan');
  });

  test.each([
    ['zero-width space, joiners, word joiner, byte-order mark', 'A\u200bs\u200ch\u200da\u2060 \ufeffRao', 'Asha Rao'],
    [
      'bidi embeddings, overrides, isolates and marks',
      '\u202aAsha\u202c \u202eoaR\u202c \u2066x\u2069\u200e\u200f\u061c',
      'Asha oaR x',
    ],
    ['controls', 'Asha\u0000\u0007\u001b Rao\u007f\u009b', 'Asha Rao'],
    ['private use and unassigned', 'Asha\ue000 Rao\u{10ffff}\u0378', 'Asha Rao'],
    ['soft hyphen and variation selectors', 'Ash\u00ada Rao\ufe0f', 'Asha Rao'],
    ['emoji, skin tones, flags, keycaps', 'Asha 😀 👍🏽 🇮🇳 1️⃣ ❤️ Rao', 'Asha 1 Rao'],
  ])('drops %s', (_, text, printable) => {
    expect(printableLine(text)).toBe(printable);
  });

  test('keeps every script, the rupee sign and the symbols of text', () => {
    expect(printableLine('आशा राव · ஆஷா · আশা — ₹1,00,000 © ® ™ Zoë')).toBe(
      'आशा राव · ஆஷா · আশা — ₹1,00,000 © ® ™ Zoë',
    );
    expect(printableLine('Zoe\u0308')).toBe('Zoë');
  });

  test('an address keeps its lines, each made printable, blank ones dropped', () => {
    expect(printableParagraphs('12 MG Road,\r\n\r\n  Bengaluru\u200b 560001\u2028Karnataka ')).toEqual([
      '12 MG Road,',
      'Bengaluru 560001',
      'Karnataka',
    ]);
  });
});

/** A face whose characters are those listed, each one point wide per character. */
function face(
  family: typeof baseFamily,
  characters: string,
): Face<{ name: string; widthOfTextAtSize: (text: string) => number }> {
  return {
    family,
    font: { name: family.file, widthOfTextAtSize: (text: string) => Array.from(text).length },
    characters: new Set(Array.from(characters, (character) => character.codePointAt(0)!)),
  };
}
const latin = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:₹-।';
const devanagari = scriptFamilies.find((family) => family.file === 'NotoSansDevanagari')!;
const tamil = scriptFamilies.find((family) => family.file === 'NotoSansTamil')!;
const faces = [face(baseFamily, latin), face(devanagari, `${latin}आशारवप्िय`), face(tamil, `${latin}ஆஷாரவ்`)];
const runs = (text: string) => runsOf(text, faces).map((run) => [run.font.name, run.text]);

describe('font runs', () => {
  test('each script is drawn by its own font, a label by the base font', () => {
    expect(runs('Billed to: आशा राव and ஆஷா ராவ்')).toEqual([
      ['NotoSans', 'Billed to: '],
      ['NotoSansDevanagari', 'आशा राव '],
      ['NotoSans', 'and '],
      ['NotoSansTamil', 'ஆஷா ராவ்'],
    ]);
  });

  test('digits, spaces, the danda and ₹ stay in the run they are in', () => {
    expect(runs('प्रिया 12 ₹5।')).toEqual([['NotoSansDevanagari', 'प्रिया 12 ₹5।']]);
  });

  test('a character no font has is left out, not drawn as a box', () => {
    expect(runs('Asha 漢 Rao')).toEqual([['NotoSans', 'Asha  Rao']]);
  });
});

describe('wrapping', () => {
  const measure = (text: string) =>
    Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)).length;

  test('between words while they fit', () => {
    expect(wrapLine('one two three four', 9, measure)).toEqual(['one two', 'three', 'four']);
  });

  test('a word wider than the line is cut between grapheme clusters, all of it kept', () => {
    const word = 'x'.repeat(25);
    expect(wrapLine(`ab ${word} cd`, 10, measure)).toEqual(['ab', 'x'.repeat(10), 'x'.repeat(10), 'xxxxx cd']);
    // क्षि is one cluster (four code points): never split from its vowel sign or its conjunct.
    const syllables = 'क्षि'.repeat(5);
    const lines = wrapLine(syllables, 2, measure);
    expect(lines).toEqual(['क्षिक्षि', 'क्षिक्षि', 'क्षि']);
  });
});
