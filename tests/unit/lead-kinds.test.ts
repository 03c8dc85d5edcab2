import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type QueryClient as Client, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type FunctionComponent, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoLeads, demoPlan } from '../../netlify/local/demo/demoLeads';
import { business } from '../../src/lib/business';
import { formatCount } from '../../src/lib/format';
import {
  leadAnnouncements,
  leadNotificationKinds,
  recordKindNames,
  recordKinds,
  todoFactsOf,
  todoKinds,
} from '../../src/lib/leads/kinds';
import type { AdminStats } from '../../src/lib/schemas/adminApi';
import { adminKeys, statsQuery } from '../../src/islands/admin/api/queries';
import { PeopleView } from '../../src/islands/admin/views/PeopleView';
import { MoneyView } from '../../src/islands/admin/views/MoneyView';
import { kindViews } from '../../src/islands/admin/customers/kindViews';
import { StatTiles } from '../../src/islands/admin/StatTiles';
import { whatItIs } from '../../src/islands/admin/todo/TodoPanel';
import { markContacted } from '../../src/islands/admin/todo/todoApi';
import type { LeadEvent } from '../../src/server/leads/leadEvents';
import { ownerEmail, visitorEmail } from '../../src/server/messages';
import { hasVisitorConfirmation } from '../../src/server/messages/mail/visitor';

// A kind is declared in src/lib/leads/kinds.ts and src/server/leads/registry.ts, and every
// view of it follows (docs/architecture.md, "Lead kinds, declared once"). The type check
// refuses a kind without its entries; these make sure each place shows every kind.

const render = (client: Client, component: FunctionComponent) =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(component)));
const pluralOf = (kind: keyof typeof recordKinds) => recordKinds[kind].plural;

/** Every path a function answers (its config's `path`, one or a list). */
function servedPaths(): string[] {
  const folder = 'netlify/functions';
  return readdirSync(folder)
    .filter((file) => file.endsWith('.mts'))
    .flatMap((file) => {
      const declared = /\bpath:\s*(\[[^\]]*\]|'[^']*')/.exec(readFileSync(join(folder, file), 'utf8'))?.[1] ?? '';
      return [...declared.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
    });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('every kind of record', () => {
  it('has its stat tile, with its label and its count, before the blog, status and total tiles', () => {
    const keys = [
      ...recordKindNames.map(pluralOf),
      'blogPosts',
      'pending',
      'contacted',
      'completed',
      'cancelled',
      'totalRecords',
    ];
    const stats = Object.fromEntries(keys.map((key, index) => [key, 1000 + index])) as unknown as AdminStats;
    const client = new QueryClient();
    client.setQueryData(statsQuery().queryKey, stats);
    const tiles = [
      ...render(client, StatTiles).matchAll(/data-stat="([^"]+)"[^>]*><dt>([^<]+)<\/dt><dd>([^<]+)<\/dd>/g),
    ].map(([, key, label, count]) => ({ key, label, count }));
    const tile = (key: keyof AdminStats, label: string) => ({ key, label, count: formatCount(stats[key]) });
    expect(tiles).toEqual([
      ...recordKindNames.map((kind) => tile(pluralOf(kind), recordKinds[kind].label)),
      tile('blogPosts', 'Blog Posts'),
      tile('pending', 'Pending'),
      tile('contacted', 'Contacted'),
      tile('completed', 'Completed'),
      tile('totalRecords', 'Total Records'),
    ]);
  });

  it('has its list in the People view (payments in Money), with its title and empty state, in the declared order', () => {
    const client = new QueryClient();
    for (const kind of recordKindNames)
      client.setQueryData(adminKeys.leads(pluralOf(kind)), {
        pages: [{ items: [], nextCursor: null, total: 0 }],
        pageParams: [null],
      });
    const listsOf = (html: string) => [
      ...html.matchAll(
        /data-testid="list-([A-Za-z]+)"><header class="adm-panel-head"><h2 id="[^"]+">([^<]+)<\/h2>.*?<\/section>/g,
      ),
    ];
    const people = listsOf(render(client, () => PeopleView({ person: null })));
    const money = listsOf(render(client, MoneyView));
    const expected = (kinds: ReadonlyArray<keyof typeof recordKinds>) =>
      kinds.map((kind) => ({ plural: pluralOf(kind), title: kindViews[kind].list.title }));
    expect(people.map(([, plural, title]) => ({ plural, title }))).toEqual(
      expected(recordKindNames.filter((kind) => kind !== 'payment')),
    );
    expect(money.map(([, plural, title]) => ({ plural, title }))).toEqual(expected(['payment']));
    for (const [section, plural] of [...people, ...money]) {
      const kind = recordKindNames.find((name) => pluralOf(name) === plural)!;
      expect(section).toContain(kindViews[kind].list.empty.title);
    }
  });

  it('has a pill on person-search hits', () => {
    for (const kind of recordKindNames) expect(kindViews[kind].hit.label, kind).toMatch(/\S/);
    expect(kindViews.booking.hit.status?.('contacted')).toBe('Contacted');
  });

  it('is listed from a path a function answers', () => {
    const served = servedPaths();
    for (const kind of recordKindNames) expect(served, kind).toContain(recordKinds[kind].listPath);
  });

  it('has demo records in the seed (payments with their paid bookings), the mix of each kind in proportion to the bookings', () => {
    const plan = demoPlan(200, Date.UTC(2026, 10, 21), 7);
    expect(plan.leads).toMatchObject({ booking: 200, contact: 80, download: 60, subscriber: 50 });
    const made = new Set(
      demoLeads(plan).flatMap((lead) =>
        lead.kind === 'booking' && lead.data.payment ? [lead.kind, 'payment'] : [lead.kind],
      ),
    );
    expect([...made].sort()).toEqual([...recordKindNames].sort());
  });
});

