import { ClientsPanel } from '../clients/ClientsPanel';
import { SchedulePanel } from '../schedule/SchedulePanel';
import { UpcomingCalls } from '../schedule/UpcomingCalls';

/** Calendar (docs/admin.md, "Calendar"): the week's calls and sessions, clients' packages, your hours. */
export function CalendarView() {
  return (
    <div className="adm-view-stack">
      <UpcomingCalls />
      <ClientsPanel />
      <SchedulePanel />
    </div>
  );
}
