import { describe, expect, it } from 'vitest';
import { mailboxOf } from '../../src/lib/people/mailbox';

describe('mailboxOf', () => {
  it('reads case, +tags and Gmail dots as one mailbox', () => {
    const one = mailboxOf('victim@gmail.com');
    expect(one).toBe('victim@gmail.com');
    for (const variant of [
      'Victim@Gmail.com',
      'victim+1@gmail.com',
      'victim+2@gmail.com',
      'v.ictim@gmail.com',
      'v.i.c.t.i.m+x@googlemail.com',
      ' VICTIM@googlemail.com ',
    ]) {
      expect(mailboxOf(variant), variant).toBe(one);
    }
  });

  it('keeps dots outside Gmail, where they can name another mailbox', () => {
    expect(mailboxOf('a.sharma@example.in')).toBe('a.sharma@example.in');
    expect(mailboxOf('a.sharma@example.in')).not.toBe(mailboxOf('asharma@example.in'));
    expect(mailboxOf('A.Sharma+news@Example.IN')).toBe('a.sharma@example.in');
  });

  it('is null for what is not an address', () => {
    for (const bad of ['', null, undefined, 'no-at-sign', '@example.com', 'name@', '+tag@example.com'])
      expect(mailboxOf(bad)).toBeNull();
  });
});
