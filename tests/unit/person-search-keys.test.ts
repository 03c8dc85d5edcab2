import { describe, expect, it } from 'vitest';
import {
  emailKey,
  encodeWord,
  entryOfKey,
  nameWords,
  mailboxKey,
  personIndexKeys,
  phoneKey,
  planSearch,
  samePerson,
} from '../../src/server/indexes/search/personKeys';

const id = '8200000000000-0a1b2c3d4e';

describe('phone numbers', () => {
  it('are their last 10 digits whatever the formatting', () => {
    for (const phone of ['+91 98765 43210', '098765-43210', '9876543210', '(98765) 43210', '91-9876543210'])
      expect(phoneKey(phone)).toBe('9876543210');
    expect(phoneKey('98765')).toBeNull();
    expect(phoneKey(null)).toBeNull();
  });
});

describe('e-mails', () => {
  it('compare without case or surrounding space, and need an @', () => {
    expect(emailKey(' Priya.Raman@Example.IN ')).toBe(emailKey('priya.raman@example.in'));
    expect(emailKey('priya@example.in')).not.toBe(emailKey('priya.raman@example.in'));
    expect(emailKey('no-at-sign')).toBeNull();
    expect(emailKey('a@b.in')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('names', () => {
  it('split into lower-case words without accents', () => {
    expect(nameWords('  Priya  RAMAN ')).toEqual(['priya', 'raman']);
    expect(nameWords('José Fernandes-D’Souza')).toEqual(['jose', 'fernandes', 'd', 'souza']);
    expect(nameWords('Dr. K. Rao, Rao')).toEqual(['dr', 'k', 'rao']);
    expect(nameWords('अनन्या शर्मा')).toEqual(['अनन्या', 'शर्मा']);
  });

  it('encode as key-safe segments that keep "starts with"', () => {
    expect(encodeWord('priya')).toBe('priya');
    const whole = encodeWord('अनन्या');
    expect(whole).toMatch(/^[a-z0-9_]+$/);
    expect(whole.startsWith(encodeWord('अनन्'))).toBe(true);
  });
});

describe('index keys', () => {
  it('name every phone, e-mail and name word of a record under nested folders', () => {
    expect(personIndexKeys({ name: 'Priya Raman', phone: '+91 98765 43210', email: 'P@x.in' }, 'booking', id)).toEqual([
      `phone/987/654/3210/${id}_booking`,
      `email/${emailKey('p@x.in')!.slice(0, 2)}/${emailKey('p@x.in')}/${id}_booking`,
      `mailbox/${mailboxKey('p@x.in')!.slice(0, 2)}/${mailboxKey('p@x.in')}/${id}_booking`,
      `name/pr/priya/${id}_booking`,
      `name/ra/raman/${id}_booking`,
    ]);
    expect(personIndexKeys({ email: 'p@x.in' }, 'subscriber', id)).toHaveLength(2);
    expect(personIndexKeys({ name: 'K' }, 'contact', id)).toEqual([`name/k/${id}_contact`]);
  });

  it('round-trip to the record they point at', () => {
    for (const key of personIndexKeys({ name: 'Priya', phone: '9876543210' }, 'download', id))
      expect(entryOfKey(key)).toEqual({ type: 'download', id });
    expect(entryOfKey('name/pr/priya/not-an-entry')).toBeNull();
  });

  it('tell whether an edit changed the person', () => {
    expect(
      samePerson({ name: 'Priya Raman', phone: '98765 43210' }, { name: 'priya  raman', phone: '+91 9876543210' }),
    ).toBe(true);
    expect(samePerson({ name: 'Priya Raman' }, { name: 'Priya Nair' })).toBe(false);
  });
});

describe('what a query means', () => {
  it('an @ makes a lookup of the mailbox (and of the address as typed, for records indexed before mailboxes)', () => {
    const plan = planSearch(' P.RIYA+jobs@Gmail.com ');
    expect(plan.matchedBy).toBe('email');
    expect(mailboxKey('P.RIYA+jobs@Gmail.com')).toBe(mailboxKey('priya@googlemail.com'));
    expect(plan.prefixes).toEqual([
      `mailbox/${mailboxKey('priya@gmail.com')!.slice(0, 2)}/${mailboxKey('priya@gmail.com')}/`,
      `email/${emailKey('p.riya+jobs@gmail.com')!.slice(0, 2)}/${emailKey('p.riya+jobs@gmail.com')}/`,
    ]);
    expect(plan.matches({ email: 'priya@gmail.com' })).toBe(true);
    expect(plan.matches({ email: 'Pri.ya@googlemail.com' })).toBe(true);
    expect(plan.matches({ email: 'priya2@gmail.com' })).toBe(false);
    expect(planSearch('priya@x.in').matches({ email: 'priya+a@X.IN' })).toBe(true);
    expect(planSearch('priya@x.in').matches({ email: 'p.riya@x.in' })).toBe(false);
  });

  it('digits make a phone lookup: 10 or more is one number, fewer is its start', () => {
    const whole = planSearch('+91 98765-43210');
    expect(whole).toMatchObject({ matchedBy: 'phone', prefixes: ['phone/987/654/3210/'] });
    expect(whole.matches({ phone: '09876543210' })).toBe(true);
    expect(whole.matches({ phone: '9876543211' })).toBe(false);
    const start = planSearch('98765');
    expect(start.prefixes).toEqual(['phone/987/65']);
    expect(start.matches({ phone: '98765 00000' })).toBe(true);
    expect(start.matches({ phone: '99765 00000' })).toBe(false);
    expect(planSearch('+91 98765').prefixes).toEqual(['phone/987/65']);
    expect(planSearch('098').prefixes).toEqual(['phone/98']);
  });

  it('anything else is the start of name words, looked up by the longest', () => {
    const plan = planSearch('Pri Raman');
    expect(plan).toMatchObject({ matchedBy: 'name', prefixes: ['name/ra/raman'] });
    expect(plan.matches({ name: 'Priya Raman' })).toBe(true);
    expect(plan.matches({ name: 'Raman Priyadarshi' })).toBe(true);
    expect(plan.matches({ name: 'Priya Nair' })).toBe(false);
    expect(plan.matches({ name: null })).toBe(false);
    expect(planSearch('Zoë').prefixes).toEqual(['name/zo/zoe']);
    expect(planSearch('!!').prefixes).toEqual([]);
  });
});
