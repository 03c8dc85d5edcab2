import { useId } from 'react';
import { AvailabilityForm } from './AvailabilityForm';
import { CalendarFeed } from './CalendarFeed';
import './schedule.css';

/** The Calendar view's hours: when visitors may book, and the owner's calendar feed. */
export function SchedulePanel() {
  const hoursId = useId();
  const feedId = useId();
  return (
    <div className="adm-schedule">
      <section className="adm-panel" aria-labelledby={hoursId}>
        <div className="adm-panel-head">
          <h2 id={hoursId}>When visitors can book a call</h2>
        </div>
        <p className="adm-panel-note">
          30-minute calls inside these hours, in India time. Calls already booked stay where they are.
        </p>
        <AvailabilityForm />
      </section>
      <section className="adm-panel" aria-labelledby={feedId}>
        <div className="adm-panel-head">
          <h2 id={feedId}>Your calendar</h2>
        </div>
        <CalendarFeed />
      </section>
    </div>
  );
}
