import { z } from './zod';
import type { AdminBrief } from './brief';
import { SESSION_LENGTHS } from '../packageCatalogue';
import {
  type Slot,
  appointmentIdSchema,
  type SessionOutcome,
  manageQuerySchema,
  sessionOutcomes,
  slotsQuerySchema,
} from './appointment';

// The client space: a client per captured payment, the sessions they bought,
// booked into the one calendar through a signed link. The contract between the client-space
// API, the admin's Clients panel and their islands.

const recordId = z.string().regex(/^\d{13}-[0-9a-f]{10}$/, 'Unknown client');

/** The most seats a client record holds at once: far above the sessions any package or request sells. */
export const MAX_SEATS = 200;

/** A stored client: one per captured payment, under the payment record's id. */
export const clientSchema = z.object({
  paymentId: recordId,
  packageId: z.string().nullable(),
  packageName: z.string().min(1),
  sessionsTotal: z.number().int().min(0),
  sessionMinutes: z.number().int().positive(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  /** Sessions that use one of those bought (booked, held or missed); a cancel gives its seat back. */
  seats: z.array(z.string()).max(MAX_SEATS),
  /**
   * Sessions booked before every session was listed in the client's own index
   * (src/server/clients/sessionIndex.ts): read beside it, never written again.
   */
  history: z.array(z.string()).optional(),
  /** A full refund ends the client's sessions: none left to book. */
  endedAt: z.string().nullable(),
});
export type ClientData = z.infer<typeof clientSchema>;

export const clientIdSchema = recordId;
export const clientParamsSchema = z.object({ id: clientIdSchema });
export const clientSessionParamsSchema = z.object({ id: clientIdSchema, session: appointmentIdSchema });
export const clientTokenQuerySchema = manageQuerySchema;

/** POST .../sessions and .../sessions/{id}/move (the client's), and the owner's /api/admin/sessions/{id}/move */
export const sessionStartSchema = z.strictObject({
  start: z.iso.datetime({ offset: true, error: 'Start must be an ISO 8601 time with its offset' }),
});

/** GET /api/slots?kind=session&minutes= (default: the longest session). */
export const sessionSlotsQuerySchema = slotsQuerySchema.extend({
  minutes: z.coerce
    .number({ error: 'Minutes must be a number' })
    .refine((value) => SESSION_LENGTHS.includes(value), `Minutes must be one of ${SESSION_LENGTHS.join(', ')}`)
    .optional(),
});

export const sessionStatuses = ['booked', 'cancelled', ...sessionOutcomes] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

/** A session as its client sees it. */
export interface ClientSession {
  id: string;
  start: string;
  end: string;
  status: SessionStatus;
  /** Whether the client may still move or cancel it online. */
  changeable: boolean;
  /** Where a booked session is held online (docs/scheduling.md, "The meeting link"); null by phone, or once over or cancelled. */
  meetingUrl: string | null;
}

export interface ClientInvoice {
  id: string;
  label: string;
  date: string;
  url: string;
}

/** A payment as its client sees it: Razorpay's payment id, which a bank statement shows too. */
export interface ClientPayment {
  razorpayPaymentId: string | null;
  amountPaise: number;
  paidAt: string;
  status: 'paid' | 'partly-refunded' | 'refunded';
}

/**
 * A refund as its client sees it, once Razorpay has taken it (a refund still being asked for is not
 * listed): pending until Razorpay's webhook says processed or failed; `at` is when it settled, or
 * when it was asked for while pending.
 */
export interface ClientRefund {
  refundId: string | null;
  amountPaise: number;
  at: string;
  status: 'pending' | 'processed' | 'failed';
}

/** What the client paid and got back (src/server/refunds/statement.ts). */
export interface ClientMoney {
  payments: ClientPayment[];
  refunds: ClientRefund[];
  paidPaise: number;
  /** Processed refunds only. */
  refundedPaise: number;
  /** Refunds Razorpay has taken and not yet settled. */
  pendingPaise: number;
  /** Paid less the processed refunds. */
  netPaidPaise: number;
}

export interface ClientSpaceAnswer {
  client: {
    name: string;
    packageName: string;
    sessionsTotal: number;
    sessionsLeft: number;
    sessionMinutes: number;
    /** The payment was refunded in full: no session is left to book. */
    ended: boolean;
  };
  sessions: ClientSession[];
  invoices: ClientInvoice[];
  money: ClientMoney;
  /** The hours before a session until which it can be changed online. */
  changeNoticeHours: number;
  /** Whether a session booked now is held online (it gets a link to join). */
  sessionsOnline: boolean;
  /** The change rule and the money-back guarantee, as src/lib/sessionRules.ts states them. */
  rules: string[];
}

export interface SessionAnswer {
  session: ClientSession;
}

/** POST /api/admin/sessions/{id}/outcome */
export const sessionOutcomeSchema = z.strictObject({
  outcome: z.enum(sessionOutcomes, { error: 'Outcome must be held or no-show' }),
  note: z.string().trim().max(1000, 'At most 1000 characters').optional(),
});
export type SessionOutcomeRequest = z.infer<typeof sessionOutcomeSchema>;

/** A row of the owner's Clients panel. */
export interface AdminClient {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  packageName: string;
  sessionsTotal: number;
  /** Held sessions only (src/lib/sessionCounts.ts): a booked one is not used yet. */
  sessionsUsed: number;
  /** Booked and not yet marked held or missed. */
  sessionsBooked: number;
  /** Marked as a no-show. */
  sessionsMissed: number;
  sessionsLeft: number;
  /** How long each of their sessions is. */
  sessionMinutes: number;
  nextSession: Slot | null;
  createdAt: string;
  endedAt: string | null;
  /** The client's answers before their first session, beside their sessions (docs/client-space.md). */
  brief: AdminBrief;
}

export interface AdminClientsAnswer {
  items: AdminClient[];
  nextCursor: string | null;
  total: number;
}

/** POST /api/admin/sessions/{id}/move: the session at its new time. */
export interface SessionMoveAnswer {
  session: { id: string; start: string; end: string };
}

export interface SessionOutcomeAnswer {
  session: { id: string; outcome: SessionOutcome; note: string | null };
}
