import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributionFromLanding, attributionLimits } from '../../src/lib/attribution/landing';
import { rememberLanding } from '../../src/lib/attribution/rememberLanding';
import { VISIT_KEY, visitAttribution } from '../../src/lib/attribution/visit';
import { attributionSchema } from '../../src/lib/schemas/attribution';

const SITE = 'https://ccc-edu.netlify.app';

/** sessionStorage as the browser keeps it: strings by key. */
class TabStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

describe('attribution from the landing page', () => {
  it('reads the utm_* parameters and keeps only them in the landing page', () => {
    const landing = `${SITE}/how-it-works?utm_source=google&utm_medium=cpc&utm_campaign=class-10-streams&utm_term=career+counselling&utm_content=ad-2&email=asha%40example.com&phone=9876543210#pricing`;
    expect(attributionFromLanding(landing, '')).toEqual({
      source: 'google',
      medium: 'cpc',
      campaign: 'class-10-streams',
      term: 'career counselling',
      content: 'ad-2',
      landingPage:
        '/how-it-works?utm_source=google&utm_medium=cpc&utm_campaign=class-10-streams&utm_term=career+counselling&utm_content=ad-2',
    });
  });

  it('is only the landing path for a direct visit', () => {
    expect(attributionFromLanding(`${SITE}/contact?name=Asha`, '')).toEqual({ landingPage: '/contact' });
  });

  it('ignores a referrer on the site itself, with or without www', () => {
    for (const referrer of [
      `${SITE}/blogs-resources`,
      'https://www.ccc-edu.netlify.app/',
      'https://CCC-EDU.netlify.app/x',
    ]) {
      expect(attributionFromLanding(`${SITE}/contact`, referrer)).toEqual({ landingPage: '/contact' });
    }
  });

  it('keeps another site that sent the visitor, without its query, and names it as the source when no utm_source says otherwise', () => {
    expect(attributionFromLanding(`${SITE}/`, 'https://www.google.com/search?q=asha+rao+phone')).toEqual({
      source: 'google.com',
      medium: 'referral',
      referrer: 'https://www.google.com/search',
      landingPage: '/',
    });
    expect(
      attributionFromLanding(`${SITE}/?utm_source=newsletter&utm_medium=email`, 'https://mail.example.com/inbox?id=7'),
    ).toEqual({
      source: 'newsletter',
      medium: 'email',
      referrer: 'https://mail.example.com/inbox',
      landingPage: '/?utm_source=newsletter&utm_medium=email',
    });
  });

  it('ignores a referrer that is not an address', () => {
    expect(attributionFromLanding(`${SITE}/`, 'not a url')).toEqual({ landingPage: '/' });
  });

  it('cuts over-long values to the bounds of the schema, never sending one the server would refuse', () => {
    const long = 'x'.repeat(1_000);
    const attribution = attributionFromLanding(
      `${SITE}/${'p'.repeat(600)}?utm_source=${long}&utm_campaign=%20%20spaced%20%20`,
      `https://example.org/${long}`,
    );
    expect(attribution.source).toHaveLength(200);
    expect(attribution.campaign).toBe('spaced');
    expect(attribution.referrer).toHaveLength(500);
    expect(attribution.landingPage).toHaveLength(500);
    expect(attributionSchema.safeParse(attribution).success).toBe(true);
  });

  it('uses the same bounds as attributionSchema', () => {
    for (const [field, limit] of Object.entries(attributionLimits)) {
      expect(attributionSchema.safeParse({ [field]: 'a'.repeat(limit) }).success, field).toBe(true);
      expect(attributionSchema.safeParse({ [field]: 'a'.repeat(limit + 1) }).success, field).toBe(false);
    }
  });

  it('always gives a value the server accepts, whatever the address and referrer', () => {
    const parameter = fc.constantFrom(
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'gclid',
      'email',
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(parameter, fc.string({ maxLength: 400 }))),
        fc.webPath(),
        fc.oneof(fc.constant(''), fc.webUrl(), fc.string()),
        (params, path, referrer) => {
          const landing = new URL(`${SITE}/${path.replace(/^\/+/, '')}`);
          for (const [name, value] of params) landing.searchParams.append(name, value);
          const attribution = attributionFromLanding(landing.href, referrer);
          expect(attributionSchema.safeParse(attribution).success).toBe(true);
          expect(attribution.landingPage ?? '').not.toMatch(/email=|gclid=/);
        },
      ),
    );
  });
});

describe('the visit kept in the tab', () => {
  const view = (storage: Storage, href: string, referrer = '') =>
    rememberLanding({ storage: () => storage, href, referrer });

  it('keeps the first landing of the visit: later page views do not replace it', () => {
    const tab = new TabStorage();
    view(
      tab,
      `${SITE}/blogs-resources?utm_source=instagram&utm_medium=social&utm_campaign=diwali`,
      'https://l.instagram.com/',
    );
    view(tab, `${SITE}/contact`, `${SITE}/blogs-resources`);
    view(tab, `${SITE}/?utm_source=google`, 'https://www.google.com/');
    expect(visitAttribution(() => tab)).toEqual({
      source: 'instagram',
      medium: 'social',
      campaign: 'diwali',
      referrer: 'https://l.instagram.com/',
      landingPage: '/blogs-resources?utm_source=instagram&utm_medium=social&utm_campaign=diwali',
    });
  });

  it('keeps it under the key the forms read', () => {
    const tab = new TabStorage();
    view(tab, `${SITE}/`);
    expect(JSON.parse(tab.getItem(VISIT_KEY) ?? 'null')).toEqual({ href: `${SITE}/`, referrer: '' });
  });

  it('sends nothing, and breaks nothing, when storage is blocked, empty or holds something else', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(() => rememberLanding({ storage: blocked, href: `${SITE}/`, referrer: '' })).not.toThrow();
    expect(visitAttribution(blocked)).toBeUndefined();
    const tab = new TabStorage();
    expect(visitAttribution(() => tab)).toBeUndefined();
    for (const stored of ['{not json', '"a string"', '{"source":"google"}', '{"href":"not a url","referrer":""}']) {
      tab.setItem(VISIT_KEY, stored);
      expect(
        visitAttribution(() => tab),
        stored,
      ).toBeUndefined();
    }
  });
});