describe('every kind on the to-do', () => {
  const { callbackAfterCallHours, responseHours } = business.promises;

  it("is named in its kind's words; a free call waiting on its call back by its own", () => {
    for (const kind of todoKinds) expect(whatItIs({ kind, promiseHours: responseHours })).toBe(todoFactsOf(kind).label);
    expect(whatItIs({ kind: 'booking', promiseHours: callbackAfterCallHours })).toBe('Free discovery call');
    expect(whatItIs({ kind: 'booking', promiseHours: responseHours })).toBe('Booking');
    expect(whatItIs({ kind: 'contact', promiseHours: callbackAfterCallHours })).toBe('Contact message');
    expect(whatItIs({ kind: 'corporateEnquiry', promiseHours: responseHours })).toBe('Corporate enquiry');
  });

  it('is marked contacted at a status path a function answers', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      calls.push(`${init.method} ${path} ${String(init.body)}`);
      return new Response(JSON.stringify({ id: 'lead/1', status: 'contacted' }), {
        status: 200,
        headers: { etag: '"v2"' },
      });
    });
    for (const kind of todoKinds)
      await markContacted(new QueryClient(), {
        kind,
        id: 'lead/1',
        overdue: false,
        records: [{ kind, id: 'lead/1', createdAt: '', dueAt: '', promiseHours: 0 }],
      });
    expect(calls).toEqual(
      todoKinds.map((kind) => `PATCH ${todoFactsOf(kind).statusPath}/lead%2F1/status {"status":"contacted"}`),
    );
    const served = servedPaths();
    for (const kind of todoKinds) expect(served, kind).toContain(`${todoFactsOf(kind).statusPath}/:id/status`);
  });
});

describe('every lead notification kind', () => {
  const SITE = 'https://cccedu.example';
  const event = (kind: LeadEvent['kind']): LeadEvent => ({
    kind,
    leadId: '8204626134447-e79ff34b0c',
    at: '2026-11-23T04:30:00.000Z',
    person: { name: 'Asha Rao', phone: '98450 11111', email: 'asha@example.com' },
    choice: 'Ascend Plus',
    details: [],
    attribution: null,
    download: { resourceId: 'career-guide', title: 'Career guide' },
  });

  it("opens the owner's subject with its headline, and names the choice where its wording says so", () => {
    const subjects = Object.fromEntries(
      leadNotificationKinds.map((kind) => [kind, ownerEmail(event(kind), SITE).subject]),
    );
    for (const kind of leadNotificationKinds)
      expect(subjects[kind]!.startsWith(`${leadAnnouncements[kind].headline}: `), kind).toBe(true);
    expect(subjects).toMatchObject({
      'discovery-call': 'New discovery call request: Asha Rao',
      'package-booking': 'New package booking: Ascend Plus (Asha Rao)',
      contact: 'New contact message: Asha Rao',
      'resource-download': 'New resource download: Ascend Plus (Asha Rao)',
      newsletter: 'New newsletter subscriber: Asha Rao',
      'corporate-enquiry': 'New corporate enquiry: Ascend Plus (Asha Rao)',
    });
  });

  it('confirms to the visitor where its wording has a confirmation: a contact, a download, a corporate enquiry', () => {
    const confirmed = Object.fromEntries(
      leadNotificationKinds.map((kind) => [
        kind,
        hasVisitorConfirmation(event(kind)) && visitorEmail(event(kind), SITE) !== null,
      ]),
    );
    expect(confirmed).toMatchObject({
      'discovery-call': false,
      'package-booking': false,
      contact: true,
      'resource-download': true,
      newsletter: false,
      'corporate-enquiry': true,
    });
    expect(visitorEmail(event('corporate-enquiry'), SITE)?.subject).toBe(`We received your enquiry: ${business.brand}`);
  });
});
