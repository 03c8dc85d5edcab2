// A person's name may hold letters, spaces and . ' - only, so tests that need many distinct
// people write their counter or marker in letters: "Lead ${lettersOf(7)}" rather than "Lead 7".

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A whole number n >= 0 written in the letters a-z, bijectively (0 -> "a", 25 -> "z",
 * 26 -> "aa", 27 -> "ab", ...): distinct numbers give distinct words, never an empty one.
 */
export function lettersOf(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`lettersOf takes a whole number from 0, not ${n}`);
  let word = '';
  let rest = n + 1;
  while (rest > 0) {
    rest -= 1;
    word = ALPHABET[rest % 26] + word;
    rest = Math.floor(rest / 26);
  }
  return word;
}

let issued = 0;

/**
 * "prefix word" where word is a marker in letters made of the clock, a random part and a counter
 * within this process: unique across runs and within one, so a test can find its own record by
 * name among those of earlier runs.
 */
export function uniqueName(prefix: string): string {
  issued += 1;
  // The clock's word has one length for centuries and the random part is always four letters,
  // so the three parts never run into each other and two markers differ where their parts do.
  const random = Array.from({ length: 4 }, () => ALPHABET[Math.floor(Math.random() * 26)]).join('');
  return `${prefix} ${lettersOf(Date.now())}${random}${lettersOf(issued)}`;
}
