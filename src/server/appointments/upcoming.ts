import { createHash } from 'node:crypto';
import { business } from '../../lib/business';
import { mailboxOf } from '../../lib/people/mailbox';
import type { Appointment } from '../../lib/schemas/appointment';
import { z } from '../../lib/schemas/zod';
import { describeSlotIst } from '../../lib/schedule/slotDays';
import { HttpError, conflict } from '../http/errors';
import { phoneKey } from '../indexes/search/personKeys';
import { readForUpdate } from '../storage/atomicJson';
import { blobCall } from '../storage/blobs';
import { appointmentStore, readAppointment, slotHolder, slotKey } from '../booking';

// One upcoming call per phone number and per mailbox (one client had booked
// every free slot of two weeks). Each booked call claims
//   upcoming/phone-{hash}    its phone's last 10 digits (phoneKey)
//   upcoming/mailbox-{hash}  its e-mail's mailbox (mailboxOf: case, +tag, Gmail dots)
// with a create-only write, so of two bookings for one person on any number of instances
// one gets the claim. A claim is never deleted once its call is booked: a claim whose call
// is cancelled, over or gone simply no longer counts, and the next booking takes it over
// with a conditional write (onlyIfMatch), so no delete can race a take-over.

export interface Visitor {
  phone: string;
  email?: string | null | undefined;
}

const claimSchema = z.object({ appointmentId: z.string(), at: z.string() });
type Claim = z.infer<typeof claimSchema>;

type ClaimKind = 'phone' | 'mailbox';

const hashed = (kind: ClaimKind, value: string) =>
  createHash('sha256').update(`${kind}\0${value}`).digest('hex').slice(0, 40);

/** The claim keys of a visitor: their phone and, when they gave one, their mailbox. */
export function upcomingKeys(visitor: Visitor): Array<{ kind: ClaimKind; key: string }> {
  const keys: Array<{ kind: ClaimKind; key: string }> = [];
  const phone = phoneKey(visitor.phone);
  if (phone) keys.push({ kind: 'phone', key: `upcoming/phone-${hashed('phone', phone)}` });
  const mailbox = mailboxOf(visitor.email);
  if (mailbox) keys.push({ kind: 'mailbox', key: `upcoming/mailbox-${hashed('mailbox', mailbox)}` });
  return keys;
}

/** A claim this young whose call does not hold its slot yet belongs to a booking still under way. */
const IN_FLIGHT_MS = 60_000;

/**
 * "You already have a call": the time, and how the visitor changes it. Never the manage
 * link itself: anyone can type another person's phone number.
 */
export class AlreadyBookedError extends HttpError {
  constructor(call: Appointment, kind: ClaimKind) {
    super(
      409,
      `${kind === 'phone' ? 'This phone number' : 'This e-mail address'} already has a call booked for ${describeSlotIst(call.start)}; ` +
        'there is one upcoming call per person. To move or cancel it, use the Move or cancel link in its confirmation e-mail ' +
        `(or on the page where you booked it), or call ${business.contact.phone}.`,
    );
  }
}

/** The upcoming call a claim stands for, or null when the claim no longer counts. */
async function standingCall(claim: Claim, now: Date): Promise<Appointment | null> {
  const call = claim.appointmentId ? await readAppointment(claim.appointmentId) : null;
  if (!call || call.status !== 'confirmed' || Date.parse(call.end) <= now.getTime()) return null;
  if ((await slotHolder(slotKey(Date.parse(call.start)))) === call.id) return call;
  // Stored but not holding its slot: a booking under way, or one whose request died.
  return now.getTime() - Date.parse(claim.at) < IN_FLIGHT_MS ? call : null;
}

async function readClaim(key: string) {
  const found = await readForUpdate(appointmentStore(), key);
  if (!found) return null;
  const parsed = claimSchema.safeParse(found.data);
  // Unreadable: a claim that counts for nobody, replaced like a cancelled call's.
  return {
    claim: parsed.success ? parsed.data : { appointmentId: '', at: new Date(0).toISOString() },
    etag: found.etag,
  };
}

/** 409 when the visitor has an upcoming call already (a check before anything is stored; the claim decides). */
export async function refuseIfBooked(visitor: Visitor, now: Date): Promise<void> {
  for (const { kind, key } of upcomingKeys(visitor)) {
    const found = await readClaim(key);
    const call = found ? await standingCall(found.claim, now) : null;
    if (call) throw new AlreadyBookedError(call, kind);
  }
}

/** Takes one claim for `appointmentId`; the call that holds it when another does. */
async function claimOne(key: string, appointmentId: string, now: Date): Promise<Appointment | null> {
  const store = appointmentStore();
  const claim: Claim = { appointmentId, at: now.toISOString() };
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const { modified } = await blobCall(() => store.setJSON(key, claim, { onlyIfNew: true }));
    if (modified) return null;
    const found = await readClaim(key);
    if (!found) continue;
    if (found.claim.appointmentId === appointmentId) return null;
    const call = await standingCall(found.claim, now);
    if (call) return call;
    const { modified: tookOver } = await blobCall(() => store.setJSON(key, claim, { onlyIfMatch: found.etag }));
    if (tookOver) return null;
  }
  throw conflict('A call is being booked for these details right now. Please try again in a minute.');
}

/**
 * Claims the visitor's phone and mailbox for a stored call (before its slot is taken), or
 * throws 409 naming the call that has them. Claims taken before a refusal are given back.
 */
export async function claimUpcoming(visitor: Visitor, appointmentId: string, now: Date): Promise<void> {
  const taken: string[] = [];
  for (const { kind, key } of upcomingKeys(visitor)) {
    let holder: Appointment | null;
    try {
      holder = await claimOne(key, appointmentId, now);
    } catch (error) {
      await releaseClaims(taken, appointmentId);
      throw error;
    }
    if (holder) {
      await releaseClaims(taken, appointmentId);
      throw new AlreadyBookedError(holder, kind);
    }
    taken.push(key);
  }
}

/**
 * Gives back the claims of a call that did not come about. Safe while its record is still
 * stored and young: until then nobody else may take the claim over, so the delete removes
 * only this call's claim.
 */
export async function releaseUpcoming(visitor: Visitor, appointmentId: string): Promise<void> {
  await releaseClaims(
    upcomingKeys(visitor).map(({ key }) => key),
    appointmentId,
  );
}

async function releaseClaims(keys: readonly string[], appointmentId: string): Promise<void> {
  const store = appointmentStore();
  await Promise.all(
    keys.map(async (key) => {
      const found = await readClaim(key);
      if (found?.claim.appointmentId === appointmentId) await blobCall(() => store.delete(key));
    }),
  );
}
