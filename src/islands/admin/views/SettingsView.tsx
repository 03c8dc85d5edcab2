import { GoogleCalendarPanel } from '../googleCalendar/GoogleCalendarPanel';
import { NotificationsPanel } from '../notifications/NotificationsPanel';
import { PrivacyPanel } from '../privacy/PrivacyPanel';

/** Settings (docs/admin.md, "Settings"): notifications and what failed, Google Calendar, privacy, sign-in keys. */
export function SettingsView() {
  return (
    <div className="adm-view-stack">
      <NotificationsPanel />
      <GoogleCalendarPanel />
      <PrivacyPanel />
      <section className="adm-panel">
        <h2>Passkeys</h2>
        <p className="adm-panel-note">Sign in with your phone's fingerprint or face instead of the password.</p>
        <a className="btn btn-outline adm-btn-sm" href="/admin/passkeys">
          Manage passkeys
        </a>
      </section>
    </div>
  );
}
