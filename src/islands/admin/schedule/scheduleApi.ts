import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminAppointment,
  AdminAppointmentsAnswer,
  Appointment,
  AppointmentOutcomeAnswer,
  Availability,
  AvailabilityAnswer,
  CalendarFeedAnswer,
  CancelByPhoneAnswer,
  SessionOutcome,
  SlotsAnswer,
} from '../../../lib/schemas/appointment';
import { addDays, istDateOf } from '../../../lib/schedule/istClock';
import { adminRequest } from '../api/request';

// The owner's calendar calls (docs/scheduling.md), beside the dashboard's other API files but
// in this folder, so the schedule is one piece.

export const scheduleKeys = {
  all: ['schedule'] as const,
  range: (from: string, to: string) => ['schedule', 'appointments', from, to] as const,
  availability: () => ['schedule', 'availability'] as const,
  feed: () => ['schedule', 'feed'] as const,
  slots: () => ['schedule', 'slots'] as const,
};

export async function appointmentsBetween(from: string, to: string, signal?: AbortSignal): Promise<AdminAppointment[]> {
  const params = new URLSearchParams({ from, to });
  return (
    await adminRequest<AdminAppointmentsAnswer>('GET', `/api/admin/appointments?${params}`, signal ? { signal } : {})
  ).data.items;
}

/** Today and the six days after it, in IST: the dashboard's "this week". */
export function thisWeek(now: Date = new Date()): { from: string; to: string } {
  const from = istDateOf(now.getTime());
  return { from, to: addDays(from, 6) };
}

/** A week back and the booking horizon ahead: every call a booking card may show. */
export function cardRange(now: Date = new Date()): { from: string; to: string } {
  const today = istDateOf(now.getTime());
  return { from: addDays(today, -7), to: addDays(today, 54) };
}

export const appointmentsQuery = ({ from, to }: { from: string; to: string }) =>
  queryOptions({
    queryKey: scheduleKeys.range(from, to),
    queryFn: ({ signal }) => appointmentsBetween(from, to, signal),
    staleTime: 30_000,
  });

export const availabilityQuery = () =>
  queryOptions({
    queryKey: scheduleKeys.availability(),
    queryFn: async ({ signal }) =>
      (await adminRequest<AvailabilityAnswer>('GET', '/api/admin/availability', { signal })).data,
  });

export async function saveAvailability(availability: Availability): Promise<AvailabilityAnswer> {
  return (await adminRequest<AvailabilityAnswer>('PUT', '/api/admin/availability', { body: availability })).data;
}

export const feedQuery = () =>
  queryOptions({
    queryKey: scheduleKeys.feed(),
    queryFn: async ({ signal }) =>
      (await adminRequest<CalendarFeedAnswer>('GET', '/api/admin/calendar-feed', { signal })).data,
  });

export async function rotateFeed(): Promise<CalendarFeedAnswer> {
  return (await adminRequest<CalendarFeedAnswer>('POST', '/api/admin/calendar-feed/rotate', { body: {} })).data;
}

export async function freeSlots(): Promise<SlotsAnswer> {
  const response = await fetch('/api/slots', { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`The free times could not be loaded (${response.status}).`);
  return (await response.json()) as SlotsAnswer;
}

export async function cancelCall(id: string): Promise<Appointment> {
  return (
    await adminRequest<{ appointment: Appointment }>(
      'POST',
      `/api/admin/appointments/${encodeURIComponent(id)}/cancel`,
      { body: {} },
    )
  ).data.appointment;
}

/** Cancels every upcoming call of one phone number (a visitor who took many times). */
export async function cancelCallsOfPhone(phone: string): Promise<CancelByPhoneAnswer> {
  return (
    await adminRequest<CancelByPhoneAnswer>('POST', '/api/admin/appointments/cancel-by-phone', { body: { phone } })
  ).data;
}

export async function moveCall(id: string, start: string): Promise<Appointment> {
  return (
    await adminRequest<{ appointment: Appointment }>('POST', `/api/admin/appointments/${encodeURIComponent(id)}/move`, {
      body: { start },
    })
  ).data.appointment;
}

/** The owner marks a call that has started held or a no-show. */
export async function markCall(id: string, outcome: SessionOutcome): Promise<Appointment> {
  return (
    await adminRequest<AppointmentOutcomeAnswer>('POST', `/api/admin/appointments/${encodeURIComponent(id)}/outcome`, {
      body: { outcome },
    })
  ).data.appointment;
}

/** After a change, every list of calls is read again. */
export function callsChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: scheduleKeys.all });
}
