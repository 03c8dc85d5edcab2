import { TodoPanel } from '../todo/TodoPanel';
import { UpcomingCalls } from '../schedule/UpcomingCalls';
import { Attention } from './Attention';
import { MoneyToday } from './MoneyToday';
import { NewSinceLastVisit } from './NewSinceLastVisit';

/** What to do today, in the order the owner works it (docs/admin.md, "Today"). */
export function TodayView() {
  return (
    <div className="adm-view-stack">
      <Attention />
      <TodoPanel />
      <UpcomingCalls />
      <NewSinceLastVisit />
      <MoneyToday />
    </div>
  );
}
