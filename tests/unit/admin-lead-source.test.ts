import { describe, expect, it } from 'vitest';
import { OWNER_ADDED_SOURCE, leadKindBreakdown, sourceLabel, sourceName } from '../../src/lib/admin/leadSource';

describe('a lead source in words', () => {
  it('is source / medium · campaign', () => {
    expect(
      sourceLabel({ source: 'google', medium: 'cpc', campaign: 'diwali-offer', term: 'career', landingPage: '/' }),
    ).toBe('google / cpc · diwali-offer');
    expect(sourceLabel({ source: 'google', medium: 'cpc' })).toBe('google / cpc');
    expect(sourceLabel({ source: 'instagram' })).toBe('instagram');
  });
  it('is (direct) for a visit without a source, and nothing for a lead stored before sources were kept', () => {
    expect(sourceLabel({ landingPage: '/contact' })).toBe('(direct)');
    expect(sourceLabel({ campaign: 'x' })).toBe('(direct) · x');
    expect(sourceLabel(undefined)).toBeNull();
    expect(sourceLabel(null)).toBeNull();
  });
  it('is "Added by the owner" for a client the owner added through a payment request', () => {
    expect(sourceLabel({ source: OWNER_ADDED_SOURCE })).toBe('Added by the owner');
    expect(sourceName(OWNER_ADDED_SOURCE)).toBe('Added by the owner');
    expect(sourceName('instagram')).toBe('instagram');
    expect(sourceName('(direct)')).toBe('(direct)');
  });
});

describe('the kinds of leads of one source', () => {
  it('names each kind with its count, in a fixed order, leaving out the kinds without leads', () => {
    expect(leadKindBreakdown({ newsletter: 1, contact: 2, 'discovery-call': 3, 'resource-download': 0 })).toBe(
      'Discovery calls 3 · Contact messages 2 · Newsletter 1',
    );
    expect(leadKindBreakdown({})).toBe('');
  });
});
