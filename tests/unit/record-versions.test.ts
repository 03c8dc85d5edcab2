import { describe, expect, it } from 'vitest';
import { contentEtag, ifMatchOf, satisfiesIfMatch } from '../../src/server/http/versions';

const withIfMatch = (value?: string) =>
  new Request('http://localhost/api/bookings/x', { headers: value === undefined ? {} : { 'if-match': value } });

describe('record versions', () => {
  it('an ETag is a quoted hash of the content: equal content, equal tag', () => {
    const tag = contentEtag({ id: 'a', status: 'pending' });
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(contentEtag({ id: 'a', status: 'pending' })).toBe(tag);
    expect(contentEtag({ id: 'a', status: 'contacted' })).not.toBe(tag);
  });

  it('If-Match: absent means no precondition; a list, * and weak tags are read as RFC 9110 says', () => {
    const tag = contentEtag({ n: 1 });
    expect(ifMatchOf(withIfMatch())).toBeNull();
    expect(satisfiesIfMatch(ifMatchOf(withIfMatch()), tag)).toBe(true);
    expect(satisfiesIfMatch(ifMatchOf(withIfMatch(tag)), tag)).toBe(true);
    expect(satisfiesIfMatch(ifMatchOf(withIfMatch(`"other", ${tag}`)), tag)).toBe(true);
    expect(satisfiesIfMatch(ifMatchOf(withIfMatch('*')), tag)).toBe(true);
    expect(satisfiesIfMatch(ifMatchOf(withIfMatch(`W/${tag}`)), tag)).toBe(false);
    expect(satisfiesIfMatch(ifMatchOf(withIfMatch('"other"')), tag)).toBe(false);
    expect(satisfiesIfMatch(ifMatchOf(withIfMatch('')), tag)).toBe(false);
  });
});
