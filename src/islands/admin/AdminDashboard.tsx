import { QueryClientProvider } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { BlogPosts } from './blog/BlogPosts';
import { ClientsPanel } from './clients/ClientsPanel';
import { CustomerData } from './customers/CustomerData';
import { DashboardHeader } from './DashboardHeader';
import { SchedulePanel } from './schedule/SchedulePanel';
import { PrivacyPanel } from './privacy/PrivacyPanel';
import { UpcomingCalls } from './schedule/UpcomingCalls';
import type { AdminStats } from '../../lib/schemas/adminApi';
import { adminKeys } from './api/queries';
import { createAdminQueryClient } from './queryClient';
import { sessionExpired } from './sessionExpiry';
import { StatTiles } from './StatTiles';
import { useHashTab } from './useHashTab';
import './dashboard.css';

const tabs = [
  { id: 'customers', label: 'Customer Data' },
  { id: 'blog', label: 'Blog Management' },
  { id: 'clients', label: 'Clients' },
  { id: 'schedule', label: 'Schedule' },
  { id: 'privacy', label: 'Privacy' },
] as const;
type TabId = (typeof tabs)[number]['id'];
const tabIds = tabs.map((tab) => tab.id);

/**
 * The owner's dashboard at /admin/bookings: the only page that loads this island.
 * Its modules are imported statically on purpose: a dynamic import() would make the
 * island share Vite's preload helper with the public islands and re-split their chunks,
 * adding bytes to every public page's first view.
 */
export default function AdminDashboard({ brand, initialStats }: { brand: string; initialStats: AdminStats | null }) {
  const [client] = useState(() => {
    const created = createAdminQueryClient(sessionExpired);
    // Read by the page on the server: the tiles need no request before first paint.
    if (initialStats) created.setQueryData(adminKeys.stats(), initialStats);
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      <DashboardHeader brand={brand} />
      <div className="adm-page">
        <div className="adm-title">
          <h1>Dashboard</h1>
          <p>Every lead, booking and post of {brand}, newest first. Times are IST.</p>
        </div>
        <StatTiles />
        <UpcomingCalls />
        <DashboardTabs />
      </div>
    </QueryClientProvider>
  );
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between them; the choice is kept in the URL hash.
 * They are links to that hash, so a tap before the island has hydrated still picks the tab.
 */
function DashboardTabs() {
  const [current, choose] = useHashTab<TabId>(tabIds, 'customers');
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});
  // The blog list is read only once its tab has been opened.
  const [blogSeen, setBlogSeen] = useState(false);
  if (current === 'blog' && !blogSeen) setBlogSeen(true);

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    choose(next.id);
    refs.current[next.id]?.focus();
  };

  return (
    <div className="adm-tabs">
      <div role="tablist" aria-label="Dashboard sections" className="adm-tablist">
        {tabs.map((tab, index) => (
          <a
            key={tab.id}
            ref={(node) => {
              refs.current[tab.id] = node;
            }}
            href={`#${tab.id}`}
            role="tab"
            id={`tab-${tab.id}`}
            aria-controls={`panel-${tab.id}`}
            aria-selected={current === tab.id}
            tabIndex={current === tab.id ? 0 : -1}
            className="adm-tab"
            onClick={(event) => {
              event.preventDefault();
              choose(tab.id);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </a>
        ))}
      </div>
      <div
        role="tabpanel"
        id="panel-customers"
        aria-labelledby="tab-customers"
        hidden={current !== 'customers'}
        className="adm-tabpanel"
      >
        <CustomerData />
      </div>
      <div
        role="tabpanel"
        id="panel-blog"
        aria-labelledby="tab-blog"
        hidden={current !== 'blog'}
        className="adm-tabpanel"
      >
        {blogSeen || current === 'blog' ? <BlogPosts /> : null}
      </div>
      <div
        role="tabpanel"
        id="panel-clients"
        aria-labelledby="tab-clients"
        hidden={current !== 'clients'}
        className="adm-tabpanel"
      >
        {current === 'clients' ? <ClientsPanel /> : null}
      </div>
      <div
        role="tabpanel"
        id="panel-schedule"
        aria-labelledby="tab-schedule"
        hidden={current !== 'schedule'}
        className="adm-tabpanel"
      >
        {current === 'schedule' ? <SchedulePanel /> : null}
      </div>
      <div
        role="tabpanel"
        id="panel-privacy"
        aria-labelledby="tab-privacy"
        hidden={current !== 'privacy'}
        className="adm-tabpanel"
      >
        {current === 'privacy' ? <PrivacyPanel /> : null}
      </div>
    </div>
  );
}
