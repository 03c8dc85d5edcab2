import { type AdminView, adminViews, viewHref } from './adminRoute';

// The admin's areas: a bar at the bottom of a phone, in reach of a thumb, and a side bar on a
// wide screen (docs/admin.md, "Views"). Plain links: each view is a URL.

const icons: Record<AdminView, string> = {
  today:
    'M12 3v2m0 14v2M5.6 5.6l1.4 1.4m10 10 1.4 1.4M3 12h2m14 0h2M5.6 18.4 7 17m10-10 1.4-1.4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  people:
    'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM21 19v-1a4 4 0 0 0-3-3.9M15.5 3.1a3.5 3.5 0 0 1 0 6.8',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4m8-4v4',
  money: 'M3 6h18v12H3zM12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM6 9v.01M18 15v.01',
  blog: 'M5 4h10l4 4v12H5zM14 4v5h5M8 13h8m-8 4h6',
  settings:
    'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
};

export function AdminNav({ current, badges }: { current: AdminView; badges?: Partial<Record<AdminView, number>> }) {
  return (
    <nav className="adm-nav" aria-label="Admin areas">
      <ul role="list">
        {adminViews.map((view) => {
          const badge = badges?.[view.id] ?? 0;
          return (
            <li key={view.id}>
              <a
                href={viewHref(view.id)}
                className="adm-nav-link"
                aria-current={current === view.id ? 'page' : undefined}
                data-view={view.id}
              >
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path
                    d={icons[view.id]}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <span className="adm-nav-label">{view.label}</span>
                {badge > 0 ? (
                  <span className="adm-nav-badge">
                    {badge > 99 ? '99+' : badge}
                    <span className="visually-hidden"> waiting</span>
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
