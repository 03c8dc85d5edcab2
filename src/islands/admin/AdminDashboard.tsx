import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { BlogPosts } from './blog/BlogPosts';
import { DashboardHeader } from './DashboardHeader';
import type { AdminStats } from '../../lib/schemas/adminApi';
import type { TodoAnswer } from '../../lib/schemas/todo';
import { TODO_SHOWN_AT_FIRST } from '../../lib/admin/todoView';
import { adminKeys } from './api/queries';
import { createAdminQueryClient } from './queryClient';
import { sessionExpired } from './sessionExpiry';
import { type AdminView, adminViews, useAdminRoute } from './adminRoute';
import { AdminNav } from './AdminNav';
import { AdminToasts } from './AdminToasts';
import { todoQuery } from './todo/todoApi';
import { ViewHeading } from './views/ViewHeading';
import { TodayView } from './views/TodayView';
import { PeopleView } from './views/PeopleView';
import { CalendarView } from './views/CalendarView';
import { MoneyView } from './views/MoneyView';
import { SettingsView } from './views/SettingsView';
import './dashboard.css';
import './views/views.css';

const todayLine = () =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(),
  );

const notes: Record<AdminView, string> = {
  today: 'What is due, who is coming, what came in. Times are IST.',
  people: 'Everyone who asked, wrote, downloaded or paid: one person, one thread.',
  calendar: 'Calls and sessions of the week, clients’ packages and your hours.',
  money: 'Payments, payment links, invoices, refunds, and where paying clients come from.',
  blog: 'Posts from the repository and those written here.',
  settings: 'Notifications, privacy requests and how you sign in.',
};

/**
 * The owner's dashboard at /admin/bookings: the only page that loads this island. Views are
 * URLs (docs/admin.md, "Views"): Today first. Its modules are imported statically on purpose:
 * a dynamic import() would make the island share Vite's preload helper with the public
 * islands and re-split their chunks, adding bytes to every public page's first view.
 */
export default function AdminDashboard({
  brand,
  initialStats,
  initialTodo,
}: {
  brand: string;
  initialStats: AdminStats | null;
  initialTodo: TodoAnswer | null;
}) {
  const [client] = useState(() => {
    const created = createAdminQueryClient(sessionExpired);
    // Read by the page on the server: the tiles and Today's to-do need no request before first paint.
    if (initialStats) created.setQueryData(adminKeys.stats(), initialStats);
    if (initialTodo) created.setQueryData(todoQuery(TODO_SHOWN_AT_FIRST).queryKey, initialTodo);
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      <Shell brand={brand} />
    </QueryClientProvider>
  );
}

function Shell({ brand }: { brand: string }) {
  const { view, detail } = useAdminRoute();
  const todo = useQuery(todoQuery(TODO_SHOWN_AT_FIRST));
  // The heading takes the focus once the owner has moved to another view, never on the first paint.
  const routeKey = `${view}/${detail ?? ''}`;
  const [navigated, setNavigated] = useState(false);
  const lastRoute = useRef(routeKey);
  useEffect(() => {
    if (lastRoute.current === routeKey) return;
    lastRoute.current = routeKey;
    setNavigated(true);
  }, [routeKey]);
  const title = view === 'people' && detail ? 'Person' : adminViews.find((item) => item.id === view)!.label;
  return (
    <div className="adm-shell">
      <DashboardHeader brand={brand} />
      <AdminNav current={view} badges={{ today: todo.data?.overdue ?? 0 }} />
      <div className="adm-main" data-view={view} data-testid="admin-view">
        <div className="adm-page">
          <ViewHeading key={routeKey} title={title} focus={navigated}>
            {view === 'today' ? (
              <>
                {todayLine()}. <span className="adm-title-more">{notes.today}</span>
              </>
            ) : detail ? null : (
              notes[view]
            )}
          </ViewHeading>
          {view === 'today' ? <TodayView /> : null}
          {view === 'people' ? <PeopleView person={detail} /> : null}
          {view === 'calendar' ? <CalendarView /> : null}
          {view === 'money' ? <MoneyView /> : null}
          {view === 'blog' ? <BlogPosts /> : null}
          {view === 'settings' ? <SettingsView /> : null}
        </div>
      </div>
      <AdminToasts />
    </div>
  );
}
