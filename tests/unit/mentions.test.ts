import { describe, expect, test } from 'vitest';
import { mentionsOf } from '../../src/server/storage/mentions';

// How erasure finds a person's traces in stored text (docs/privacy.md, "Erasure"): their number in
// any spacing, with or without +91 or a trunk zero, but never inside a longer run of digits.

describe('mentionsOf', () => {
  const mentions = mentionsOf(['9845012345', 'asha@example.com', '8204195173719-5274491605']);

  test('a number however it is written, a mailbox, a record id', () => {
    for (const text of [
      '"to":"919845012345"',
      'Phone: +91 98450 12345',
      '098450-12345',
      'Asha@Example.com',
      'lead 8204195173719-5274491605',
    ])
      expect(mentions(text), text).toBe(true);
  });

  test("never inside another number, an id or a time: someone else's message stays", () => {
    for (const text of ['id 17959845012345000', 'at 2026-11-27T19:84:50.12345Z', '+44 98450123456', 'nothing here'])
      expect(mentions(text), text).toBe(false);
  });
});
