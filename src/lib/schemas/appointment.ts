import { business } from '../business';
import { minutesOfClock } from '../schedule/istClock';
import { z } from './zod';
import { attributionField } from './attribution';
import { background } from './callRequest';
import { emailAddress, honeypot, personName, phoneNumber } from './fields';
import { whatsappConsentField, whatsappOptInField } from '../whatsappConsent';

// Discovery calls booked on the site itself (docs/scheduling.md): the owner's availability,
// the appointments and the requests that make and change them.

export const SLOT_TIME_ZONE = 'Asia/Kolkata';
export const SLOT_MINUTES = business.promises.calendarSlotMinutes;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour)');
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a real date');

/** One weekday's hours in IST, or null for a day off. */
export const dayHoursSchema = z
  .object({ open: clock, close: clock })
  .refine((hours) => minutesOfClock(hours.close) - minutesOfClock(hours.open) >= SLOT_MINUTES, {
    message: `Close at least ${SLOT_MINUTES} minutes after opening`,
    path: ['close'],
  })
  .nullable();

/** How far ahead the owner may open the calendar (days). */
export const MAX_HORIZON_DAYS = 60;

/** The owner's availability; `weekly[0]` is Sunday, as Date.getUTCDay() counts. */
export const availabilitySchema = z.object({
  weekly: z.array(dayHoursSchema).length(7, 'Give the hours of all seven weekdays'),
  bufferMinutes: z.number({ error: 'Buffer must be a number' }).int().min(0).max(120),
  noticeHours: z.number({ error: 'Minimum notice must be a number' }).int().min(0).max(168),
  horizonDays: z.number({ error: 'Horizon must be a number' }).int().min(1).max(MAX_HORIZON_DAYS),
  blockedDates: z.array(isoDate).max(366, 'At most 366 blocked dates'),
});
export type Availability = z.infer<typeof availabilitySchema>;

const { weekdays, open, close } = business.contact.businessHours;
/** The business hours, the callback promise as notice, two weeks ahead (docs/scheduling.md). */
export const defaultAvailability: Availability = {
  weekly: Array.from({ length: 7 }, (_, day) =>
    (weekdays as readonly number[]).includes(day) ? { open, close } : null,
  ),
  bufferMinutes: 0,
  noticeHours: business.promises.callbackAfterCallHours,
  horizonDays: 14,
  blockedDates: [],
};

export const slotSchema = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof slotSchema>;

export interface SlotsAnswer {
  timeZone: typeof SLOT_TIME_ZONE;
  slotMinutes: number;
  slots: Slot[];
}

/** GET /api/slots?days=14; `kind=session` lists a paid session's starts (src/lib/schemas/client.ts adds its `minutes`). */
export const slotsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'At least 1 day')
    .max(60, 'At most 60 days')
    .optional(),
  kind: z.enum(['call', 'session'], { error: 'Kind must be call or session' }).default('call'),
});

const slotStart = z.iso.datetime({ offset: true, error: 'Start must be an ISO 8601 time with its offset' });

/** POST /api/appointments: for the booking just made, or with the details to make one. */
export const appointmentRequestSchema = z.union([
  z.strictObject({
    start: slotStart,
    bookingId: z.string().regex(/^\d{13}-[0-9a-f]{10}$/, 'Unknown booking'),
    ...attributionField,
    ...honeypot,
  }),
  z.strictObject({
    start: slotStart,
    name: personName,
    phone: phoneNumber,
    email: emailAddress.optional(),
    background: background.optional(),
    ...attributionField,
    ...whatsappOptInField,
    ...honeypot,
  }),
]);
export type AppointmentRequest = z.infer<typeof appointmentRequestSchema>;

export const appointmentStatuses = ['confirmed', 'cancelled'] as const;

export const sessionOutcomes = ['held', 'no-show'] as const;
export type SessionOutcome = (typeof sessionOutcomes)[number];

/**
 * What makes an appointment a paid session: whose it is, and every slot key it holds (a
 * session covers several grid starts; the calendar's clean-up keeps exactly these).
 */
export const sessionPartSchema = z.object({
  clientId: z.string(),
  packageName: z.string(),
  minutes: z.number().int().positive(),
  slotKeys: z.array(z.string()).min(1).max(24),
  outcome: z.enum(sessionOutcomes).nullable(),
  /** The owner's private note on the outcome: never shown to the client. */
  note: z.string().max(1000).nullable(),
});

