import { type FontFamily, scriptFamilyOf } from './fontFamilies';

// A line of text is drawn as runs, each in the one font that has its characters: a Tamil name
// in Noto Sans Tamil, the label before it in Noto Sans. Runs are cut between grapheme clusters,
// never inside one, so a consonant keeps its vowel signs and the shaper sees whole syllables.

export interface MeasurableFont {
  widthOfTextAtSize(text: string, size: number): number;
}

/** One embedded font of one weight and the code points it can draw. */
export interface Face<F extends MeasurableFont> {
  family: FontFamily;
  font: F;
  characters: ReadonlySet<number>;
}

export interface TextRun<F extends MeasurableFont> {
  text: string;
  font: F;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Digits, punctuation, spaces and marks belong to no script: they stay in the run they are in. */
const SHARED = /^[\p{Script=Common}\p{Script=Inherited}]/u;

/**
 * Splits text into runs by font: a character of an Indian script goes to its script's face,
 * a shared one (digit, space, ₹) stays with the run before it when that face has it, anything
 * else to the first face that has it (the base first). A character no face has is left out:
 * a box in its place would say nothing.
 */
export function runsOf<F extends MeasurableFont>(text: string, faces: readonly Face<F>[]): TextRun<F>[] {
  const runs: Array<{ text: string; face: Face<F> }> = [];
  for (const { segment } of graphemes.segment(text)) {
    const codePoints = Array.from(segment, (character) => character.codePointAt(0)!);
    const covers = (face: Face<F>) => codePoints.every((codePoint) => face.characters.has(codePoint));
    const current = runs.at(-1)?.face;
    const family = scriptFamilyOf(segment);
    const preferred = family
      ? faces.find((face) => face.family === family)
      : SHARED.test(segment)
        ? current
        : undefined;
    const face = preferred && covers(preferred) ? preferred : faces.find(covers);
    if (!face) continue;
    if (face === current) runs.at(-1)!.text += segment;
    else runs.push({ text: segment, face });
  }
  return runs.map((run) => ({ text: run.text, font: run.face.font }));
}

export function widthOfRuns(runs: readonly TextRun<MeasurableFont>[], size: number): number {
  return runs.reduce((total, run) => total + run.font.widthOfTextAtSize(run.text, size), 0);
}

/**
 * Breaks one line of text into lines no wider than `width`: between words, and a word wider
 * than a line between its grapheme clusters, so nothing runs past the edge.
 */
export function wrapLine(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (measure(joined) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    if (measure(word) <= width) {
      line = word;
      continue;
    }
    for (const { segment } of graphemes.segment(word)) {
      if (line && measure(line + segment) > width) {
        lines.push(line);
        line = '';
      }
      line += segment;
    }
  }
  if (line) lines.push(line);
  return lines;
}
