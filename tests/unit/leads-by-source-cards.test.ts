import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SourceCards } from '../../src/islands/admin/customers/SourceCards';
import { OWNER_ADDED_SOURCE } from '../../src/lib/admin/leadSource';
import type { SourceConversionRow } from '../../src/lib/schemas/notifications';

const row = (source: string, medium: string | null, figures: Partial<SourceConversionRow>): SourceConversionRow => ({
  source,
  medium,
  byKind: {},
  leads: 0,
  payingClients: 0,
  revenue: 0,
  refunded: 0,
  conversionRate: null,
  callsBooked: 0,
  callsHeld: 0,
  callsNoShow: 0,
  noShowRate: null,
  remindersSent: 0,
  remindersRead: 0,
  reminderReadRate: null,
  ...figures,
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe("'Leads by source' on a phone", () => {
  const rows = [
    row('instagram', 'social', {
      leads: 2,
      payingClients: 2,
      revenue: 22599,
      conversionRate: 100,
      byKind: { contact: 1, 'package-booking': 1 },
    }),
    row(OWNER_ADDED_SOURCE, null, {
      leads: 2,
      payingClients: 1,
      revenue: 15000,
      refunded: 500,
      conversionRate: 50,
      byKind: { 'package-booking': 2 },
    }),
    // A client whose lead came before the period: no leads in it, no rate.
    row('google', 'cpc', { payingClients: 1, revenue: 9000 }),
  ];
  const html = renderToStaticMarkup(createElement(SourceCards, { rows, days: 30 }));
  const cards = html
    .split('<li')
    .slice(1)
    .map((card) => text(`<li${card}`));

  it('is one card a source: its name, leads, paying clients, conversion and revenue', () => {
    expect(cards).toHaveLength(3);
    expect(cards[0]).toBe(
      'instagram / social Leads 2 Paying clients 2 Conversion 100% Revenue ₹22,599 Package bookings 1 · Contact messages 1',
    );
  });

  it("names the owner's own clients in words, with refunds beside the revenue", () => {
    expect(cards[1]).toContain('Added by the owner');
    expect(cards[1]).not.toContain(OWNER_ADDED_SOURCE);
    expect(cards[1]).toContain('Revenue ₹15,000 ₹500 refunded');
    expect(cards[1]).toContain('Package bookings 2');
  });

  it('says so when a source brought a payment but no lead in the period', () => {
    expect(cards[2]).toBe('google / cpc Leads 0 Paying clients 1 Conversion – Revenue ₹9,000 No leads in this period');
  });

  it('shows the cards instead of the table when the panel is narrow (a container query)', () => {
    const css = readFileSync('src/islands/admin/customers/conversions.css', 'utf8');
    const narrow = /@container \(max-width: 44rem\) \{([^}]*\}[^}]*)\}/.exec(css)?.[1] ?? '';
    expect(narrow).toMatch(/\.adm-table-scroll \{\s*display: none;/);
    expect(narrow).toMatch(/\.adm-source-cards \{\s*display: grid;/);
  });
});