/** A stored appointment. `version` changes with every change (the invite's and the reminders' key). */
export const appointmentSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(appointmentStatuses),
  sequence: z.number().int().min(0),
  version: z.string(),
  /**
   * The versions before this one, newest first: what was sent about the call before a move or
   * a cancel is filed under the version it was about (at most MAX_EARLIER_VERSIONS kept).
   */
  earlierVersions: z.array(z.string()).max(12).optional(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  cancelledBy: z.enum(['visitor', 'owner']).nullable(),
  /** Set on a client's paid session; a discovery call has none. */
  session: sessionPartSchema.optional(),
  /** The WhatsApp consent of the booking the call was made for, copied so reminders need no second read. */
  ...whatsappConsentField,
  /** When the visitor pressed Confirm on a WhatsApp confirmation or reminder; cleared by a move. */
  visitorConfirmedAt: z.string().optional(),
  /** A discovery call's outcome, marked by the owner once it has started; a session's is in `session`. Cleared by a move. */
  outcome: z.enum(sessionOutcomes).optional(),
  /** The booking's lead source (source and medium, as What converts keys them), so a call is counted without reading its booking. */
  leadSource: z.string().max(200).optional(),
  /**
   * The video link of an online session: the Google Meet link of its calendar event once the
   * owner's calendar answered one (docs/decisions/0043-google-calendar-and-online-sessions.md).
   */
  meetingUrl: z
    .url({ protocol: /^https$/ })
    .max(500)
    .optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** Earlier versions an appointment remembers: more than the messages one appointment may have (decision 34). */
export const MAX_EARLIER_VERSIONS = 12;

/** A new version of an appointment, remembering the one it replaces (pure). */
export function nextVersion(
  appointment: Appointment,
  version: string,
): Pick<Appointment, 'version' | 'earlierVersions'> {
  return {
    version,
    earlierVersions: [appointment.version, ...(appointment.earlierVersions ?? [])].slice(0, MAX_EARLIER_VERSIONS),
  };
}

/** Every version an appointment has had, the current first. */
export const versionsOf = (appointment: Appointment) => [appointment.version, ...(appointment.earlierVersions ?? [])];

export const appointmentIdSchema = z
  .string({ error: 'Appointment id is required' })
  .regex(/^\d{13}-[0-9a-f]{10}$/, 'Unknown appointment');
/** A booking's id, as a free call request's pick-a-time link names it (/pick-a-time/{bookingId}?token=). */
export const bookingIdSchema = z
  .string({ error: 'Booking id is required' })
  .regex(/^\d{13}-[0-9a-f]{10}$/, 'Unknown booking');

/** POST /api/admin/appointments/{id}/outcome: a call (or session) that has started was held or missed. */
export const appointmentOutcomeSchema = z.strictObject({
  outcome: z.enum(sessionOutcomes, { error: 'Outcome must be held or no-show' }),
});

export interface AppointmentOutcomeAnswer {
  appointment: Appointment;
}

/** What a visitor sees of their appointment. */
export interface PublicAppointment {
  id: string;
  bookingId: string;
  start: string;
  end: string;
  status: Appointment['status'];
  manageUrl: string;
}

/** GET/POST /api/appointments/{id}/...?token= */
export const manageQuerySchema = z.object({
  token: z.string({ error: 'Token is required' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid token'),
});
export const rescheduleSchema = z.strictObject({ start: slotStart });

/** The most IST dates one admin listing covers (a quarter). */
export const MAX_RANGE_DATES = 92;
export const RANGE_YEARS = { first: 2000, last: 2100 } as const;

/** A date the calendar can hold: years 2000-2100 (beyond 9999 a date is no longer YYYY-MM-DD, and sorts wrongly). */
const calendarDate = isoDate.refine((value) => {
  const year = Number(value.slice(0, 4));
  return year >= RANGE_YEARS.first && year <= RANGE_YEARS.last;
}, `Use a date in the years ${RANGE_YEARS.first}-${RANGE_YEARS.last}`);

/** The IST dates of a range, both ends included. */
export const datesInRange = (range: { from: string; to: string }) =>
  Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;

/** GET /api/admin/appointments?from=&to= (IST dates, both included, at most 92 of them) */
export const appointmentRangeSchema = z
  .object({ from: calendarDate, to: calendarDate })
  .refine((range) => range.from <= range.to, { message: 'From must not be after to', path: ['to'] })
  .refine((range) => datesInRange(range) <= MAX_RANGE_DATES, {
    message: `At most ${MAX_RANGE_DATES} days at a time`,
    path: ['to'],
  });

/** GET /api/admin/appointments?bookingId= */
export const bookingAppointmentQuerySchema = z.object({
  bookingId: z.string().regex(/^\d{13}-[0-9a-f]{10}$/, 'Unknown booking'),
});

/** POST /api/admin/appointments/cancel-by-phone: every upcoming call of one phone number. */
export const cancelByPhoneSchema = z.strictObject({ phone: phoneNumber });

export interface CancelByPhoneAnswer {
  cancelled: number;
  /** Calls changed at the same moment, left as they are. */
  failed: number;
}

/** The visitor's manage page: what they may still do. */
export interface ManageAnswer {
  appointment: PublicAppointment;
  /** False within `rescheduleNoticeHours` of the call, or once it is cancelled. */
  changeable: boolean;
}

/** What a follow-up event carries for a change of an appointment: the messages to send. */
export const appointmentNoticeSchema = z.object({
  change: z.enum(['booked', 'moved', 'cancelled']),
  by: z.enum(['visitor', 'owner']),
  appointment: appointmentSchema,
  previousStart: z.string().nullable(),
});
export type AppointmentNotice = z.infer<typeof appointmentNoticeSchema>;

/** A WhatsApp message sent about a call, with its last status from Meta's webhook. */
export interface CallWhatsAppMessage {
  /** The notification kind it was sent for (appointment-booked, appointment-reminder-day, ...), or 'reply'. */
  purpose: string | null;
  status: 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';
  at: string;
  errorCode: number | null;
}

/** A call as the owner's list has it: with its WhatsApp messages' last statuses while WhatsApp is on. */
export type AdminAppointment = Appointment & { whatsappMessages?: CallWhatsAppMessage[] };

export interface AdminAppointmentsAnswer {
  items: AdminAppointment[];
}

export interface AvailabilityAnswer {
  availability: Availability;
  updatedAt: string | null;
  timeZone: typeof SLOT_TIME_ZONE;
  slotMinutes: number;
}

export interface CalendarFeedAnswer {
  url: string;
}
