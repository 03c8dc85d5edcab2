import { createHash } from 'node:crypto';
import { mailboxOf } from '../../../lib/people/mailbox';
import { type SearchRecordType, searchRecordTypes } from '../../../lib/schemas/adminApi';

// How the admin finds a person
// (docs/decisions/0025-person-search-index-and-write-time-stats.md): every record writes
// small index keys for its phone number, e-mail and each word of its name; a search lists
// one key prefix. Pure: the same functions make the keys at write time and the prefix at
// search time.

/** Who a record is about, in whatever shape each collection stores it. */
export interface Person {
  name?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
}

export const PHONE_DIGITS = 10;

/**
 * A phone number as its last 10 digits: "+91 98765 43210", "098765-43210" and
 * "9876543210" are one number. Null when there are fewer than 10 digits.
 */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= PHONE_DIGITS ? digits.slice(-PHONE_DIGITS) : null;
}

/** The mailbox an address delivers to, hashed (decision 34's rule: `A.B+x@gmail.com` is `ab@gmail.com`). */
export function mailboxKey(email: string | null | undefined): string | null {
  const mailbox = mailboxOf(email);
  return mailbox ? createHash('sha256').update(mailbox).digest('hex').slice(0, 32) : null;
}

export function emailKey(email: string | null | undefined): string | null {
  const normalised = (email ?? '').trim().toLowerCase();
  if (!normalised.includes('@')) return null;
  // Hashed: an address may hold characters a blob key should not; equality is all we need.
  return createHash('sha256').update(normalised).digest('hex').slice(0, 32);
}

/**
 * The words of a name as they are compared: lower case, accents dropped ("José" is
 * "jose"), split at anything that is not a letter or digit. Marks of other scripts
 * (Devanagari vowel signs) are letters' parts and stay.
 */
export function nameWords(name: string | null | undefined): string[] {
  const plain = (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const words = plain.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
  return [...new Set(words)];
}

/**
 * A word as a key segment: a-z and 0-9 as they are, any other character as `_` and its
 * UTF-8 bytes in hex. Encoding character by character keeps "starts with" intact.
 */
export function encodeWord(word: string): string {
  let out = '';
  for (const char of word) out += /[a-z0-9]/.test(char) ? char : `_${Buffer.from(char, 'utf8').toString('hex')}`;
  return out;
}

// Keys nest in short folders (phone 3/3/4 digits, e-mail hash 2/30, name 2 letters then
// the word) so one folder never holds every person: a prefix listing walks only the
// folders on its path (the local Blobs server reads every entry of each one it walks).
function phonePath(digits: string): string {
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter(Boolean).join('/');
}
const emailPath = (hash: string) => `${hash.slice(0, 2)}/${hash}`;
// A word's part is cut (the query's word is cut the same way, so a start still matches):
// a long word of non-Latin letters, 7 characters each once encoded, stays one key part.
const MAX_WORD_PART = 120;
function wordPath(word: string): string {
  const encoded = word.slice(0, MAX_WORD_PART);
  return encoded.length < 2 ? encoded : `${encoded.slice(0, 2)}/${encoded}`;
}

const entryName = (type: SearchRecordType, id: string) => `${id}_${type}`;

/** Every index key of one record. */
export function personIndexKeys(person: Person, type: SearchRecordType, id: string): string[] {
  const keys: string[] = [];
  const phone = phoneKey(person.phone);
  if (phone) keys.push(`phone/${phonePath(phone)}/${entryName(type, id)}`);
  const email = emailKey(person.email);
  if (email) keys.push(`email/${emailPath(email)}/${entryName(type, id)}`);
  const mailbox = mailboxKey(person.email);
  if (mailbox) keys.push(`mailbox/${emailPath(mailbox)}/${entryName(type, id)}`);
  for (const word of nameWords(person.name)) keys.push(`name/${wordPath(encodeWord(word))}/${entryName(type, id)}`);
  return keys;
}

export interface IndexEntry {
  type: SearchRecordType;
  id: string;
}

const entryPattern = new RegExp(`/(\\d{13}-[0-9a-f]{10})_(${searchRecordTypes.join('|')})$`);

export function entryOfKey(key: string): IndexEntry | null {
  const match = entryPattern.exec(key);
  return match ? { id: match[1]!, type: match[2] as SearchRecordType } : null;
}

export function samePerson(a: Person, b: Person): boolean {
  const keysOf = (person: Person) => personIndexKeys(person, 'booking', '0000000000000-0000000000').join('\n');
  return keysOf(a) === keysOf(b);
}

export interface SearchPlan {
  matchedBy: 'phone' | 'email' | 'name';
  /** The index prefixes to list; none when the query cannot match anything. */
  prefixes: string[];
  /** Whether a record's person really matches (index entries can be stale after an edit). */
  matches(person: Person): boolean;
}

const phoneQuery = /^\+?[\d\s().-]+$/;

/**
 * What a query means: an e-mail (has @), a phone number (only digits and phone
 * punctuation; 10+ digits is one number, fewer is the start of one), else the start of
 * a name, each word matching the start of a word of the name ("pri ram" finds Priya Raman).
 */
export function planSearch(query: string): SearchPlan {
  const q = query.trim();
  if (q.includes('@')) {
    // By mailbox, so every way of writing one inbox finds it; and by the address as typed, for
    // records indexed before mailbox keys were written (the recount adds theirs).
    const mailbox = mailboxOf(q);
    const [byMailbox, byAddress] = [mailboxKey(q), emailKey(q)];
    return {
      matchedBy: 'email',
      prefixes: byMailbox && byAddress ? [`mailbox/${emailPath(byMailbox)}/`, `email/${emailPath(byAddress)}/`] : [],
      matches: (person) => mailbox !== null && mailboxOf(person.email) === mailbox,
    };
  }
  if (phoneQuery.test(q)) {
    const digits = q.replace(/\D/g, '');
    const whole = phoneKey(digits);
    // A partial number typed with its country code or trunk zero still means the mobile.
    const start = whole ?? (q.startsWith('+') && digits.startsWith('91') ? digits.slice(2) : digits.replace(/^0+/, ''));
    return {
      matchedBy: 'phone',
      prefixes: start ? [`phone/${phonePath(start)}${whole ? '/' : ''}`] : [],
      matches: (person) => {
        const phone = phoneKey(person.phone);
        return phone !== null && (whole ? phone === whole : phone.startsWith(start));
      },
    };
  }
  const words = nameWords(q);
  const longest = [...words].sort((a, b) => b.length - a.length)[0];
  return {
    matchedBy: 'name',
    prefixes: longest ? [`name/${wordPath(encodeWord(longest))}`] : [],
    matches: (person) => {
      const own = nameWords(person.name);
      return words.length > 0 && words.every((word) => own.some((candidate) => candidate.startsWith(word)));
    },
  };
}
